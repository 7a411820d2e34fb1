import type { Page } from '@playwright/test'
import { adminHeaders, findMessages, uniqueContact } from './support/api.ts'
import {
  chooseUnlistedOption,
  expect,
  newNoJsPage,
  test,
  expectToast,
  waitUntilInteractive,
} from './support/fixtures.ts'

type Contact = ReturnType<typeof uniqueContact>

const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' })

async function fillContactForm(page: Page, contact: Contact) {
  const form = contactForm(page)
  await form.getByLabel('Full name').fill(contact.fullName)
  await form.getByLabel('Email').fill(contact.email)
  await form.getByLabel('Subject').fill(contact.subject)
  await form.getByLabel('Message').fill(contact.message)
}

test('with JavaScript the form shows Sending..., toasts success, clears itself and the admin gets the message', async ({
  page,
  request,
}) => {
  const contact = uniqueContact('Scripted')
  await page.goto('/contact')
  await waitUntilInteractive(page)
  await fillContactForm(page, contact)

  // Hold the submission until the pending state has been seen, so it cannot flash by unnoticed.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname.startsWith('/contact'),
    async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    },
  )

  const form = contactForm(page)
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  release()

  await expectToast(page, 'Success, message sent!')
  // The confirmation takes the form's place, and the focus: who answers, when, and what follows.
  const confirmation = form.getByRole('region', {
    name: /^Thank you, Scripted\. Your message is in\.$/,
  })
  await expect(confirmation).toBeFocused()
  await expect(confirmation).toContainText('replies within one business day')
  // A first message from this address: its acknowledgement is on its way.
  await expect(confirmation).toContainText(
    'A confirmation with a copy of your message is on its way',
  )
  await expect(confirmation.getByRole('heading', { name: 'What happens next' })).toBeVisible()
  await expect(form.getByRole('button', { name: 'Send message' })).toBeHidden()
  // The thanks heads the box: the form's own heading over it would ask for what was just sent.
  await expect(page.locator('#contact-form-title')).toHaveCSS('position', 'absolute')
  // The page stayed put: a fetcher post, not a document navigation.
  await expect(page).toHaveURL('/contact')

  // The emptied form is still there, behind the confirmation.
  await form.getByRole('link', { name: 'Send another message' }).click()
  await expect(confirmation).toHaveCount(0)
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled()
  for (const label of ['Full name', 'Email', 'Subject', 'Message']) {
    await expect(form.getByLabel(label, { exact: true })).toHaveValue('')
  }
  await expect(form.getByLabel('Full name')).toBeFocused()
  await expect(page).toHaveURL('/contact')

  const stored = await findMessages(request, (m) => m.subject === contact.subject)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject(contact)
})

test('with JavaScript a second message sent from the same page gets a fresh one-time token and reaches the inbox', async ({
  page,
  request,
}) => {
  const first = uniqueContact('First of two')
  const second = uniqueContact('Second of two')
  await page.goto('/contact')
  await waitUntilInteractive(page)
  const token = page.locator('input[name="formToken"]')
  const firstToken = await token.inputValue()
  const form = contactForm(page)

  await fillContactForm(page, first)
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByLabel('Subject')).toHaveValue('')
  // The page's data is read again after the post: the form carries a new token.
  await expect(token).not.toHaveValue(firstToken)

  await form.getByRole('link', { name: 'Send another message' }).click()
  await fillContactForm(page, second)
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByLabel('Subject')).toHaveValue('')

  for (const contact of [first, second]) {
    await expect
      .poll(async () => (await findMessages(request, (m) => m.subject === contact.subject)).length)
      .toBe(1)
  }
})

test('without JavaScript the plain form post stores the message and shows the success text', async ({
  browser,
  request,
}) => {
  const contact = uniqueContact('Plain')
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/contact')
    await fillContactForm(page, contact)
    await contactForm(page).getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Success, message sent!')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in touch')
    const confirmation = contactForm(page).getByRole('region', {
      name: 'Thank you, Plain. Your message is in.',
    })
    await expect(confirmation).toContainText('replies within one business day')
    await expect(confirmation).toContainText('copy of your message is on its way')
    await expect(confirmation.getByRole('listitem')).not.toHaveCount(0)
    await expect(contactForm(page).getByRole('button', { name: 'Send message' })).toBeHidden()
    await expect(page.locator('#contact-form-title')).toHaveCSS('position', 'absolute')
    // Without JavaScript, "Send another message" is a link to a fresh form.
    await confirmation.getByRole('link', { name: 'Send another message' }).click()
    await expect(contactForm(page).getByRole('button', { name: 'Send message' })).toBeVisible()
    await expect(contactForm(page).getByLabel('Full name')).toHaveValue('')
    await expect(page.getByRole('heading', { name: 'Tell me about your project' })).toBeVisible()

    // A second message within the hour gets no second acknowledgement, and the page says so.
    await fillContactForm(page, { ...contact, subject: `${contact.subject} again` })
    await contactForm(page).getByRole('button', { name: 'Send message' }).click()
    const again = contactForm(page).getByRole('region', {
      name: 'Thank you, Plain. Your message is in.',
    })
    await expect(again).toContainText(`We’ll reply to ${contact.email}.`)
    await expect(again).not.toContainText('on its way')
  } finally {
    await context.close()
  }
  const stored = await findMessages(request, (m) => m.subject === contact.subject)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject(contact)
})

test('without JavaScript the qualifying answers are sent with the message and reach the inbox', async ({
  browser,
  request,
}) => {
  const contact = uniqueContact('Qualified')
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/contact')
    await fillContactForm(page, contact)
    const form = contactForm(page)
    await form.getByLabel('Project type (optional)').selectOption('Redesign')
    await form.getByLabel('Budget (optional)').selectOption('Not sure yet')
    // A bare domain, as people type it, is a website.
    await form.getByLabel('Current website (optional)').fill('old-shop.example.co.uk')
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Success, message sent!')
  } finally {
    await context.close()
  }
  const stored = await findMessages(request, (m) => m.subject === contact.subject)
  expect(stored).toEqual([
    expect.objectContaining({
      ...contact,
      projectType: 'Redesign',
      budget: 'Not sure yet',
      timeline: null,
      website: 'https://old-shop.example.co.uk',
    }),
  ])
})

test('the form says which fields may be left empty: the optional ones say so, the others are required', async ({
  page,
}) => {
  await page.goto('/contact')
  const main = page.getByRole('main')
  await expect(main).toContainText('Fields marked optional can be left empty.')
  await expect(main).not.toContainText('All fields are required')
  const form = contactForm(page)
  for (const label of ['Full name', 'Email', 'Subject', 'Message'])
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('required', '')
  const optional = form.getByLabel(/\(optional\)$/)
  await expect(optional).toHaveCount(4)
  for (const field of await optional.all()) await expect(field).not.toHaveAttribute('required')
})

test('without JavaScript a blank field is refused with its error and the typed values are kept', async ({
  browser,
  request,
}) => {
  // Only spaces: it passes the browser's own `required` check, so the server's rule is what refuses it.
  const contact = uniqueContact('Blank')
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/contact')
    await fillContactForm(page, { ...contact, subject: '   ' })
    await contactForm(page).getByRole('button', { name: 'Send message' }).click()
    const form = contactForm(page)
    await expect(form.getByRole('alert')).toHaveText(/Message not sent/)
    await expect(form.getByLabel('Subject')).toHaveAccessibleDescription('Subject is required')
    await expect(form.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('Full name')).toHaveValue(contact.fullName)
    await expect(form.getByLabel('Message')).toHaveValue(contact.message)
  } finally {
    await context.close()
  }
  expect(await findMessages(request, (m) => m.email === contact.email)).toHaveLength(0)
})

test('with JavaScript a blank field shows its error, and the failure stays in the form', async ({
  page,
}) => {
  const contact = uniqueContact('Scripted Blank')
  await page.goto('/contact')
  await waitUntilInteractive(page)
  await fillContactForm(page, { ...contact, fullName: '  ' })
  const form = contactForm(page)
  await form.getByRole('button', { name: 'Send message' }).click()
  // Longer than a glance: a lasting message, as without JavaScript, not a toast that closes.
  await expect(form.getByRole('alert')).toHaveText('Message not sent: Full name is required')
  await expect(form.getByLabel('Full name')).toHaveAccessibleDescription('Full name is required')
  await expect(form.getByLabel('Subject')).toHaveValue(contact.subject)
})

const UNLISTED = 'A castle'
const NOT_LISTED = 'Project type must be one of the listed options'

test('without JavaScript an answer the owner no longer lists is refused on its field by the service', async ({
  browser,
  request,
}) => {
  const contact = uniqueContact('Unlisted')
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/contact')
    await fillContactForm(page, contact)
    const form = contactForm(page)
    await chooseUnlistedOption(form.getByLabel('Project type (optional)'), UNLISTED)
    const refused = page.waitForResponse((r) => r.request().method() === 'POST')
    await form.getByRole('button', { name: 'Send message' }).click()
    expect((await refused).status()).toBe(400)
    await expect(form.getByRole('alert')).toHaveText(`Message not sent: ${NOT_LISTED}`)
    await expect(form.getByLabel('Project type (optional)')).toHaveAccessibleDescription(NOT_LISTED)
    await expect(form.getByLabel('Project type (optional)')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('Subject')).toHaveValue(contact.subject)
  } finally {
    await context.close()
  }
  expect(await findMessages(request, (m) => m.email === contact.email)).toHaveLength(0)
})

test('with JavaScript an answer the owner no longer lists is refused on its field by the service', async ({
  page,
}) => {
  const contact = uniqueContact('Scripted Unlisted')
  await page.goto('/contact')
  await waitUntilInteractive(page)
  await fillContactForm(page, contact)
  const form = contactForm(page)
  await chooseUnlistedOption(form.getByLabel('Project type (optional)'), UNLISTED)
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByRole('alert')).toHaveText(`Message not sent: ${NOT_LISTED}`)
  await expect(form.getByLabel('Project type (optional)')).toHaveAccessibleDescription(NOT_LISTED)
  await expect(form.getByLabel('Project type (optional)')).toBeFocused()
  await expect(form.getByLabel('Subject')).toHaveValue(contact.subject)
})

test('a visitor corrects two validation errors, then sends the message', async ({
  page,
  request,
}) => {
  const contact = uniqueContact('Corrected')
  await page.goto('/contact')
  await waitUntilInteractive(page)
  const form = contactForm(page)
  const send = form.getByRole('button', { name: 'Send message' })

  await fillContactForm(page, { ...contact, fullName: '  ' })
  await send.click()
  await expect(form.getByLabel('Full name')).toHaveAccessibleDescription('Full name is required')

  await form.getByLabel('Full name').fill(contact.fullName)
  await form.getByLabel('Message').fill('   ')
  await send.click()
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription(/Message is required$/)
  await expect(form.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Message').fill(contact.message)
  await send.click()
  await expectToast(page, 'Success, message sent!')
  await expect
    .poll(async () => (await findMessages(request, (m) => m.subject === contact.subject)).length)
    .toBe(1)
})

test('without JavaScript a post with the hidden honeypot filled answers as usual and is kept as spam', async ({
  browser,
  request,
}) => {
  const contact = uniqueContact('Honeypot')
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/contact')
    // Hidden from people and assistive technology, so only a selector reaches it, as a bot's would.
    const honeypot = page.locator('input[name="homepage"]')
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(page.locator('input[name="formToken"]')).toHaveValue(/^\d+\.[\w-]+\.[\w-]+$/)
    await fillContactForm(page, contact)
    await honeypot.fill('http://spam.example', { force: true })
    await contactForm(page).getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Success, message sent!')
  } finally {
    await context.close()
  }
  expect(await findMessages(request, (m) => m.subject === contact.subject)).toHaveLength(0)
  const res = await request.get(
    `/api/messages/admin?filter=spam&q=${encodeURIComponent(contact.subject)}`,
    { headers: await adminHeaders(request) },
  )
  const spam = (await res.json()) as { messages: { subject: string; spam: boolean }[] }
  expect(spam.messages).toEqual([expect.objectContaining({ subject: contact.subject, spam: true })])
})
