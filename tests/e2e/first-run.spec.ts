/**
 * A new owner makes the site theirs in one sitting: they sign in and land on the dashboard, which
 * leads with the setup checklist; on the setup page they enter their name and business and upload
 * their logo; every public page then names them and the header shows the logo. On a laptop and on
 * a phone; they reorder the header's menu with the Move up and Move down buttons. It changes what every page shows, so it runs in its own project after the others
 * (playwright.config.ts), one test at a time, and puts the settings back.
 */
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { expect, expectToast, signInApi, signInAsAdmin, test } from './support/fixtures.ts'
import { E2E_ADMIN } from './support/e2e-env.ts'

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
      // The specification's landing after a sign-in without ?redirect=.
      await expect(page).toHaveURL('/')
      await page.goto('/admin/dashboard')
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
      await expect(
        form.getByRole('group', { name: 'Your logo' }).getByLabel('Your logo path'),
      ).toHaveValue(/^\/uploads\//)
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
