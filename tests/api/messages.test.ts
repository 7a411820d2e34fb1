import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MESSAGES_PAGE_SIZE } from '#common/constants.ts'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import {
  MessageSchema,
  MessagesListSchema,
  MessagesPageSchema,
  type Message,
} from '#common/schemas/messages.ts'
import { messages } from '#server/db/schema.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeMessage } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const OWNER = 'owner@site.test'

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let user: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '0' },
  })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Ada Lovelace',
  email: `ada-${Math.random().toString(36).slice(2, 10)}@example.com`,
  subject: 'A website for my shop',
  message: 'Hello,\nI would like a quote.',
  ...overrides,
})

const messageRow = async (id: string) => {
  const [row] = await app.database.db.select().from(messages).where(eq(messages.id, id))
  return row
}

const adminPage = async (page: number | string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/messages/admin?page=${page}`,
    headers: admin,
  })
  expect(res.statusCode).toBe(200)
  return MessagesPageSchema.parse(res.json())
}

const byNewest = (a: Message, b: Message) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id)

describe('POST /api/messages/contact', () => {
  it('returns 201 with the stored message', async () => {
    const body = contactBody({ email: '  Ada.Shop@Example.COM ', fullName: '  Ada Lovelace ' })
    const res = await app.inject({ method: 'POST', url: '/api/messages/contact', payload: body })
    expect(res.statusCode).toBe(201)
    const message = MessageSchema.parse(res.json())
    expect(message).toEqual({
      _id: expect.any(String),
      fullName: 'Ada Lovelace',
      email: 'ada.shop@example.com',
      subject: body.subject,
      message: body.message,
      createdAt: expect.any(String),
      replyContent: null,
      repliedAt: null,
      readAt: null,
      replies: [],
      spam: false,
      projectType: null,
      budget: null,
      timeline: null,
      website: null,
      stage: 'new',
      notes: [],
      visit: null,
    })
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt)
    expect(Math.abs(Date.parse(message.createdAt) - Date.now())).toBeLessThan(60_000)
    const row = await messageRow(message._id)
    expect(row).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada.shop@example.com' })
  })

  it('drops keys a visitor may not set', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: contactBody({
        _id: 'x',
        replyContent: 'forged',
        repliedAt: '2020-01-01T00:00:00.000Z',
      }),
    })
    expect(res.statusCode).toBe(201)
    const message = MessageSchema.parse(res.json())
    expect(message._id).not.toBe('x')
    expect(message.replyContent).toBeNull()
    expect(message.repliedAt).toBeNull()
  })

  it.each([
    ['fullName', { fullName: undefined }, /^fullName: Full name is required$/],
    ['fullName', { fullName: '   ' }, /^fullName: Full name is required$/],
    ['email', { email: undefined }, /^email: Email is required$/],
    ['email', { email: 'not-an-email' }, /^email: Email is not a valid e-mail address$/],
    ['subject', { subject: '' }, /^subject: Subject is required$/],
    ['subject', { subject: 'x'.repeat(201) }, /^subject: Subject must be at most 200 characters$/],
    ['message', { message: undefined }, /^message: Message is required$/],
    ['message', { message: 42 }, /^message: /],
    [
      'projectType',
      { projectType: 'A spaceship' },
      /^projectType: Project type must be one of the listed options$/,
    ],
    ['budget', { budget: 'Millions' }, /^budget: Budget must be one of the listed options$/],
    [
      'timeline',
      { timeline: 'Yesterday' },
      /^timeline: Timeline must be one of the listed options$/,
    ],
    ['timeline', { timeline: 7 }, /^timeline: Timeline must be text$/],
    [
      'website',
      { website: 'javascript:alert(1)' },
      /^website: Website must be a web address such as example\.com or https:\/\/example\.com$/,
    ],
    ['website', { website: 'my shop' }, /^website: Website must be a web address/],
    ['website', { website: 'localhost' }, /^website: Website must be a web address/],
  ])(
    'returns 400 naming %s when it is missing or invalid (%j)',
    async (_field, overrides, message) => {
      const before = (await adminPage(1)).totalMessages
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages/contact',
        payload: contactBody(overrides),
      })
      expectError(res, 400, message)
      expect((await adminPage(1)).totalMessages).toBe(before)
    },
  )

  it.each([
    ['shahflorist.co.uk', 'https://shahflorist.co.uk'],
    ['shop.example.co.uk', 'https://shop.example.co.uk'],
    ['www.example.com/shop', 'https://www.example.com/shop'],
    ['http://old.example.com', 'http://old.example.com'],
  ])('stores the website %s as %s', async (typed, stored) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: contactBody({ website: typed }),
    })
    expect(res.statusCode).toBe(201)
    expect(MessageSchema.parse(res.json()).website).toBe(stored)
  })

  it('stores the qualifying answers, and leaves empty ones out', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: contactBody({
        projectType: 'Redesign',
        budget: 'Not sure yet',
        timeline: '',
        website: ' https://old-shop.example/home ',
      }),
    })
    expect(res.statusCode).toBe(201)
    const created = MessageSchema.parse(res.json())
    expect(created).toMatchObject({
      projectType: 'Redesign',
      budget: 'Not sure yet',
      timeline: null,
      website: 'https://old-shop.example/home',
    })
    expect((await adminPage(1)).messages.find((m) => m._id === created._id)).toEqual(created)

    const csv = await app.inject({
      method: 'GET',
      url: `/api/messages/export.csv?q=${encodeURIComponent(created.email)}`,
      headers: admin,
    })
    expect(csv.body.split('\n')[0]).toMatch(/,Project type,Budget,Timeline,Website,Stage$/)
    expect(csv.body.trim()).toMatch(
      /,Redesign,Not sure yet,,https:\/\/old-shop\.example\/home,new$/,
    )
  })

  it('refuses an answer to a question the owner no longer asks, naming the field', async () => {
    const settings = (await app.inject({ method: 'GET', url: '/api/settings' })).json() as {
      inquiry: object
    }
    const put = (inquiry: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin,
        payload: { ...settings, inquiry },
      })
    expect(
      (await put({ projectTypes: [], budgets: [], timelines: [], askWebsite: false })).statusCode,
    ).toBe(200)
    try {
      for (const [field, value] of [
        ['projectType', 'Redesign'],
        ['website', 'https://old-shop.example'],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/messages/contact',
          payload: contactBody({ [field]: value }),
        })
        expectError(res, 400, new RegExp(`^${field}: `))
      }
    } finally {
      expect((await put(settings.inquiry)).statusCode).toBe(200)
    }
  })

  it('shows the stored message first in the admin list', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: contactBody({ subject: 'Newest of all' }),
    })
    const created = MessageSchema.parse(res.json())
    const page = await adminPage(1)
    expect(page.messages[0]).toEqual(created)
  })
})

describe('GET /api/messages/admin', () => {
  it('pages 12 at a time, newest first, with a stable order for equal dates', async () => {
    // Dates far in the past put these at the very end of the list, whatever else exists.
    const base = Date.UTC(2001, 0, 1)
    const old = []
    for (let i = 0; i < MESSAGES_PAGE_SIZE + 1; i += 1) {
      const createdAt = new Date(base + Math.min(i, MESSAGES_PAGE_SIZE - 1) * 60_000)
      old.push(await makeMessage(app, { createdAt }))
    }
    const first = await adminPage(1)
    const all: Message[] = []
    for (let page = 1; page <= first.pages; page += 1) {
      const result = await adminPage(page)
      expect(result.page).toBe(page)
      expect(result.totalMessages).toBe(first.totalMessages)
      expect(result.pages).toBe(Math.ceil(first.totalMessages / MESSAGES_PAGE_SIZE))
      expect(result.messages.length).toBe(
        page < first.pages
          ? MESSAGES_PAGE_SIZE
          : first.totalMessages - MESSAGES_PAGE_SIZE * (page - 1),
      )
      all.push(...result.messages)
    }
    expect(all).toHaveLength(first.totalMessages)
    expect(new Set(all.map((m) => m._id)).size).toBe(all.length)
    expect([...all].sort(byNewest)).toEqual(all)
    const expectedTail = [...old]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((m) => m.id)
    expect(all.slice(-old.length).map((m) => m._id)).toEqual(expectedTail)
  })

  it.each(['', 'abc', '0', '-2', '1.5', '99999999999999999999'])(
    'treats page=%j as the first page',
    async (page) => {
      const expected = await adminPage(1)
      const res = await adminPage(page)
      expect(res).toEqual(expected)
    },
  )

  it('returns an empty list past the last page', async () => {
    const first = await adminPage(1)
    const past = await adminPage(first.pages + 1)
    expect(past).toEqual({ ...first, messages: [], page: first.pages + 1 })
  })
})

describe('GET /api/messages', () => {
  it('returns the messages newest first for an admin', async () => {
    const created = await makeMessage(app, { createdAt: new Date(Date.now() + 60_000) })
    const res = await app.inject({ method: 'GET', url: '/api/messages', headers: admin })
    expect(res.statusCode).toBe(200)
    const body = MessagesListSchema.parse(res.json())
    expect(body.messages[0]?._id).toBe(created.id)
    expect([...body.messages].sort(byNewest)).toEqual(body.messages)
    expect(body.messages.length).toBe((await adminPage(1)).totalMessages)
  })
})

describe('admin-only message calls', () => {
  const someId = '00000000-0000-4000-8000-000000000000'
  const calls = [
    { method: 'GET', url: '/api/messages' },
    { method: 'GET', url: '/api/messages/admin?page=1' },
    { method: 'DELETE', url: `/api/messages/${someId}` },
    {
      method: 'POST',
      url: '/api/messages/reply',
      payload: { email: 'visitor@example.com', subject: 'Hi', replyContent: 'Hello' },
    },
  ] as const

  it.each(calls)('$method $url returns 401 without a token', async (call) => {
    expectError(await app.inject({ ...call }), 401, 'Not authorized, no token')
  })

  it.each(calls)('$method $url returns 401 with a forged token', async (call) => {
    const res = await app.inject({ ...call, headers: { authorization: 'Bearer not.a.token' } })
    expectError(res, 401)
  })

  it.each(calls)('$method $url returns 403 for a signed-in non-admin', async (call) => {
    expectError(await app.inject({ ...call, headers: user }), 403, 'Not authorized as an admin')
  })

  it('sends no reply mail for a refused caller', async () => {
    const to = 'refused@example.com'
    const payload = { email: to, subject: 'Hi', replyContent: 'Hello' }
    await app.inject({ method: 'POST', url: '/api/messages/reply', payload, headers: user })
    await app.inject({ method: 'POST', url: '/api/messages/reply', payload })
    expect(smtp.mailsTo(to)).toHaveLength(0)
  })
})

describe('DELETE /api/messages/:id', () => {
  it('deletes the message, then answers 404', async () => {
    const message = await makeMessage(app)
    const url = `/api/messages/${message.id}`
    const res = await app.inject({ method: 'DELETE', url, headers: admin })
    expect(res.statusCode).toBe(200)
    expect(MessageResponseSchema.parse(res.json())).toEqual({
      message: 'Message deleted successfully',
    })
    expect(await messageRow(message.id)).toBeUndefined()
    expectError(
      await app.inject({ method: 'DELETE', url, headers: admin }),
      404,
      'Message not found',
    )
  })

  it('returns 400 naming the id when it is not a valid id', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/messages/nope', headers: admin })
    expectError(res, 400, /^id: /)
  })
})

describe('POST /api/messages/reply', () => {
  const reply = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/messages/reply', payload, headers: admin })

  it('mails "Re: <subject>" with the reply text escaped, and records it on the message', async () => {
    const message = await makeMessage(app, { subject: 'Quote request' })
    const res = await reply({
      email: message.email,
      subject: message.subject,
      replyContent: 'Thanks! <b>x</b> & more\n\nSecond paragraph',
      messageId: message.id,
    })
    expect(res.statusCode).toBe(200)
    expect(MessageResponseSchema.parse(res.json())).toEqual({ message: 'Reply sent successfully' })

    const mail = smtp.lastMailTo(message.email)
    expect(mail.subject).toBe('Re: Quote request')
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt; &amp; more')
    expect(mail.html).not.toContain('<b>x</b>')
    expect(mail.text).toContain('Thanks! <b>x</b> & more')
    expect(mail.parsed.from?.text).toContain('no-reply@site.test')
    expect(mail.parsed.replyTo?.text).toContain(SITE_DEFAULTS.email)

    const row = await messageRow(message.id)
    expect(row?.replyContent).toBe('Thanks! <b>x</b> & more\n\nSecond paragraph')
    expect(row?.repliedAt).toBeInstanceOf(Date)
    const listed = (await adminPage(1)).messages.concat(
      (await app.inject({ method: 'GET', url: '/api/messages', headers: admin })).json().messages,
    )
    const shown = listed.find((m: Message) => m._id === message.id)
    expect(shown?.replyContent).toBe(row?.replyContent)
    expect(shown?.repliedAt).toBe(row?.repliedAt?.toISOString())
  })

  it.each(['Re: Quote', 'RE: Quote', '  Re: Quote  '])(
    'never doubles the prefix of %j',
    async (subject) => {
      const to = `re-${Math.random().toString(36).slice(2, 8)}@example.com`
      const res = await reply({ email: to, subject, replyContent: 'Sure' })
      expect(res.statusCode).toBe(200)
      expect(smtp.lastMailTo(to).subject).toMatch(/^re: Quote$/i)
    },
  )

  it('sends a reply without a messageId and records nothing', async () => {
    const message = await makeMessage(app)
    const res = await reply({ email: message.email, subject: 'Hello', replyContent: 'Hi there' })
    expect(res.statusCode).toBe(200)
    expect(smtp.lastMailTo(message.email).subject).toBe('Re: Hello')
    expect((await messageRow(message.id))?.replyContent).toBeNull()
  })

  it('returns 404 for an unknown messageId and sends nothing', async () => {
    const to = 'unknown-message@example.com'
    const res = await reply({
      email: to,
      subject: 'Hello',
      replyContent: 'Hi',
      messageId: '00000000-0000-4000-8000-000000000001',
    })
    expectError(res, 404, 'Message not found')
    expect(smtp.mailsTo(to)).toHaveLength(0)
  })

  it.each([
    [{ email: 'nope' }, /^email: /],
    [{ subject: '' }, /^subject: Subject is required$/],
    [{ replyContent: ' ' }, /^replyContent: Reply is required$/],
    [{ messageId: 'abc' }, /^messageId: /],
  ])('returns 400 naming the field for %j', async (overrides, message) => {
    const res = await reply({
      email: 'v@example.com',
      subject: 'S',
      replyContent: 'R',
      ...overrides,
    })
    expectError(res, 400, message)
  })

  it('returns 502 "Failed to send reply" when SMTP refuses, and records nothing', async () => {
    const message = await makeMessage(app)
    smtp.setRejectAll(true)
    try {
      const res = await reply({
        email: message.email,
        subject: message.subject,
        replyContent: 'This will not arrive',
        messageId: message.id,
      })
      expectError(res, 502, 'Failed to send reply')
    } finally {
      smtp.setRejectAll(false)
    }
    expect(smtp.mailsTo(message.email)).toHaveLength(0)
    const row = await messageRow(message.id)
    expect(row?.replyContent).toBeNull()
    expect(row?.repliedAt).toBeNull()
  })
})

describe('contact rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '1' },
    })
  })
  afterAll(() => limited.cleanup())

  it('answers 429 JSON once a client has sent too many messages', async () => {
    const post = () =>
      limited.inject({ method: 'POST', url: '/api/messages/contact', payload: contactBody() })
    const statuses: number[] = []
    for (let i = 0; i < ACTION_LIMITS.contact.max; i += 1) statuses.push((await post()).statusCode)
    expect(statuses).toEqual(Array(ACTION_LIMITS.contact.max).fill(201))
    expectError(await post(), 429, /^Too many requests/)
  })
})
