/**
 * Subscribing to the journal: the form on /journal posts in place with JavaScript and as a plain
 * form without, the mailed link opens a page whose Confirm button confirms (opening it does not),
 * and the owner sees the subscriber confirmed; the owner sends a post (a test to themselves first),
 * and a reader unsubscribes through the mail's link.
 */
import type { APIRequestContext } from '@playwright/test'
import type { SubscriberList } from '#common/schemas/subscribers.ts'
import { adminHeaders, uniqueId } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  newNoJsPage,
  signInAsAdmin,
  test,
  waitForMailTo,
  waitUntilInteractive,
} from './support/fixtures.ts'

const SUBSCRIBED = /a confirmation link is on its way/

async function statusOf(request: APIRequestContext, email: string) {
  const res = await request.get('/api/subscribers', { headers: await adminHeaders(request) })
  expect(res.status()).toBe(200)
  const { subscribers } = (await res.json()) as SubscriberList
  return subscribers.find((subscriber) => subscriber.email === email)?.status
}

/** The confirmation link mailed to `email`. */
async function mailedLink(email: string): Promise<string> {
  const mail = await waitForMailTo(email)
  const link = /https?:\/\/\S+\/subscribe\/[\w-]+/.exec(mail.text)?.[0]
  expect(link, mail.text).toBeDefined()
  return link!
}

test('a visitor subscribes from the journal with JavaScript and confirms on the page', async ({
  page,
  request,
}) => {
  const email = `reader-${uniqueId()}@example.com`
  await page.goto('/journal')
  await waitUntilInteractive(page)
  const form = page.getByRole('form', { name: 'Subscribe to the journal' })
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  // The answer stays in the form, as without JavaScript: no toast that closes before it is read.
  const answer = page.getByRole('form', { name: 'Subscribe to the journal' }).getByRole('status')
  await expect(answer).toContainText(SUBSCRIBED)
  await expect(
    page.getByRole('form', { name: 'Subscribe to the journal' }).getByLabel('Email'),
  ).toHaveValue('')
  await expect(page).toHaveURL(/\/journal$/)

  const link = await mailedLink(email)
  const opened = await page.goto(link)
  expect(opened?.status()).toBe(200)
  // The address carries a token: never in search results.
  expect(opened?.headers()['x-robots-tag']).toBe('noindex')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription')
  await expectNoA11yViolations(page)
  // Opening the link confirmed nothing.
  expect(await statusOf(request, email)).toBe('pending')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed')
  expect(await statusOf(request, email)).toBe('confirmed')
})

test('the subscription works with JavaScript off', async ({ browser, request }) => {
  const email = `quiet-${uniqueId()}@example.com`
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/journal')
    const form = page.getByRole('form', { name: 'Subscribe to the journal' })
    await form.getByLabel('Email').fill(email)
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(
      page.getByRole('form', { name: 'Subscribe to the journal' }).getByRole('status'),
    ).toContainText(SUBSCRIBED)

    const link = await mailedLink(email)
    await page.goto(link)
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed')
    expect(await statusOf(request, email)).toBe('confirmed')
  } finally {
    await context.close()
  }
})

/** An address the browser's own check lets through (no dot in the domain) and the server refuses. */
const REFUSED_EMAIL = 'reader@localhost'
const NOT_AN_ADDRESS = 'Email is not a valid e-mail address'

test('with JavaScript an address the server refuses is named on the field', async ({ page }) => {
  await page.goto('/journal')
  await waitUntilInteractive(page)
  const form = page.getByRole('form', { name: 'Subscribe to the journal' })
  await form.getByLabel('Email').fill(REFUSED_EMAIL)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(
    page.getByRole('form', { name: 'Subscribe to the journal' }).getByRole('alert'),
  ).toHaveText(`Not subscribed: ${NOT_AN_ADDRESS}`)
  const field = page.getByRole('form', { name: 'Subscribe to the journal' }).getByLabel('Email')
  await expect(field).toHaveAccessibleDescription(NOT_AN_ADDRESS)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveValue(REFUSED_EMAIL)
  await expect(field).toBeFocused()
})

test('without JavaScript an address the server refuses is named on the field', async ({
  browser,
}) => {
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/journal')
    const form = page.getByRole('form', { name: 'Subscribe to the journal' })
    await form.getByLabel('Email').fill(REFUSED_EMAIL)
    const refused = page.waitForResponse((r) => r.request().method() === 'POST')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    expect((await refused).status()).toBe(400)
    await expect(form.getByRole('alert')).toHaveText(`Not subscribed: ${NOT_AN_ADDRESS}`)
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(NOT_AN_ADDRESS)
    await expect(form.getByLabel('Email')).toHaveValue(REFUSED_EMAIL)
  } finally {
    await context.close()
  }
})

test('the owner sends a post to the subscribers, and a reader unsubscribes from its mail', async ({
  page,
  request,
  browser,
}) => {
  const headers = await adminHeaders(request)
  const email = `reader-${uniqueId()}@example.com`
  expect((await request.post('/api/subscribers', { data: { email } })).status()).toBe(202)
  const token = /\/subscribe\/([\w-]+)/.exec(await mailedLink(email))![1]
  expect((await request.post('/api/subscribers/confirm', { data: { token } })).status()).toBe(200)

  const created = await request.post('/api/posts', { data: {}, headers })
  const { post } = (await created.json()) as { post: { _id: string } }
  const title = `Newsletter post ${uniqueId()}`
  const updated = await request.put(`/api/posts/${post._id}`, {
    headers,
    data: { title, slug: `newsletter-${uniqueId()}`, body: 'Hello, readers.', status: 'published' },
  })
  expect(updated.status()).toBe(200)

  await signInAsAdmin(page, request)
  await page.goto(`/admin/post/${post._id}`)
  const panel = page.getByRole('region', { name: 'Newsletter' })
  // A test goes to the admin alone and leaves the real send possible.
  await panel.getByRole('button', { name: 'Send me a test' }).click()
  await expectToast(page, /^A test of this newsletter is on its way to /)
  await panel.getByRole('button', { name: 'Send to subscribers' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click()
  await expectToast(page, /^Sending to \d+ subscribers$/)
  // The send's figures replace the button (its pace decides when it says "Sent on").
  await expect(panel.getByText('Recipients')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Send to subscribers' })).toHaveCount(0)

  // The newest mail to the reader: the post, once it has arrived after the confirmation link.
  // Every confirmed subscriber of the run gets it, at the site's pace: a bound far beyond that.
  await expect
    .poll(async () => (await waitForMailTo(email)).subject, { timeout: 60_000 })
    .toBe(title)
  const mail = await waitForMailTo(email)
  const unsubscribe = /https?:\/\/\S+\/unsubscribe\/[\w-]+/.exec(mail.text)?.[0]
  expect(unsubscribe, mail.text).toBeDefined()
  const { context, page: quiet } = await newNoJsPage(browser)
  try {
    expect((await quiet.goto(unsubscribe!))?.headers()['x-robots-tag']).toBe('noindex')
    await expect(quiet.getByRole('heading', { level: 1 })).toHaveText(
      'Unsubscribe from the journal',
    )
    expect(await statusOf(request, email)).toBe('confirmed')
    await quiet.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(quiet.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed')
    expect(await statusOf(request, email)).toBe('unsubscribed')
  } finally {
    await context.close()
  }
})

test('the owner publishes a draft and sends it to the subscribers in one step, after a confirmation', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const email = `reader-${uniqueId()}@example.com`
  expect((await request.post('/api/subscribers', { data: { email } })).status()).toBe(202)
  const token = /\/subscribe\/([\w-]+)/.exec(await mailedLink(email))![1]
  expect((await request.post('/api/subscribers/confirm', { data: { token } })).status()).toBe(200)

  const created = await request.post('/api/posts', { data: {}, headers })
  const { post } = (await created.json()) as { post: { _id: string } }
  const title = `Published and sent ${uniqueId()}`
  const drafted = await request.put(`/api/posts/${post._id}`, {
    headers,
    data: { title, slug: `published-sent-${uniqueId()}`, body: 'Out today.', status: 'draft' },
  })
  expect(drafted.status()).toBe(200)

  await signInAsAdmin(page, request)
  await page.goto(`/admin/post/${post._id}`)
  const form = page.getByRole('form', { name: 'Edit the post' })
  await form.getByRole('button', { name: 'Publish and send' }).click()
  const dialog = page.getByRole('dialog', {
    name: 'Publish this post and send it to your subscribers?',
  })
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  expect(
    (
      (await (await request.get(`/api/posts/${post._id}`, { headers })).json()) as {
        status: string
      }
    ).status,
  ).toBe('draft')

  await form.getByRole('button', { name: 'Publish and send' }).click()
  await dialog.getByRole('button', { name: 'Publish and send' }).click()
  await expectToast(page, /^Post published and sending to \d+ subscribers$/)
  await expect(page).toHaveURL('/admin/posts')
  const newsletter = await request.get(`/api/posts/${post._id}/newsletter`, { headers })
  expect(newsletter.status()).toBe(200)
  await expect
    .poll(async () => (await waitForMailTo(email)).subject, { timeout: 60_000 })
    .toBe(title)

  // Sent once: the edit page offers no second send.
  await page.goto(`/admin/post/${post._id}`)
  await expect(form.getByRole('button', { name: 'Update' })).toBeVisible()
  await expect(form.getByRole('button', { name: 'Publish and send' })).toHaveCount(0)
})
