import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import type { Message } from '#common/schemas/messages.ts'
import { adminListPageOf, findMessages, postContactApi, uniqueContact } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  signInAsAdmin,
  test,
  expectToast,
  waitForMailTo,
} from './support/fixtures.ts'
import { UNDELIVERABLE_DOMAIN } from './support/e2e-env.ts'

const messageRow = (page: Page, subject: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: subject, exact: true }) })

async function openMessagesListAt(page: Page, request: APIRequestContext, subject: string) {
  await expect(async () => {
    const listPage = await adminListPageOf<Message>(
      request,
      'messages',
      (m) => m.subject === subject,
    )
    expect(listPage).toBeDefined()
    await page.goto(`/admin/messages?page=${listPage}`)
    await expect(messageRow(page, subject)).toBeVisible({ timeout: 2_000 })
  }).toPass()
}

/** MM-DD-YYYY in the browser's time zone, computed in the browser like the page does. */
const shownDate = (page: Page, iso: string) =>
  page.evaluate((value) => {
    const date = new Date(value)
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()}`
  }, iso)

test('an admin reads a message, replies by e-mail and deletes it', async ({ page, request }) => {
  const message = await postContactApi(request, uniqueContact('Inbox'))
  await signInAsAdmin(page, request)
  await openMessagesListAt(page, request, message.subject)
  await expect(page.getByRole('heading', { level: 1, name: /^Messages \(\d+\)$/ })).toBeVisible()

  const row = messageRow(page, message.subject)
  const date = await shownDate(page, message.createdAt)
  expect(date).toMatch(/^\d{2}-\d{2}-\d{4}$/)
  await expect(row.getByRole('cell').nth(1)).toHaveText(date)
  await expect(row.getByRole('cell', { name: message.fullName, exact: true })).toBeVisible()
  await expect(row.getByRole('link', { name: message.email })).toHaveAttribute(
    'href',
    `mailto:${message.email}`,
  )
  // The row shows the message's opening; the reading pane (Reply) shows all of it.
  await expect(row).toContainText(message.message)
  await expect(row).toContainText('New')

  await test.step('Close leaves without sending', async () => {
    await row.getByRole('button', { name: `Reply to ${message.fullName}` }).click()
    const panel = page.getByRole('region', { name: 'Reply Email to the sender' })
    await expect(panel).toBeVisible()
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toBeHidden()
  })

  const reply = `Thanks for getting in touch. I can start next month. (${message._id})`
  await test.step('reply: subject prefixed Re:, mail sent with that subject', async () => {
    await row.getByRole('button', { name: `Reply to ${message.fullName}` }).click()
    const panel = page.getByRole('region', { name: 'Reply Email to the sender' })
    await expect(panel).toContainText(`To ${message.fullName} <${message.email}>`)
    await expect(panel.getByLabel('Subject')).toHaveValue(`Re: ${message.subject}`)
    await expect(panel.getByRole('blockquote')).toHaveText(message.message)

    await panel.getByRole('button', { name: 'Send Reply' }).click()
    await expect(panel.getByLabel('Your reply')).toHaveAccessibleDescription('Reply is required')
    await expect(panel).toBeVisible()
    await expectNoA11yViolations(page)

    await panel.getByLabel('Your reply').fill(reply)
    await panel.getByRole('button', { name: 'Send Reply' }).click()
    await expectToast(page, 'Reply sent successfully')
    await expect(panel).toBeHidden()

    const mail = await waitForMailTo(message.email)
    expect(mail.subject).toBe(`Re: ${message.subject}`)
    expect(mail.text).toContain(reply)
    await expect(row).toContainText(`Replied ${date}`)
  })

  await test.step('delete after confirming', async () => {
    await row.getByRole('button', { name: `Delete the message from ${message.fullName}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure to delete?' })
    await expect(dialog).toContainText(message.subject)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Message deleted successfully')
    await expect(row).toHaveCount(0)
    expect(await findMessages(request, (m) => m._id === message._id)).toEqual([])
  })
})

test('a reply the mail server refuses shows the error and keeps the text in the panel', async ({
  page,
  request,
  pageErrors,
}) => {
  const contact = uniqueContact('Bounce')
  const message = await postContactApi(request, {
    ...contact,
    email: contact.email.replace('@example.com', `@${UNDELIVERABLE_DOMAIN}`),
  })
  await signInAsAdmin(page, request)
  await openMessagesListAt(page, request, message.subject)
  const row = messageRow(page, message.subject)
  await row.getByRole('button', { name: `Reply to ${message.fullName}` }).click()
  const panel = page.getByRole('region', { name: 'Reply Email to the sender' })

  const reply = `A long, carefully written answer that must not be lost (${message._id}).`
  await panel.getByLabel('Your reply').fill(reply)
  await panel.getByRole('button', { name: 'Send Reply' }).click()

  await expect(panel.getByRole('alert')).toHaveText(/Failed to send reply/)
  await expect(panel).toBeVisible()
  await expect(panel.getByLabel('Your reply')).toHaveValue(reply)
  await expect(panel.getByLabel('Subject')).toHaveValue(`Re: ${message.subject}`)
  // Nothing was recorded as replied.
  const [stored] = await findMessages(request, (m) => m._id === message._id)
  expect(stored?.replyContent ?? null).toBeNull()
  // The browser logs the expected 502 of the reply call; anything else still fails the test.
  const expected = /status of 502 \(Bad Gateway\)/
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !expected.test(e)))
})

test('the owner works through the inbox: unread, search, thread, mark unread, bulk, spam and export', async ({
  page,
  request,
}) => {
  // A long journey: its only bound is this test timeout, never a wait on the clock.
  test.setTimeout(180_000)
  const tag = `T${Date.now().toString(36)}`
  const first = await postContactApi(request, uniqueContact(`Inbox ${tag} First`))
  const second = await postContactApi(request, uniqueContact(`Inbox ${tag} Second`))
  const caught = await postContactApi(request, {
    ...uniqueContact(`Inbox ${tag} Bot`),
    homepage: 'http://spam.example',
  } as ReturnType<typeof uniqueContact>)
  await signInAsAdmin(page, request)
  await page.goto(`/admin/messages?q=${tag}`)

  await expect(page.getByRole('heading', { level: 1, name: 'Messages (2)' })).toBeVisible({
    timeout: 20_000,
  })
  const sections = page.getByRole('navigation', { name: 'Admin sections' })
  await expect(sections.getByRole('link', { name: /^Messages \d+ unread$/ })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search messages' })).toHaveValue(tag)
  const firstRow = messageRow(page, first.subject)
  const secondRow = messageRow(page, second.subject)
  await expect(firstRow).toContainText('Unread')
  await expect(secondRow).toContainText('Unread')
  await expect(messageRow(page, caught.subject)).toHaveCount(0)

  await test.step('opening a message marks it read; two replies are kept in order', async () => {
    await firstRow.getByRole('button', { name: `Reply to ${first.fullName}` }).click()
    const panel = page.getByRole('region', { name: 'Reply Email to the sender' })
    await expect(firstRow).toContainText('Read')
    await expect(firstRow).not.toContainText('Unread')
    for (const text of ['First answer', 'Second answer']) {
      await panel.getByLabel('Your reply').fill(`${text} (${tag})`)
      await panel.getByRole('button', { name: 'Send Reply' }).click()
      await expect(panel).toBeHidden()
      await firstRow.getByRole('button', { name: `Reply to ${first.fullName}` }).click()
    }
    const thread = panel.getByRole('region', { name: 'Replies sent' }).getByRole('listitem')
    await expect(thread).toHaveCount(2)
    await expect(thread.nth(0)).toContainText(`First answer (${tag})`)
    await expect(thread.nth(1)).toContainText(`Second answer (${tag})`)
    await expectNoA11yViolations(page)
    await panel.getByRole('button', { name: 'Mark unread' }).click()
    await expectToast(page, 'Marked unread')
    await expect(firstRow).toContainText('Unread')
    await expect(firstRow).toContainText('(2 replies)')
  })

  await test.step('the Replied and Unread tabs', async () => {
    const filters = page.getByRole('navigation', { name: 'Message filters' })
    await filters.getByRole('link', { name: 'Replied' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Messages (1)' })).toBeVisible()
    await expect(firstRow).toBeVisible()
    await filters.getByRole('link', { name: 'Unread' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Messages (2)' })).toBeVisible()
  })

  await test.step('select both and mark them read at once', async () => {
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
    await expect(page.getByText('2 selected')).toBeVisible()
    await page.getByRole('button', { name: 'Mark read', exact: true }).click()
    await expectToast(page, '2 messages marked read')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages (0)' })).toBeVisible()
  })

  await test.step('"Not spam" moves a caught message to the inbox', async () => {
    const filters = page.getByRole('navigation', { name: 'Message filters' })
    await filters.getByRole('link', { name: 'Spam' }).click()
    const spamRow = messageRow(page, caught.subject)
    await expect(spamRow).toBeVisible()
    await spamRow
      .getByRole('button', { name: `Not spam: the message from ${caught.fullName}` })
      .click()
    await expectToast(page, 'Moved to the inbox')
    await expect(spamRow).toHaveCount(0)
    await filters.getByRole('link', { name: 'All' }).click()
    await expect(messageRow(page, caught.subject)).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Messages (3)' })).toBeVisible()
  })

  await test.step('export the search as CSV', async () => {
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('messages.csv')
    const csv = await readFile((await file.path())!, 'utf8')
    expect(csv.split('\n')[0]).toBe(
      'Received,Name,E-mail,Subject,Message,Read,Replies,Last reply,Landing page,Source,Campaign,Pages seen,Device,Project type,Budget,Timeline,Website,Stage',
    )
    for (const m of [first, second, caught]) expect(csv).toContain(m.subject)
  })

  await test.step('delete the selection', async () => {
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
    await page.getByRole('button', { name: 'Delete selected' }).click()
    await page
      .getByRole('dialog', { name: 'Delete 3 messages?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expectToast(page, '3 messages deleted')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages (0)' })).toBeVisible()
  })
})

test('the owner moves an inquiry along the pipeline and keeps private notes in the reading pane', async ({
  page,
  request,
}) => {
  const contact = uniqueContact('Pipeline')
  const message = await postContactApi(request, contact)
  await signInAsAdmin(page, request)
  await page.goto(`/admin/messages?q=${encodeURIComponent(message.subject)}`)
  const row = messageRow(page, message.subject)
  await row.getByRole('button', { name: `Reply to ${message.fullName}` }).click()
  const pane = page.getByRole('region', { name: 'Reply Email to the sender' })
  await expect(pane.getByRole('blockquote')).toHaveText(message.message)

  await pane.getByLabel('Stage').selectOption('proposal')
  await expectToast(page, 'Moved to Proposal')
  const note = `Sent the proposal by hand (${message._id})`
  await pane.getByLabel('Add a note').fill(note)
  await pane.getByRole('button', { name: 'Save note' }).click()
  await expect(pane.getByRole('region', { name: 'Private notes' })).toContainText(note)
  await pane.getByRole('button', { name: 'Close' }).click()

  const stages = page.getByRole('navigation', { name: 'Pipeline stages' })
  await stages.getByRole('link', { name: /^Proposal \d+$/ }).click()
  await expect(page).toHaveURL(/stage=proposal/)
  await expect(row).toContainText('Proposal')
  await expect(row).toContainText('1 note')
  const stored = await findMessages(request, (m) => m._id === message._id)
  expect(stored[0]).toMatchObject({
    stage: 'proposal',
    notes: [expect.objectContaining({ text: note })],
  })
})

/** True when the page scrolls sideways (something is wider than the window). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

for (const width of [1280, 1366, 1440]) {
  test(`at ${width} px the list and the reading pane sit side by side, and the open message survives a reload`, async ({
    page,
    request,
  }) => {
    const message = await postContactApi(request, uniqueContact(`Side ${width}`))
    await page.setViewportSize({ width, height: 900 })
    await signInAsAdmin(page, request)
    await page.goto(`/admin/messages?q=${encodeURIComponent(message.subject)}`)
    const list = page.getByRole('region', { name: /^Messages, page 1 of 1$/ })
    await expect(list).toBeVisible()
    await expect(page.getByText('Select a message to read it')).toBeVisible()

    // Keyboard: the subject is a link to the message.
    await list.getByRole('link', { name: message.subject, exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`[?&]open=${message._id}`))
    const pane = page.getByRole('region', { name: 'Reply Email to the sender' })
    await expect(pane.getByRole('heading', { name: 'Reply Email to the sender' })).toBeFocused()
    await expect(pane.getByRole('blockquote')).toHaveText(message.message)
    await expect(messageRow(page, message.subject)).toContainText('Read')

    const [listBox, paneBox] = [await list.boundingBox(), await pane.boundingBox()]
    expect(paneBox!.x).toBeGreaterThanOrEqual(listBox!.x + listBox!.width)
    expect(paneBox!.y).toBeLessThan(listBox!.y + listBox!.height)
    expect(listBox!.width).toBeGreaterThan(280)
    expect(paneBox!.width).toBeGreaterThan(listBox!.width)
    expect(await scrollsSideways(page)).toBe(false)

    await page.reload()
    await expect(pane.getByRole('blockquote')).toHaveText(message.message)
    await expect(list).toBeVisible()
    await expect(messageRow(page, message.subject)).toHaveAttribute('aria-current', 'true')

    await page.goBack()
    await expect(pane).toBeHidden()
    await expect(page.getByText('Select a message to read it')).toBeVisible()
    await page.goForward()
    await expect(pane.getByRole('blockquote')).toHaveText(message.message)
    await expectNoA11yViolations(page)
  })
}

test('at 390 px the list comes first, then the open message full width with a Back link', async ({
  page,
  request,
}) => {
  const message = await postContactApi(request, uniqueContact('Phone'))
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsAdmin(page, request)
  await page.goto(`/admin/messages?q=${encodeURIComponent(message.subject)}`)
  const row = messageRow(page, message.subject)
  await expect(row).toBeVisible()
  await expect(page.getByText('Select a message to read it')).toBeHidden()
  expect(await scrollsSideways(page)).toBe(false)

  await row.getByRole('button', { name: `Reply to ${message.fullName}` }).click()
  const pane = page.getByRole('region', { name: 'Reply Email to the sender' })
  await expect(pane.getByRole('blockquote')).toHaveText(message.message)
  await expect(row).toBeHidden()
  const paneBox = await pane.boundingBox()
  expect(paneBox!.width).toBeGreaterThan(340)
  expect(await scrollsSideways(page)).toBe(false)

  await page.reload()
  await expect(pane.getByRole('blockquote')).toHaveText(message.message)
  expect(await scrollsSideways(page)).toBe(false)
  await expectNoA11yViolations(page)
  await pane.getByRole('link', { name: 'Back to messages' }).click()
  await expect(pane).toBeHidden()
  await expect(row).toBeVisible()
  await expect(row).toContainText('Read')
})
