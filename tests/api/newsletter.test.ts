import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { iconPath } from '#common/brand-icons.ts'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import { OutboxPageSchema, type OutboxMail } from '#common/schemas/outbox.ts'
import { PostMutationResponseSchema, type PostBody } from '#common/schemas/posts.ts'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import {
  NewsletterResponseSchema,
  NewsletterTestResponseSchema,
  SubscriberListSchema,
} from '#common/schemas/subscribers.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type CaughtMail, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK, found } from '#tests/helpers/wait.ts'

const PUBLIC_URL = 'http://site.test'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const CONFIRM_LINK = /http:\/\/site\.test\/subscribe\/([A-Za-z0-9_-]+)/
const UNSUBSCRIBE_LINK = /http:\/\/site\.test\/unsubscribe\/([A-Za-z0-9_-]+)/
const HOUR_MS = 60 * 60_000
const START = new Date('2030-03-01T09:00:00Z')

let offsetMs = 0
const clock = () => new Date(START.getTime() + offsetMs)

let smtp: TestSmtpServer
let app: TestApp
let admin: Record<string, string>
let adminEmail: string
let user: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL, NEWSLETTER_MESSAGES_PER_SECOND: '100' },
    now: clock,
  })
  const signedIn = await asAdmin(app)
  admin = signedIn.headers
  adminEmail = signedIn.user.email
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

let sequence = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`

/** A confirmed subscriber's address, through the API as a visitor subscribes. */
async function confirmedSubscriber(): Promise<string> {
  const email = `${unique('reader')}@example.com`
  expect(
    (await app.inject({ method: 'POST', url: '/api/subscribers', payload: { email } })).statusCode,
  ).toBe(202)
  const mail = await smtp.waitForMailTo(email)
  const token = CONFIRM_LINK.exec(mail.text)![1]!
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscribers/confirm',
    payload: { token },
  })
  expect(res.statusCode).toBe(200)
  return email
}

async function createPost(body: Partial<PostBody>) {
  const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin })
  const { post } = PostMutationResponseSchema.parse(created.json())
  const res = await app.inject({
    method: 'PUT',
    url: `/api/posts/${post._id}`,
    headers: admin,
    payload: {
      title: unique('Newsletter post'),
      slug: unique('newsletter-post'),
      summary: 'What it is about.',
      body: 'Some **Markdown** with [a link](/portfolio).\n\n![A chart](/uploads/chart.webp)\n\n```js\nconst a = 1 < 2\n```',
      ...body,
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return PostMutationResponseSchema.parse(res.json()).post
}

const send = (id: string, headers = admin) =>
  app.inject({ method: 'POST', url: `/api/posts/${id}/send`, headers })
const newsletterOf = async (id: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/posts/${id}/newsletter`,
    headers: admin,
  })
  expect(res.statusCode).toBe(200)
  return NewsletterResponseSchema.parse(res.json()).newsletter
}
/** The send's figures once every delivery is done. */
const finished = (id: string) =>
  vi.waitFor(async () => {
    const newsletter = await newsletterOf(id)
    if (newsletter.status !== 'sent') throw new Error('still sending')
    return newsletter
  }, ASYNC_WORK)

const confirmedCount = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/subscribers', headers: admin })
  return SubscriberListSchema.parse(res.json()).counts.confirmed
}
const postMailsTo = (email: string, title: string): CaughtMail[] =>
  smtp.mailsTo(email).filter((mail) => mail.subject === title)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The header's business name alone, in the accent colour. */
const wordmark = (name: string, accent: string) =>
  new RegExp(`<span style="[^"]*color:${accent}[^"]*">${escapeRegExp(name)}</span>`)
/** The "Read on the site" link: white text on the accent colour. */
const button = (url: string, accent: string) =>
  new RegExp(
    `<a href="${escapeRegExp(url)}" style="[^"]*color:#ffffff[^"]*background:${accent}[^"]*">Read on the site</a>`,
  )
/** The preview line: text no client shows in the mail itself. */
const preheader = (text: string) =>
  new RegExp(`<div style="display:none;[^"]*">${escapeRegExp(text)}</div>`)

const siteSettings = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/settings', headers: admin })
  expect(res.statusCode).toBe(200)
  return SiteSettingsSchema.parse(res.json())
}
const saveSettings = async (settings: SiteSettings) => {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: settings,
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function uploadLogo(): Promise<string> {
  const content = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', 'image.png'))
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'logo.png')
  const request = new Request('http://upload.test', { method: 'POST', body: form })
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...admin, 'content-type': request.headers.get('content-type')! },
  })
  expect(res.statusCode).toBe(200)
  return res.json<string>()
}

/** Every mail in the owner's outbox list, all its pages. */
async function outboxMails(): Promise<OutboxMail[]> {
  const mails: OutboxMail[] = []
  for (let page = 1; ; page += 1) {
    const res = await app.inject({ method: 'GET', url: `/api/outbox?page=${page}`, headers: admin })
    expect(res.statusCode).toBe(200)
    const body = OutboxPageSchema.parse(res.json())
    mails.push(...body.mails)
    if (page >= body.pages) return mails
  }
}

/** The test of the post titled `title`, once it has reached the admin. */
const testMailOf = (title: string) =>
  vi.waitFor(() => found(postMailsTo(adminEmail, title)[0], 'the test mail'), ASYNC_WORK)
const sendTest = (id: string, headers = admin) =>
  app.inject({ method: 'POST', url: `/api/posts/${id}/newsletter/test`, headers })

describe('POST /api/posts/:id/send', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await app.inject({ method: 'POST', url: `/api/posts/${UNKNOWN_ID}/send` }), 401)
    expectError(await send(UNKNOWN_ID, user), 403)
  })

  it('answers 404 for an unknown post and 409 for a draft', async () => {
    expectError(await send(UNKNOWN_ID), 404)
    const draft = await createPost({ status: 'draft' })
    expectError(await send(draft._id), 409, /published/)
    const scheduled = await createPost({
      status: 'published',
      publishAt: new Date(START.getTime() + 48 * HOUR_MS).toISOString(),
    })
    expectError(await send(scheduled._id), 409, /published/)
  })

  it('mails the post once to every confirmed subscriber, with one-click unsubscribe', async () => {
    const settings = await siteSettings()
    const readers = [await confirmedSubscriber(), await confirmedSubscriber()]
    const post = await createPost({ status: 'published' })
    const recipients = await confirmedCount()

    const res = await send(post._id)
    expect(res.statusCode).toBe(202)
    expect(NewsletterResponseSchema.parse(res.json()).newsletter).toMatchObject({
      postId: post._id,
      recipients,
      failed: 0,
    })
    expect(await finished(post._id)).toMatchObject({
      recipients,
      sent: recipients,
      failed: 0,
      status: 'sent',
    })

    for (const reader of readers) {
      const mails = postMailsTo(reader, post.title)
      expect(mails).toHaveLength(1)
      const mail = mails[0]!
      const unsubscribe = UNSUBSCRIBE_LINK.exec(mail.text)![0]
      const header = (key: string) =>
        mail.parsed.headerLines
          .filter((line) => line.key === key)
          .map((line) => line.line.replace(/\r?\n\s+/g, ' '))
      expect(header('list-unsubscribe')).toEqual([`List-Unsubscribe: <${unsubscribe}>`])
      expect(header('list-unsubscribe-post')).toEqual([
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      ])
      expect(mail.html).toContain(`href="${unsubscribe}"`)
      // Both parts, links straight at the site, images with absolute addresses, code kept.
      expect(mail.text).toContain('Some **Markdown**')
      expect(mail.html).toContain('<strong>Markdown</strong>')
      expect(mail.html).toContain(`href="${PUBLIC_URL}/portfolio"`)
      expect(mail.html).toContain(`src="${PUBLIC_URL}/uploads/chart.webp"`)
      expect(mail.html).toContain('const a = 1 &lt; 2')
      expect(mail.html).toContain(`href="${PUBLIC_URL}/journal/${post.slug}"`)
      const links = [...mail.html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!)
      expect(links.every((link) => link.startsWith(`${PUBLIC_URL}/`))).toBe(true)
      // The business's look: its name as the header's wordmark (no logo yet), the accent colour
      // on the white-lettered button, and the summary as the hidden preview line.
      expect(mail.html).toMatch(wordmark(settings.businessName, settings.accentColor))
      expect(mail.html).toMatch(button(`${PUBLIC_URL}/journal/${post.slug}`, settings.accentColor))
      expect(mail.html).toMatch(preheader(post.summary))
    }
  })

  it('answers 409 to a second send of one post, and mails nobody again', async () => {
    const reader = await confirmedSubscriber()
    const post = await createPost({ status: 'published' })
    expect((await send(post._id)).statusCode).toBe(202)
    expectError(await send(post._id), 409, /already sent/)
    await finished(post._id)
    // Another round of the newsletter job and of the sender queue and send nothing more.
    await app.services.newsletter.runDue()
    await app.services.mail.deliverDue()
    await app.services.mail.drain()
    expect(postMailsTo(reader, post.title)).toHaveLength(1)
  })

  it('retries a temporary failure later, and counts a permanent one as failed', async () => {
    const postponed = await confirmedSubscriber()
    const refused = await confirmedSubscriber()
    smtp.refuseRecipient(postponed, 451, 1)
    smtp.refuseRecipient(refused, 550, 1)
    const post = await createPost({ status: 'published' })
    const recipients = await confirmedCount()
    expect((await send(post._id)).statusCode).toBe(202)

    // Everyone else is done; the postponed one waits for its retry time.
    await vi.waitFor(async () => {
      const newsletter = await newsletterOf(post._id)
      expect(newsletter).toMatchObject({ sent: recipients - 2, failed: 1, retrying: 1 })
    }, ASYNC_WORK)
    expect((await newsletterOf(post._id)).status).toBe('sending')
    expect(postMailsTo(postponed, post.title)).toHaveLength(0)

    offsetMs += HOUR_MS
    // The sender's next run, as its job makes it, finds the retry due.
    await app.services.mail.deliverDue()
    expect(await finished(post._id)).toMatchObject({
      recipients,
      sent: recipients - 1,
      failed: 1,
      retrying: 0,
    })
    expect(postMailsTo(postponed, post.title)).toHaveLength(1)
    expect(postMailsTo(refused, post.title)).toHaveLength(0)
  })
})

describe('POST /api/posts/:id/newsletter/test', () => {
  it('answers 401 to a visitor, 403 to a user and 404 for an unknown post', async () => {
    const post = await createPost({ status: 'published' })
    const url = `/api/posts/${post._id}/newsletter/test`
    expectError(await app.inject({ method: 'POST', url }), 401)
    expectError(await sendTest(post._id, user), 403)
    expectError(await sendTest(UNKNOWN_ID), 404)
  })

  it('mails the post to the signed-in admin alone, records no send, and leaves the one real send', async () => {
    const reader = await confirmedSubscriber()
    const post = await createPost({ status: 'published' })

    const res = await sendTest(post._id)
    expect(res.statusCode).toBe(200)
    expect(NewsletterTestResponseSchema.parse(res.json()).message).toContain(adminEmail)
    const test = await testMailOf(post.title)
    // Sent through the outbox, to the admin and nobody else.
    expect(smtp.mails.filter((mail) => mail.subject === post.title).map((m) => m.to)).toEqual([
      [adminEmail.toLowerCase()],
    ])
    const queued = (await outboxMails()).filter((mail) => mail.subject === post.title)
    expect(queued.map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: 'newsletter-test', to: adminEmail },
    ])
    // No send was recorded.
    expectError(
      await app.inject({ method: 'GET', url: `/api/posts/${post._id}/newsletter`, headers: admin }),
      404,
    )

    // The mail the subscribers will get, with a link of the same form that unsubscribes nobody.
    expect(test.text).toContain('Some **Markdown**')
    expect(test.html).toContain('<strong>Markdown</strong>')
    expect(test.html).toMatch(preheader(post.summary))
    const unsubscribe = UNSUBSCRIBE_LINK.exec(test.text)![0]
    expect(test.html).toContain(`href="${unsubscribe}"`)
    const refused = await app.inject({
      method: 'POST',
      url: new URL(unsubscribe).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expectError(refused, 404)

    // The real send still goes out, once, to the subscribers.
    expect((await send(post._id)).statusCode).toBe(202)
    await finished(post._id)
    await vi.waitFor(() => expect(postMailsTo(reader, post.title)).toHaveLength(1), ASYNC_WORK)
    expect(postMailsTo(adminEmail, post.title)).toHaveLength(1)
    const list = SubscriberListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/subscribers', headers: admin })).json(),
    )
    expect(list.subscribers.find((s) => s.email === reader)?.status).toBe('confirmed')
  })

  it('mails a draft too, before it is published', async () => {
    const draft = await createPost({ status: 'draft' })
    expect((await sendTest(draft._id)).statusCode).toBe(200)
    expect((await testMailOf(draft.title)).text).toContain(draft.title)
  })

  it("shows the owner's logo, as an address on the site, and their accent colour", async () => {
    const before = await siteSettings()
    const logo = await uploadLogo()
    const accentColor = '#0f5132'
    await saveSettings({ ...before, businessName: 'Okafor Digital', accentColor, logo })
    try {
      const post = await createPost({ status: 'published', summary: 'Three <quick> notes.' })
      expect((await sendTest(post._id)).statusCode).toBe(200)
      const mail = await testMailOf(post.title)

      const logoUrl = `${PUBLIC_URL}${iconPath(logo, 180)}`
      expect(mail.html).toMatch(
        new RegExp(`<img src="${escapeRegExp(logoUrl)}" alt="" width="40" height="40"`),
      )
      expect(mail.html).toContain('>Okafor Digital</span>')
      expect(mail.html).not.toMatch(wordmark('Okafor Digital', accentColor))
      expect(mail.html).toMatch(button(`${PUBLIC_URL}/journal/${post.slug}`, accentColor))
      expect(mail.html).toMatch(preheader('Three &lt;quick&gt; notes.'))
      expect(mail.html).toMatch(/You receive this because you subscribed to Okafor Digital/)
      // The address serves the logo as a PNG.
      const icon = await app.inject({ method: 'GET', url: new URL(logoUrl).pathname })
      expect(icon.statusCode).toBe(200)
      expect(icon.headers['content-type']).toBe('image/png')
    } finally {
      await saveSettings(before)
    }
  })
})

describe('GET /api/posts/:id/newsletter', () => {
  it('answers 401 to a visitor, 403 to a user and 404 before a send', async () => {
    const post = await createPost({ status: 'published' })
    const url = `/api/posts/${post._id}/newsletter`
    expectError(await app.inject({ method: 'GET', url }), 401)
    expectError(await app.inject({ method: 'GET', url, headers: user }), 403)
    expectError(await app.inject({ method: 'GET', url, headers: admin }), 404)
  })
})

describe('POST /unsubscribe/:token', () => {
  it('unsubscribes with RFC 8058 one-click, so the next send skips the address', async () => {
    const reader = await confirmedSubscriber()
    const first = await createPost({ status: 'published' })
    expect((await send(first._id)).statusCode).toBe(202)
    await finished(first._id)
    const mail = found(postMailsTo(reader, first.title)[0], 'the post')
    const url = new URL(UNSUBSCRIBE_LINK.exec(mail.text)![0])

    const res = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    MessageResponseSchema.parse(res.json())
    const list = SubscriberListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/subscribers', headers: admin })).json(),
    )
    expect(list.subscribers.find((s) => s.email === reader)?.status).toBe('unsubscribed')
    expect((await newsletterOf(first._id)).unsubscribed).toBe(1)

    const second = await createPost({ status: 'published' })
    expect((await send(second._id)).statusCode).toBe(202)
    await finished(second._id)
    expect(postMailsTo(reader, second.title)).toHaveLength(0)
  })

  it('sends a browser back to the page, and answers 404 to an unknown token', async () => {
    const reader = await confirmedSubscriber()
    const post = await createPost({ status: 'published' })
    expect((await send(post._id)).statusCode).toBe(202)
    await finished(post._id)
    const mail = found(postMailsTo(reader, post.title)[0], 'the post')
    const { pathname } = new URL(UNSUBSCRIBE_LINK.exec(mail.text)![0])
    const res = await app.inject({
      method: 'POST',
      url: pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(pathname)
    // RFC 8058 also allows the field as multipart/form-data.
    const boundary = 'one-click-boundary'
    const multipart = await app.inject({
      method: 'POST',
      url: pathname,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    })
    expect(multipart.statusCode).toBe(200)
    expectError(await app.inject({ method: 'POST', url: '/unsubscribe/unknown-token' }), 404)
  })
})
