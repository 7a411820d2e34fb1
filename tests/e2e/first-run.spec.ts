/**
 * A new owner makes the site theirs in one sitting: they sign in and land on the dashboard, which
 * leads with the setup checklist; on the setup page they enter their name and business and upload
 * their logo; every public page then names them and the header shows the logo. On a laptop and on
 * a phone; they reorder the header's menu with the Move up and Move down buttons. It changes what every page shows, so it runs in its own project after the others
 * (playwright.config.ts), one test at a time, and puts the settings back.
 */
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import {
  expect,
  expectToast,
  screenshotBoth,
  signInApi,
  signInAsAdmin,
  test,
} from './support/fixtures.ts'
import { E2E_ADMIN } from './support/e2e-env.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const LOGO = path.join(ROOT_DIR, 'tests', 'fixtures', 'image.png')

let original: SiteSettings

async function adminHeaders(request: APIRequestContext) {
  const session = await signInApi(request, E2E_ADMIN.email, E2E_ADMIN.password)
  return { authorization: `Bearer ${session.token}` }
}

test.beforeAll(async ({ request }) => {
  // The admin's copy: the public one leaves the billing details out, and saving it would erase them.
  original = (await (
    await request.get('/api/settings', { headers: await adminHeaders(request) })
  ).json()) as SiteSettings
})

test.afterAll(async ({ request }) => {
  const res = await request.put('/api/settings', {
    headers: await adminHeaders(request),
    data: original,
  })
  expect(res.status()).toBe(200)
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${viewport.width} px: sign in, set up, and the site names the owner and shows their logo`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const id = randomUUID().slice(0, 6)
    const ownerName = `Sam Okafor ${id}`
    const businessName = `Okafor Digital ${id}`

    await test.step('after signing in, the dashboard leads with the setup', async () => {
      await page.goto('/signin')
      await page.getByLabel('Email').fill(E2E_ADMIN.email)
      await page.getByLabel('Password').fill(E2E_ADMIN.password)
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      // An admin who signs in without ?redirect= lands on the dashboard.
      await expect(page).toHaveURL('/admin/dashboard')
      await expect(
        page.getByRole('heading', { level: 2, name: 'Make the site yours' }),
      ).toBeVisible()
      await page.getByRole('link', { name: 'Continue setting up' }).click()
      await expect(page).toHaveURL('/admin/setup')
      await expect(page.getByRole('heading', { level: 1, name: 'Set up your site' })).toBeVisible()
    })

    await test.step('the owner enters their names and uploads their logo', async () => {
      const form = page.getByRole('form', { name: 'Set up your site' })
      await form.getByLabel('Your name').fill(ownerName)
      await form.getByLabel('Business name').fill(businessName)
      await form
        .getByRole('group', { name: 'Your logo' })
        .getByLabel('Upload an image')
        .setInputFiles(LOGO)
      await expectToast(page, 'Image uploaded successfully')
      // The brand kit shows the logo itself, not its path.
      await expect(
        form
          .getByRole('group', { name: 'Your logo' })
          .getByRole('img', { name: 'Preview of your logo' }),
      ).toHaveAttribute('src', /^\/uploads\//)
      await expect(form.getByRole('group', { name: 'Your logo' }).getByRole('textbox')).toHaveCount(
        0,
      )
      await form.getByRole('button', { name: 'Save and show on the site' }).click()
      await expectToast(page, 'Your site is updated')
      await expect(
        page
          .getByRole('list', { name: 'Setup steps' })
          .getByRole('listitem')
          .filter({ hasText: 'Your logo' }),
      ).toContainText('(done)')
    })

    await test.step('the public pages name the owner and the header shows the logo', async () => {
      await page.goto('/')
      const banner = page.getByRole('banner')
      const home = banner.getByRole('link', { name: businessName })
      await expect(home).toBeVisible()
      await expect(home.locator('img[src^="/uploads/"]')).toBeVisible()
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
        'href',
        /^\/brand\/.+-32\.png$/,
      )
      await expect(page.getByRole('main')).toContainText(`I’m ${ownerName}`)
      await expect(page.getByText('Alex Rivera')).toHaveCount(0)
      // The footer carries the logo too, not the site's default mark.
      await expect(page.getByRole('contentinfo').locator('img[src^="/uploads/"]')).toBeVisible()

      await page.goto('/about')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, I’m ${ownerName}`)
      await expect(page.getByRole('main')).toContainText(`I run ${businessName}`)
    })
  })
}

test('moving menu items in the setup form reorders the public header', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInAsAdmin(page, request)
  await page.goto('/admin/setup')
  const form = page.getByRole('form', { name: 'Set up your site' })
  await expect(form.getByRole('button', { name: 'Move About Us up' })).toBeDisabled()

  await form.getByRole('button', { name: 'Move Portfolio up' }).click()
  // Portfolio is now first: its Up button is disabled, and the focus stays on the row.
  await expect(form.getByRole('button', { name: 'Move Portfolio up' })).toBeDisabled()
  await expect(form.getByRole('button', { name: 'Move Portfolio down' })).toBeFocused()

  // A child moves among its own group, from the keyboard.
  await form.getByRole('button', { name: 'Move About down' }).focus()
  await page.keyboard.press('Enter')
  await expect(form.getByRole('button', { name: 'Move About down' })).toBeFocused()
  const labels = form.getByRole('textbox', { name: /^Label for / })
  await expect(labels.nth(0)).toHaveAccessibleName('Label for Portfolio')
  await expect(labels.nth(1)).toHaveAccessibleName('Label for About Us')
  await expect(labels.nth(2)).toHaveAccessibleName('Label for Contact')
  await expect(labels.nth(3)).toHaveAccessibleName('Label for About')

  await form.getByRole('button', { name: 'Save and show on the site' }).click()
  await expectToast(page, 'Your site is updated')

  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' }).first()
  const entries = nav.locator(':scope > a, :scope > details > summary')
  await expect(entries.nth(0)).toHaveText('Portfolio')
  await expect(entries.nth(1)).toHaveText('About Us')
  await nav.getByText('About Us', { exact: true }).click()
  await expect(nav.getByRole('list', { name: 'About Us' }).getByRole('link')).toHaveText([
    'Contact',
    'About',
    'FAQ',
  ])
})

async function putSettings(request: APIRequestContext, patch: Partial<SiteSettings>) {
  const current = (await (await request.get('/api/settings')).json()) as SiteSettings
  const res = await request.put('/api/settings', {
    headers: await adminHeaders(request),
    data: { ...current, ...patch },
  })
  expect(res.status(), await res.text()).toBe(200)
}

const stepOf = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Setup steps' }).getByRole('listitem').filter({ hasText: label })

test.describe('an owner in Chicago', () => {
  test.use({ timezoneId: 'America/Chicago' })

  test("the setup's booking step offers the browser's time zone, and saving it completes the step", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await putSettings(request, { booking: BOOKING_DEFAULTS })
    await signInAsAdmin(page, request)
    await page.goto('/admin/setup')
    const form = page.getByRole('form', { name: 'Set up your site' })
    const booking = form.getByRole('group', { name: 'Booking calls' })
    await expect(stepOf(page, 'Booking calls')).toContainText('(to do)')
    // The first run's UTC is nobody's choice: the browser's zone is offered instead.
    await expect(booking.getByLabel('Time zone')).toHaveValue('America/Chicago')
    await expect(booking.getByLabel('Time zone')).toHaveAccessibleDescription(
      /Filled in from this browser/,
    )
    await booking.getByLabel('Visitors can book a call').check()
    await form.getByRole('button', { name: 'Save and show on the site' }).click()
    await expectToast(page, 'Your site is updated')
    await expect(stepOf(page, 'Booking calls')).toContainText('(done)')

    const saved = ((await (await request.get('/api/settings')).json()) as SiteSettings).booking
    expect(saved).toEqual({ ...BOOKING_DEFAULTS, enabled: true, timeZone: 'America/Chicago' })
    await page.reload()
    await expect(booking.getByLabel('Time zone')).toHaveValue('America/Chicago')
    await expect(booking.getByLabel('Visitors can book a call')).toBeChecked()
  })
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${viewport.width} px the brand kit sets the colour from a preset or its hex code, shows each font pair in its fonts and previews both`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport)
    await putSettings(request, { accentColor: '#174ca8', fontPair: 'system' })
    await signInAsAdmin(page, request)
    await page.goto('/admin/setup')
    const form = page.getByRole('form', { name: 'Set up your site' })
    const colour = form.getByRole('group', { name: 'Brand colour' })
    const hex = colour.getByLabel('Hex code')
    const preview = form.getByRole('group', { name: 'Preview in the dark scheme' })
    const previewButton = preview.getByText('Start a project')
    await expect(hex).toHaveValue('#174ca8')

    await colour.getByRole('button', { name: 'Teal #0f766e' }).click()
    await expect(hex).toHaveValue('#0f766e')
    await expect(colour.getByLabel('Picker')).toHaveValue('#0f766e')
    await expect(colour.getByRole('button', { name: 'Teal #0f766e' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(previewButton).toHaveCSS('background-color', 'rgb(15, 118, 110)')

    // A colour white text cannot be read on is named as such before the save refuses it.
    await hex.fill('#9ae6b4')
    await expect(colour).toContainText('Too light for white text')
    await hex.fill('7E22CE')
    await hex.blur()
    await expect(hex).toHaveValue('#7e22ce')
    await expect(colour).toContainText('White text on it reads well')
    await expect(previewButton).toHaveCSS('background-color', 'rgb(126, 34, 206)')

    // Each pair's specimen is set in its own fonts; the one chosen sets the preview's.
    const fonts = form.getByRole('group', { name: 'Fonts' })
    const fraunces = fonts.getByRole('radio', { name: /^Fraunces and Inter/ })
    await expect(form.locator('[data-specimen="fraunces-inter"]')).toHaveCSS(
      'font-family',
      /Fraunces Variable/,
    )
    await fraunces.check()
    await expect(preview.getByText('Websites that load fast')).toHaveCSS(
      'font-family',
      /Fraunces Variable/,
    )

    // The portrait and logo show as images with no path to type.
    await expect(
      form.getByRole('group', { name: 'Your portrait' }).getByRole('textbox'),
    ).toHaveCount(0)
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0)
    await screenshotBoth(page, 'admin-setup-brand-kit')

    await form.getByRole('button', { name: 'Save and show on the site' }).click()
    await expectToast(page, 'Your site is updated')
    const saved = (await (await request.get('/api/settings')).json()) as SiteSettings
    expect(saved).toMatchObject({ accentColor: '#7e22ce', fontPair: 'fraunces-inter' })
  })
}
