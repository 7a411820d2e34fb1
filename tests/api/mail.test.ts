import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { MessageSchema } from '#common/schemas/messages.ts'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { deviceOf } from '#server/lib/countable-view.ts'
import { messages, outboxMails } from '#server/db/schema.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { makeAdmin, makeMessage } from '#tests/helpers/factories.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK, found } from '#tests/helpers/wait.ts'

const OWNER = 'owner@site.test'
const RETRY_MS = 200
const ADMIN_URL = 'http://site.test/admin/messages'

const unique = () => Math.random().toString(36).slice(2, 10)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const contactBody = (overrides: Record<string, string> = {}) => ({
  fullName: 'Grace Hopper',
  email: `grace-${unique()}@example.com`,
  subject: `Project ${unique()}`,
  message: 'Could you build my site?',
  ...overrides,
})

async function postContact(app: TestApp, body: ReturnType<typeof contactBody>) {
  const res = await app.inject({ method: 'POST', url: '/api/messages/contact', payload: body })
  expect(res.statusCode).toBe(201)
  return MessageSchema.parse(res.json())
}

async function messageRow(app: TestApp, id: string) {
  const [row] = await app.database.db.select().from(messages).where(eq(messages.id, id))
  return row
}

type Row = NonNullable<Awaited<ReturnType<typeof messageRow>>>

/** The outbox's record of the mail with `subject`, once it exists. */
const outboxRowOf = (app: TestApp, subject: string) =>
  vi.waitFor(async () => {
    const [row] = await app.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.subject, subject))
    return found(row, `an outbox row "${subject}"`)
  }, ASYNC_WORK)

/** The message's row once `holds` is true of it; until then throws, so vi.waitFor tries again. */
async function rowOnce(app: TestApp, id: string, holds: (row: Row) => boolean) {
  const row = await messageRow(app, id)
  return found(row && holds(row) ? row : undefined, `message ${id} to change`)
}

const mailsWithSubject = (smtp: TestSmtpServer, to: string, subject: string) =>
  smtp.mailsTo(to).filter((m) => m.subject === subject)

/** The first mail to `to` with `subject`, waiting for it to arrive. */
const mailWithSubject = (smtp: TestSmtpServer, to: string, subject: string) =>
  vi.waitFor(() => found(mailsWithSubject(smtp, to, subject)[0], `"${subject}"`), ASYNC_WORK)

describe('owner notification over SMTP', () => {
  let app: TestApp
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startSmtpServer()
    app = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        OWNER_EMAIL: OWNER,
        MAIL_RETRY_INTERVAL_MS: String(RETRY_MS),
        RATE_LIMIT_SCALE: '0',
      },
    })
  })
  afterAll(async () => {
    await app.cleanup()
    await smtp.close()
  })

  it('mails OWNER_EMAIL about a new contact message and records it', async () => {
    const body = contactBody()
    const message = await postContact(app, body)
    const subject = `New contact message: ${body.subject}`
    const mail = await mailWithSubject(smtp, OWNER, subject)
    expect(mail.text).toContain(`New message from Grace Hopper <${body.email}>`)
    expect(mail.text).toContain(body.message)
    expect(mail.text).toContain(ADMIN_URL)
    expect(mail.html).toContain(`href="${ADMIN_URL}"`)
    expect(mail.parsed.replyTo?.text).toBe(body.email)
    expect(mail.parsed.from?.text).toContain('no-reply@site.test')
    const row = await vi.waitFor(
      () => rowOnce(app, message._id, (r) => r.notifiedAt !== null),
      ASYNC_WORK,
    )
    expect(row.notifyAttempts).toBe(0)
    expect(row.notifyRetryAt).toBeNull()
  })

  it('escapes every visitor field in the notification HTML', async () => {
    const body = contactBody({
      fullName: '<img src=x onerror=alert(1)>',
      subject: `<script>alert("${unique()}")</script>`,
      message: '"><svg onload=alert(1)>\n\n<a href="javascript:alert(1)">click</a>',
    })
    await postContact(app, body)
    const mail = await mailWithSubject(smtp, OWNER, `New contact message: ${body.subject}`)
    expect(mail.html).not.toMatch(/<script|<img|<svg|href="javascript/i)
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;')
    expect(mail.html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;')
    expect(mail.html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;')
  })

  it('keeps a line break in the subject from adding mail headers', async () => {
    const tag = unique()
    const body = contactBody({ subject: `Hi ${tag}\r\nBcc: evil@example.com` })
    await postContact(app, body)
    const withTag = () => smtp.mailsTo(OWNER).find((m) => m.subject.includes(tag))
    const mail = await vi.waitFor(() => found(withTag(), tag), ASYNC_WORK)
    expect(mail.subject).toBe(`New contact message: Hi ${tag} Bcc: evil@example.com`)
    expect(mail.parsed.bcc).toBeUndefined()
    expect(smtp.mailsTo('evil@example.com')).toHaveLength(0)
  })

  it('answers 201 while SMTP is down, then the outbox delivers the notification exactly once', async () => {
    const body = contactBody()
    const subject = `New contact message: ${body.subject}`
    smtp.setRejectAll(true)
    let message
    try {
      message = await postContact(app, body)
      // Queued with the message, in its transaction: the message counts as notified.
      expect((await messageRow(app, message._id))?.notifiedAt).toBeInstanceOf(Date)
      await vi.waitFor(async () => {
        const queued = await outboxRowOf(app, subject)
        expect(queued).toMatchObject({ kind: 'contact-notification', status: 'queued' })
        expect(queued.attempts).toBeGreaterThanOrEqual(2)
      }, ASYNC_WORK)
      expect(mailsWithSubject(smtp, OWNER, subject)).toHaveLength(0)
    } finally {
      smtp.setRejectAll(false)
    }
    await mailWithSubject(smtp, OWNER, subject)
    await vi.waitFor(async () => {
      expect((await outboxRowOf(app, subject)).status).toBe('sent')
    }, ASYNC_WORK)
    await sleep(RETRY_MS * 5)
    expect(mailsWithSubject(smtp, OWNER, subject)).toHaveLength(1)
  })

  it('queues each pending message once even when runs of the job overlap', async () => {
    const pending = await Promise.all(
      Array.from({ length: 5 }, () => makeMessage(app, { subject: `Pending ${unique()}` })),
    )
    const service = app.services.messages
    await Promise.all([
      service.queuePendingNotifications(),
      service.queuePendingNotifications(),
      service.queuePendingNotifications(),
    ])
    for (const m of pending) {
      await mailWithSubject(smtp, OWNER, `New contact message: ${m.subject}`)
    }
    await sleep(RETRY_MS * 5)
    for (const m of pending) {
      expect(mailsWithSubject(smtp, OWNER, `New contact message: ${m.subject}`)).toHaveLength(1)
      expect((await messageRow(app, m.id))?.notifiedAt).toBeInstanceOf(Date)
    }
  })
})

describe('owner notification without OWNER_EMAIL', () => {
  let app: TestApp
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startSmtpServer()
    app = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_RETRY_INTERVAL_MS: String(RETRY_MS), RATE_LIMIT_SCALE: '0' },
    })
  })
  afterAll(async () => {
    await app.cleanup()
    await smtp.close()
  })

  it('keeps the message pending while there is no admin, then mails the first admin', async () => {
    const early = await postContact(app, contactBody())
    await sleep(RETRY_MS * 4)
    await app.services.messages.drainBackground()
    // Only the sender's acknowledgement has gone: the owner's notification waits for an admin.
    expect(smtp.mails.map((m) => m.to)).toEqual([[early.email]])
    const waiting = await messageRow(app, early._id)
    expect(waiting?.notifiedAt).toBeNull()
    expect(waiting?.notifyAttempts).toBe(0)

    const first = await makeAdmin(app)
    await makeAdmin(app, { createdAt: new Date(Date.now() + 60_000) })
    const mail = await mailWithSubject(smtp, first.email, `New contact message: ${early.subject}`)
    expect(mail.to).toEqual([first.email])

    const later = await postContact(app, contactBody())
    await mailWithSubject(smtp, first.email, `New contact message: ${later.subject}`)
    const senders = [early.email, later.email]
    expect(
      smtp.mails.every((m) => m.to.join() === first.email || senders.includes(m.to.join())),
    ).toBe(true)
  })
})

describe("the notification's address and contents", () => {
  const DESKTOP =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
  let app: TestApp
  let smtp: TestSmtpServer
  let admin: Record<string, string>
  beforeAll(async () => {
    smtp = await startSmtpServer()
    app = await createTestApp({
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '0' },
    })
    admin = (await asAdmin(app)).headers
  })
  afterAll(async () => {
    await app.cleanup()
    await smtp.close()
  })

  async function saveSettings(changes: Partial<SiteSettings>) {
    const current = SiteSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
    )
    const res = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...current, ...changes },
    })
    expect(res.statusCode, res.body).toBe(200)
  }

  it("goes to OWNER_EMAIL while the settings' e-mail is the first-run one, then to the owner's own", async () => {
    const before = await postContact(app, contactBody())
    await mailWithSubject(smtp, OWNER, `New contact message: ${before.subject}`)

    const own = `owner-${unique()}@studio.example`
    await saveSettings({ email: own })
    const after = await postContact(app, contactBody())
    const subject = `New contact message: ${after.subject}`
    expect((await mailWithSubject(smtp, own, subject)).to).toEqual([own])
    await app.services.messages.drainBackground()
    expect(mailsWithSubject(smtp, OWNER, subject)).toEqual([])
    await saveSettings({ email: SITE_DEFAULTS.email })
  })

  it('carries the qualifying answers and the lead source, escaped in the HTML', async () => {
    const ip = '198.51.100.7'
    const view = { ip, userAgent: DESKTOP, device: deviceOf(DESKTOP), country: null }
    app.services.stats.record({
      ...view,
      path: '/webdesign',
      at: new Date(),
      source: 'www.linkedin.com',
      utm: { source: 'linkedin', medium: '', campaign: 'spring & <sale>' },
    })
    app.services.stats.record({
      ...view,
      path: '/contact',
      at: new Date(),
      source: null,
      utm: { source: null, medium: null, campaign: null },
    })
    const { inquiry } = SITE_DEFAULTS
    const body = {
      ...contactBody(),
      projectType: inquiry.projectTypes[1]!,
      budget: inquiry.budgets[1]!,
      timeline: inquiry.timelines[0]!,
      website: 'https://shop.example/?a=1&b=2',
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: body,
      headers: { 'user-agent': DESKTOP },
      remoteAddress: ip,
    })
    expect(res.statusCode, res.body).toBe(201)
    const mail = await mailWithSubject(smtp, OWNER, `New contact message: ${body.subject}`)
    for (const line of [
      `Project type: ${body.projectType}`,
      `Budget: ${body.budget}`,
      `Timeline: ${body.timeline}`,
      `Website: ${body.website}`,
      'Came from: www.linkedin.com',
      'Campaign: linkedin / spring & <sale>',
      'Landed on: /webdesign',
    ])
      expect(mail.text).toContain(line)
    expect(mail.html).toContain(`<strong>Budget:</strong> ${body.budget}`)
    expect(mail.html).toContain('https://shop.example/?a=1&amp;b=2')
    expect(mail.html).toContain('<strong>Campaign:</strong> linkedin / spring &amp; &lt;sale&gt;')
    expect(mail.html).not.toContain('<sale>')
  })

  it('leaves out the questions not answered and the visit when none was counted', async () => {
    const body = { ...contactBody(), budget: SITE_DEFAULTS.inquiry.budgets[0]! }
    await postContact(app, body)
    const mail = await mailWithSubject(smtp, OWNER, `New contact message: ${body.subject}`)
    expect(mail.text).toContain(`Budget: ${body.budget}`)
    expect(mail.text).not.toMatch(/Project type:|Timeline:|Website:|Came from:|Campaign:/)
  })
})

describe('outbox transport (no SMTP_URL)', () => {
  let app: TestApp
  let dataDir: string
  let outbox: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-outbox-'))
    outbox = path.join(dataDir, 'outbox')
    app = await createTestApp({
      env: { DATA_DIR: dataDir, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '0' },
    })
  })
  afterAll(async () => {
    await app.cleanup()
    await rm(dataDir, { recursive: true, force: true })
  })

  const emlContaining = (text: string) =>
    vi.waitFor(async () => {
      const files = await readdir(outbox).catch(() => [])
      for (const file of files.filter((f) => f.endsWith('.eml'))) {
        const content = await readFile(path.join(outbox, file), 'utf8')
        if (content.includes(text)) return content
      }
      return found(undefined, `an .eml file containing ${text}`)
    }, ASYNC_WORK)

  it('writes the contact notification as an .eml file under DATA_DIR/outbox', async () => {
    const body = contactBody()
    const message = await postContact(app, body)
    const eml = await emlContaining(`Subject: New contact message: ${body.subject}`)
    expect(eml).toMatch(new RegExp(`^To: ${OWNER}$`, 'm'))
    // MAIL_FROM's address under the business name, not MAIL_FROM's own name ("Site").
    expect(eml).toMatch(
      new RegExp(`^From: ${SITE_DEFAULTS.businessName} <no-reply@site\\.test>$`, 'm'),
    )
    expect(eml).toContain(body.message)
    await vi.waitFor(() => rowOnce(app, message._id, (r) => r.notifiedAt !== null), ASYNC_WORK)
  })

  it('writes a reply as an .eml file too', async () => {
    const { headers } = await asAdmin(app)
    const subject = `Quote ${unique()}`
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers,
      payload: { email: 'visitor@example.com', subject, replyContent: 'Here is the quote.' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Reply sent successfully' })
    const eml = await emlContaining(`Subject: Re: ${subject}`)
    expect(eml).toMatch(/^To: visitor@example\.com$/m)
    expect(eml).toContain('Here is the quote.')
  })
})

describe('SMTP transport with an unreachable server', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        OWNER_EMAIL: OWNER,
        MAIL_RETRY_INTERVAL_MS: String(RETRY_MS),
        RATE_LIMIT_SCALE: '0',
      },
    })
  })
  afterAll(() => app.cleanup())

  it('answers a reply with 502 and records nothing', async () => {
    const { headers } = await asAdmin(app)
    const message = await makeMessage(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers,
      payload: {
        email: message.email,
        subject: message.subject,
        replyContent: 'Lost',
        messageId: message.id,
      },
    })
    expectError(res, 502, 'Failed to send reply')
    const row = await messageRow(app, message.id)
    expect(row?.replyContent).toBeNull()
    expect(row?.repliedAt).toBeNull()
  })

  it('still stores a contact message and keeps its notification queued in the outbox', async () => {
    const body = contactBody()
    const message = await postContact(app, body)
    expect(message).toMatchObject({
      fullName: body.fullName,
      email: body.email,
      subject: body.subject,
    })
    const row = await messageRow(app, message._id)
    expect(row?.message).toBe(body.message)
    const queued = await vi.waitFor(async () => {
      const mail = await outboxRowOf(app, `New contact message: ${body.subject}`)
      expect(mail).toMatchObject({ status: 'queued', lastError: expect.any(String) })
      return mail
    }, ASYNC_WORK)
    expect(queued.attempts).toBeGreaterThanOrEqual(1)
    expect(queued.lastError).toMatch(/ECONNREFUSED|connect/i)
  })
})
