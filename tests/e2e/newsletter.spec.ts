/**
 * Subscribing to the journal: the form on /journal posts in place with JavaScript and as a plain
 * form without, the mailed link opens a page whose Confirm button confirms (opening it does not),
 * and the owner sees the subscriber confirmed.
 */
import type { APIRequestContext } from '@playwright/test'
import type { SubscriberList } from '#common/schemas/subscribers.ts'
import { adminHeaders, uniqueId } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  newNoJsPage,
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
  await expectToast(page, SUBSCRIBED)
  await expect(page).toHaveURL(/\/journal$/)

  const link = await mailedLink(email)
  expect((await page.goto(link))?.status()).toBe(200)
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
