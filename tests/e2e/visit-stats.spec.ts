import type { APIRequestContext, Browser } from '@playwright/test'
import type { Stats } from '#common/schemas/stats.ts'
import { adminHeaders, findMessages, uniqueContact, uniqueId } from './support/api.ts'
import {
  expect,
  screenshotBoth,
  signInAsAdmin,
  test,
  waitUntilInteractive,
} from './support/fixtures.ts'

// The figures are site-wide: the person's visit and the automated one must not overlap.
test.describe.configure({ mode: 'serial' })

const personAgent = (id: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 E2E/${id}`

async function stats(request: APIRequestContext): Promise<Stats> {
  const res = await request.get('/api/stats?range=7d', { headers: await adminHeaders(request) })
  expect(res.status()).toBe(200)
  return (await res.json()) as Stats
}

/** Loads the home page from a campaign link, reads two more pages and sends the contact form. */
async function visitAndWrite(browser: Browser, userAgent: string, campaign: string) {
  const context = await browser.newContext({ userAgent })
  const page = await context.newPage()
  const contact = uniqueContact('Visit')
  await page.goto(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`)
  await waitUntilInteractive(page)
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'FAQ' }).click()
  await expect(page).toHaveURL('/faq')
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Contact' })
    .click()
  await expect(page).toHaveURL('/contact')
  const form = page.getByRole('form', { name: 'Contact form' })
  await form.getByLabel('Full name').fill(contact.fullName)
  await form.getByLabel('Email').fill(contact.email)
  await form.getByLabel('Subject').fill(contact.subject)
  await form.getByLabel('Message').fill(contact.message)
  await form.getByRole('button', { name: 'Send message' }).click()
  // The confirmation replaces the emptied form once the message is stored (its toast and its
  // text are another spec's subject).
  await expect(form.getByRole('link', { name: 'Send another message' })).toBeVisible()
  await expect(form.getByLabel('Full name')).toHaveValue('')
  const cookies = await context.cookies()
  const storage = await page.evaluate(() => [
    ...Object.keys(window.localStorage),
    ...Object.keys(window.sessionStorage),
  ])
  await context.close()
  return { contact, cookies, storage }
}

test('a person’s visit from a campaign through three pages shows in the statistics and on the message, with nothing stored in the browser', async ({
  browser,
  request,
}) => {
  const id = uniqueId()
  const campaign = `spring-${id}`
  const { contact, cookies, storage } = await visitAndWrite(browser, personAgent(id), campaign)
  expect(cookies).toEqual([])
  expect(storage).toEqual([])

  await expect
    .poll(async () => (await stats(request)).campaigns.find((c) => c.campaign === campaign))
    .toEqual({ source: 'newsletter', medium: 'email', campaign, visitors: 1 })
  // Other specs browse the same server at the same time: the figures checked are this visit's own.

  const [message] = await findMessages(request, (m) => m.subject === contact.subject)
  expect(message?.visit).toEqual({
    landingPage: '/',
    source: 'Direct',
    campaign: { source: 'newsletter', medium: 'email', campaign },
    pagesSeen: 3,
    device: 'desktop',
  })
})

test('the same visit by an automated browser changes nothing', async ({ browser, request }) => {
  const campaign = `bot-${uniqueId()}`
  // As headless Chromium says it is automated (the server sees only the user agent; a browser that
  // hides it is told apart by navigator.webdriver alone, which needs a script: left out, decision 025).
  const { contact } = await visitAndWrite(
    browser,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    campaign,
  )
  const after = await stats(request)
  expect(after.campaigns.find((c) => c.campaign === campaign)).toBeUndefined()
  const [message] = await findMessages(request, (m) => m.subject === contact.subject)
  expect(message?.visit).toBeNull()
})

test('the dashboard shows the visit statistics and the inbox the visit of each message', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/dashboard')
  const panel = page.getByRole('region', { name: 'Visitors' })
  await expect(
    panel.getByRole('img', { name: /Line chart of visitors and page views/ }),
  ).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Campaigns' })).toBeVisible()
  await panel.getByRole('button', { name: '7 days' }).click()
  await expect(panel.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(
    panel.getByText('newsletter / email / spring-', { exact: false }).first(),
  ).toBeVisible()
  await screenshotBoth(page, 'admin-dashboard-visits')

  // The person's message of the first test (the tests run in order): its visit is in the reading pane.
  const [written] = await findMessages(request, (m) =>
    Boolean(m.visit?.campaign?.campaign.startsWith('spring-')),
  )
  expect(written).toBeDefined()
  await page.goto(`/admin/messages?q=${encodeURIComponent(written!.subject)}&open=${written!._id}`)
  const pane = page.getByRole('region', { name: 'Reply Email to the sender' })
  await expect(pane.getByRole('region', { name: 'Their visit' })).toContainText('Landed')
  await screenshotBoth(page, 'admin-messages-visits')
})
