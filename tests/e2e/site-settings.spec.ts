/**
 * The owner runs the site from the admin: settings (the identity and the practice's facts) and FAQ
 * entries saved there show on the public pages at once, without JavaScript too. These change what every page shows, so they run in their
 * own project after every other spec (playwright.config.ts), one at a time, and put things back.
 */
import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { PUBLIC_PAGES } from '#common/public-pages.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { DEMO_SITES } from '#server/first-run/demo-portfolio.ts'
import {
  expect,
  expectNoA11yViolations,
  jsonLdNodesOf,
  newNoJsPage,
  signInApi,
  signInAsAdmin,
  STRONG_PASSWORD,
  test,
  expectToast,
  uniqueEmail,
} from './support/fixtures.ts'
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-env.ts'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

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

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expectToast(page, 'Settings saved successfully')
}

test('a new business name and social links show in the header, footer, JSON-LD and sitemap without JavaScript', async ({
  page,
  request,
  browser,
}) => {
  const businessName = `Harbour ${randomUUID().slice(0, 6)} Works`
  const github = `https://github.com/harbour-${randomUUID().slice(0, 6)}`
  await signInAsAdmin(page, request)
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expectNoA11yViolations(page)

  await page.getByLabel('Business name').fill(businessName)
  await page.getByLabel('GitHub link').fill(github)
  await page.getByLabel('LinkedIn link').fill('')
  await page.getByLabel('Share image path').fill('/images/default.jpg')
  await saveSettings(page)
  // The page's own header follows at once.
  await expect(page.getByRole('banner').getByText(businessName)).toBeVisible()
  // The admin's brand is the business's name, whole and alone: no generic "Admin" beside it.
  const brand = page.getByRole('banner').getByRole('link', { name: businessName, exact: true })
  await expect(brand).toHaveText(businessName)
  const isWhole = await brand
    .locator('[data-shell-brand]')
    .evaluate(
      (name) => name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight,
    )
  expect(isWhole).toBe(true)

  const { context, page: visitor } = await newNoJsPage(browser)
  await visitor.goto('/')
  await expect(visitor).toHaveTitle(new RegExp(businessName))
  await expect(visitor.getByRole('banner').getByRole('link', { name: businessName })).toBeVisible()
  const footer = visitor.getByRole('contentinfo')
  await expect(footer.getByText(businessName).first()).toBeVisible()
  await expect(footer.getByRole('link', { name: /on GitHub/ })).toHaveAttribute('href', github)
  await expect(footer.getByRole('link', { name: /on LinkedIn/ })).toHaveCount(0)
  const [business] = await jsonLdNodesOf<{ '@type': string; name: string; sameAs?: string[] }>(
    visitor,
    'ProfessionalService',
  )
  expect(business?.name).toBe(businessName)
  expect(business?.sameAs).toContain(github)
  expect(business?.sameAs).not.toContain(original.social.linkedin)
  await expect(visitor.locator('meta[property="og:site_name"]')).toHaveAttribute(
    'content',
    businessName,
  )

  await visitor.goto('/about')
  await expect(visitor).toHaveTitle(`About | ${businessName}`)
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/images\/default\.jpg$/,
  )
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toMatch(/<image:loc>[^<]*\/images\/default\.jpg<\/image:loc>/)
  await context.close()
})

test("the practice's facts saved in Settings show in every page's footer, the contact details, the home banner and the JSON-LD", async ({
  page,
  request,
  browser,
}) => {
  // The business was renamed above: the first-run location would no longer show, so the owner
  // gives their own (common/first-run-persona.ts).
  const location = `Halifax ${randomUUID().slice(0, 6)}, Nova Scotia`
  const serviceArea = `Halifax ${randomUUID().slice(0, 6)} and remote clients across Canada`
  const responseTime = `within ${randomUUID().slice(0, 4)} working hours`
  const ownerRole = `Accessibility ${randomUUID().slice(0, 6)} engineer`
  const foundingYear = '2011'
  await signInAsAdmin(page, request)
  await page.goto('/admin/settings')
  await page.getByLabel('Location', { exact: true }).fill(location)
  await page.getByLabel('Service area').fill(serviceArea)
  await page.getByLabel('Response time').fill(responseTime)
  await page.getByLabel('Owner role').fill(ownerRole)
  await page.getByLabel('Founding year').fill(foundingYear)
  await saveSettings(page)
  const { email } = (await (await request.get('/api/settings')).json()) as SiteSettings

  const { context, page: visitor } = await newNoJsPage(browser)
  for (const path of [...PUBLIC_PAGES, `/website/${DEMO_SITES[0]!.slug}`]) {
    await visitor.goto(path)
    await expect(visitor.getByRole('contentinfo').getByText(`${serviceArea}.`)).toBeVisible()
  }

  await visitor.goto('/about')
  const glance = visitor.getByRole('complementary', { name: 'At a glance' })
  await expect(glance.getByRole('term')).toHaveText([
    'Based in',
    'Working with',
    'Independent since',
    'Replies',
    'E-mail',
  ])
  await expect(glance.getByRole('definition')).toHaveText([
    location,
    serviceArea,
    foundingYear,
    responseTime,
    email,
  ])

  await visitor.goto('/contact')
  const reach = visitor.getByRole('complementary', { name: 'Other ways to reach me' })
  await expect(reach.getByRole('term')).toHaveText(['E-mail', 'Based in', 'Working with'])
  await expect(reach.getByRole('definition')).toHaveText([email, location, serviceArea])

  await visitor.goto('/')
  await expect(visitor.getByText(`${ownerRole} · ${location}`)).toBeVisible()
  await expect(visitor.getByText(`You will get an honest answer ${responseTime},`)).toBeVisible()
  const [business] = await jsonLdNodesOf(visitor, 'ProfessionalService')
  expect(business).toMatchObject({
    areaServed: serviceArea,
    foundingDate: foundingYear,
    founder: { jobTitle: ownerRole },
  })
  await context.close()
})

test('with sign-ups closed the site offers no sign-up link and the API answers 403', async ({
  page,
  request,
  browser,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/settings')
  await page.getByLabel('Sign-ups open').uncheck()
  await saveSettings(page)

  // A visitor (signed out, in a browser of their own); the sign-in page is drawn in the browser.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL })
  const visitor = await context.newPage()
  await visitor.goto('/signin')
  await expect(visitor.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await expect(visitor.getByRole('link', { name: 'Create an account' })).toHaveCount(0)

  const refused = await request.post('/api/users/signup', {
    data: { name: 'Late Visitor', email: uniqueEmail('closed'), password: STRONG_PASSWORD },
  })
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toEqual({ message: 'Sign-ups are closed' })

  await page.getByLabel('Sign-ups open').check()
  await saveSettings(page)
  await visitor.goto('/signin')
  await expect(visitor.getByRole('link', { name: 'Create an account' })).toBeVisible()
  await context.close()
})

test('leaving the settings with unsaved edits asks first', async ({ page, request }) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/settings')
  await page.getByLabel('Tagline').fill('An edit nobody saves')
  await page.getByRole('link', { name: 'Messages' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(page.getByLabel('Tagline')).toHaveValue('An edit nobody saves')
})

test('a field the server refuses shows its message beside that field', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/settings')
  // The form checks with the server's schema first, so an address it accepts is typed and the
  // request is changed on its way: the real server refuses it and names the field.
  await page.getByLabel('GitHub link').fill('https://github.com/harbour')
  let refusedStatus = 0
  await page.route('**/api/settings', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback()
    const body = route.request().postDataJSON() as SiteSettings
    const response = await route.fetch({
      postData: JSON.stringify({
        ...body,
        social: { ...body.social, github: 'http://github.com' },
      }),
    })
    refusedStatus = response.status()
    await route.fulfill({ response })
  })
  await page.getByRole('button', { name: 'Save Settings' }).click()
  const github = page.getByLabel('GitHub link')
  await expect(github).toHaveAttribute('aria-invalid', 'true')
  await expect(github).toHaveAccessibleDescription(
    /GitHub link must be an https:\/\/ address, or empty to hide it/,
  )
  await expect(github).toBeFocused()
  expect(refusedStatus).toBe(400)
  await expect(page.getByLabel('Tagline')).not.toHaveAttribute('aria-invalid', 'true')
})

test('FAQ entries are added, moved by keyboard and deleted, and /faq follows without JavaScript', async ({
  page,
  request,
  browser,
}) => {
  const first = `Do you build ${randomUUID().slice(0, 6)} shops?`
  const second = `Do you host ${randomUUID().slice(0, 6)} sites?`
  await signInAsAdmin(page, request)
  await page.goto('/admin/faq')
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible()

  for (const question of [first, second]) {
    const form = page.getByRole('region', { name: 'Add a question' })
    await form.getByLabel('Question').fill(question)
    await form.getByLabel('Answer').fill(`Yes: **${question}**`)
    await form.getByRole('button', { name: 'Add Question' }).click()
    await expectToast(page, 'FAQ entry created successfully')
    await expect(page.getByRole('heading', { level: 2, name: question })).toBeVisible()
  }
  await expectNoA11yViolations(page)
  const entries = page.getByRole('list', { name: 'FAQ entries' }).getByRole('heading', { level: 2 })
  await expect(entries.last()).toHaveText(second)

  // Move the last one up with the keyboard only: focus stays on the moved entry's button.
  const moveUp = page.getByRole('button', { name: `Move up: ${second}` })
  await moveUp.focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Moved up')
  await expect(entries.last()).toHaveText(first)
  await expect(entries.nth(-2)).toHaveText(second)
  await expect(moveUp).toBeFocused()

  const { context, page: visitor } = await newNoJsPage(browser)
  await visitor.goto('/faq')
  const questions = visitor.locator('main details summary')
  await expect(questions.last()).toHaveText(first)
  await expect(questions.nth(-2)).toHaveText(second)
  await expect(visitor.locator('main details').first()).toHaveAttribute('open', '')
  await expect(visitor.locator('main details').last()).not.toHaveAttribute('open', '')
  await expect(visitor.locator('main details').last().locator('strong')).toHaveText(first)

  for (const question of [first, second]) {
    await page.getByRole('button', { name: `Delete ${question}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure to delete?' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'FAQ entry deleted successfully')
    await expect(page.getByRole('heading', { level: 2, name: question })).toHaveCount(0)
  }
  await visitor.goto('/faq')
  await expect(visitor.getByText(first)).toHaveCount(0)
  await expect(visitor.getByText(second)).toHaveCount(0)
  await context.close()
})
