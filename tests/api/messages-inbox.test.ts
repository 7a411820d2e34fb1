/**
 * The owner's inbox: read state, reply threads, search and filters, bulk actions, CSV export, the
 * weekly trend, spam (honeypot and signed form time, "Not spam", the purge) and the contact limit
 * that counts accepted messages only. The clock is injected and moved by hand.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { parse as parseCsv } from 'csv-parse/sync'
import {
  MessageSchema,
  MessagesBulkResultSchema,
  MessagesPageSchema,
  MessagesTrendSchema,
  UnreadCountSchema,
  type Message,
} from '#common/schemas/messages.ts'
import { MESSAGES_PAGE_SIZE, MESSAGES_SEARCH_COUNT_AHEAD } from '#common/constants.ts'
import { messages } from '#server/db/schema.ts'
import { SPAM_RETENTION_MS } from '#server/modules/messages/messages.service.ts'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { makeMessage } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK, found } from '#tests/helpers/wait.ts'

const OWNER = 'owner@inbox.test'
const DAY_MS = 24 * 60 * 60_000

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let clock = new Date()

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '0' },
    now: () => clock,
  })
  admin = (await asAdmin(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

const unique = () => Math.random().toString(36).slice(2, 10)

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Grace Hopper',
  email: `grace-${unique()}@example.com`,
  subject: `Shop website ${unique()}`,
  message: 'Hello, I would like a quote.',
  ...overrides,
})

async function postContact(body: Record<string, unknown>, target = app) {
  const res = await target.inject({ method: 'POST', url: '/api/messages/contact', payload: body })
  expect(res.statusCode).toBe(201)
  return MessageSchema.parse(res.json())
}

async function list(query: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/messages/admin?${query}`,
    headers: admin,
  })
  expect(res.statusCode).toBe(200)
  return MessagesPageSchema.parse(res.json())
}

const idsOf = (page: { messages: Message[] }) => page.messages.map((m) => m._id)

async function update(id: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/api/messages/${id}`, headers: admin, payload })
}

async function unreadCount() {
  const res = await app.inject({
    method: 'GET',
    url: '/api/messages/unread-count',
    headers: admin,
  })
  expect(res.statusCode).toBe(200)
  return UnreadCountSchema.parse(res.json()).unread
}

const rowOf = async (id: string) =>
  (await app.database.db.select().from(messages).where(eq(messages.id, id)))[0]

const notificationFor = (subject: string) =>
  smtp.mailsTo(OWNER).find((m) => m.subject === `New contact message: ${subject}`)

describe('PUT /api/messages/:id (read state)', () => {
  it('marks a message read and unread, and the unread count follows', async () => {
    const message = await postContact(contactBody())
    expect(message.readAt).toBeNull()
    const before = await unreadCount()

    const read = await update(message._id, { read: true })
    expect(read.statusCode).toBe(200)
    expect(MessageSchema.parse(read.json()).readAt).toBe(clock.toISOString())
    expect(await unreadCount()).toBe(before - 1)

    const unread = await update(message._id, { read: false })
    expect(MessageSchema.parse(unread.json()).readAt).toBeNull()
    expect(await unreadCount()).toBe(before)
  })

  it('answers 400 naming the field, 404 for an unknown id, 401 without a token', async () => {
    const message = await makeMessage(app)
    expectError(await update(message.id, { read: 'yes' }), 400, /Read must be true or false/)
    expectError(await update(message.id, {}), 400, /Read, spam or stage is required/)
    expectError(await update(message.id, { spam: true }), 400, /Spam can only be set to false/)
    expectError(await update(crypto.randomUUID(), { read: true }), 404, 'Message not found')
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/messages/${message.id}`,
      payload: { read: true },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('POST /api/messages/reply (threads)', () => {
  it('keeps every reply, oldest first, marks the message read and answered', async () => {
    const message = await postContact(contactBody())
    const reply = (replyContent: string) =>
      app.inject({
        method: 'POST',
        url: '/api/messages/reply',
        headers: admin,
        payload: {
          email: message.email,
          subject: `Re: ${message.subject}`,
          replyContent,
          messageId: message._id,
        },
      })
    const firstAt = clock
    expect((await reply('First answer')).statusCode).toBe(200)
    clock = new Date(clock.getTime() + 60_000)
    const secondAt = clock
    expect((await reply('Second answer')).statusCode).toBe(200)

    const found = (await list(`q=${encodeURIComponent(message.subject)}`)).messages[0]!
    expect(found.replies).toEqual([
      { text: 'First answer', sentAt: firstAt.toISOString() },
      { text: 'Second answer', sentAt: secondAt.toISOString() },
    ])
    expect(found.replyContent).toBe('Second answer')
    expect(found.repliedAt).toBe(secondAt.toISOString())
    expect(found.readAt).toBe(firstAt.toISOString())
    expect(idsOf(await list('filter=replied'))).toContain(message._id)
    expect(idsOf(await list('filter=unread'))).not.toContain(message._id)
  })
})

describe('GET /api/messages/admin (search and filters)', () => {
  it('finds a message by name, e-mail, subject or text, and nothing else', async () => {
    const tag = unique()
    const byName = await postContact(contactBody({ fullName: `Named ${tag}` }))
    const byEmail = await postContact(contactBody({ email: `box-${tag}@example.com` }))
    const bySubject = await postContact(contactBody({ subject: `About ${tag}` }))
    const byText = await postContact(contactBody({ message: `Text with ${tag} inside` }))
    await postContact(contactBody())
    const found = await list(`q=${tag}`)
    expect(new Set(idsOf(found))).toEqual(
      new Set([byName._id, byEmail._id, bySubject._id, byText._id]),
    )
    expect(found.totalMessages).toBe(4)
    // Case does not matter; LIKE wildcards in the query are taken literally.
    expect(idsOf(await list(`q=${tag.toUpperCase()}`))).toHaveLength(4)
    expect((await list(`q=${encodeURIComponent('%')}${tag}`)).totalMessages).toBe(0)
  })

  it('counts a search up to MESSAGES_SEARCH_COUNT_AHEAD matches past the page, and says there are more', async () => {
    const tag = unique()
    const matching = MESSAGES_SEARCH_COUNT_AHEAD + 5
    await app.database.db.insert(messages).values(
      Array.from({ length: matching }, (_, i) => ({
        fullName: 'Bulk Sender',
        email: `bulk-${i}@example.com`,
        subject: `Bulk ${tag} ${i}`,
        message: 'One of many.',
      })),
    )
    const first = await list(`q=${tag}`)
    expect(first).toMatchObject({
      totalMessages: MESSAGES_SEARCH_COUNT_AHEAD,
      isTotalCapped: true,
      pages: Math.ceil(MESSAGES_SEARCH_COUNT_AHEAD / MESSAGES_PAGE_SIZE),
    })
    expect(first.messages).toHaveLength(MESSAGES_PAGE_SIZE)
    // From a later page the count reaches the end: exact again.
    const lastPage = Math.ceil(matching / MESSAGES_PAGE_SIZE)
    const last = await list(`q=${tag}&page=${lastPage}`)
    expect(last).toMatchObject({ totalMessages: matching, isTotalCapped: false, pages: lastPage })
    expect(last.messages).toHaveLength(matching - (lastPage - 1) * MESSAGES_PAGE_SIZE)
    // Without a search the inbox counts everything.
    const inbox = await list('')
    expect(inbox.isTotalCapped).toBe(false)
    expect(inbox.totalMessages).toBeGreaterThanOrEqual(matching)
    await app.database.db.delete(messages).where(eq(messages.fullName, 'Bulk Sender'))
  })

  it('filters unread, replied and spam; spam is left out without the spam filter', async () => {
    const tag = unique()
    const unread = await postContact(contactBody({ subject: `Filter ${tag} unread` }))
    const read = await postContact(contactBody({ subject: `Filter ${tag} read` }))
    await update(read._id, { read: true })
    const replied = await makeMessage(app, {
      subject: `Filter ${tag} replied`,
      replyContent: 'Done',
      repliedAt: new Date(),
      readAt: new Date(),
      replies: [{ text: 'Done', sentAt: new Date().toISOString() }],
    })
    const spam = await makeMessage(app, { subject: `Filter ${tag} spam`, spam: true })

    expect(new Set(idsOf(await list(`q=${tag}`)))).toEqual(
      new Set([unread._id, read._id, replied.id]),
    )
    expect(idsOf(await list(`q=${tag}&filter=unread`))).toEqual([unread._id])
    expect(idsOf(await list(`q=${tag}&filter=replied`))).toEqual([replied.id])
    expect(idsOf(await list(`q=${tag}&filter=spam`))).toEqual([spam.id])
    expectError(
      await app.inject({
        method: 'GET',
        url: '/api/messages/admin?filter=junk',
        headers: admin,
      }),
      400,
      /Filter must be one of unread, replied or spam/,
    )
  })
})

describe('POST /api/messages/bulk', () => {
  const bulk = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/messages/bulk', headers: admin, payload })

  it('marks several messages read, then unread, then deletes them', async () => {
    const tag = unique()
    const rows = await Promise.all(
      [1, 2, 3].map(() => postContact(contactBody({ subject: `Bulk ${tag}` }))),
    )
    const ids = rows.map((m) => m._id)
    const read = await bulk({ ids, action: 'read' })
    expect(MessagesBulkResultSchema.parse(read.json())).toEqual({
      message: '3 messages marked read',
      count: 3,
    })
    expect(await list(`q=${tag}&filter=unread`)).toMatchObject({ totalMessages: 0 })
    expect(
      MessagesBulkResultSchema.parse((await bulk({ ids, action: 'unread' })).json()).count,
    ).toBe(3)
    expect(await list(`q=${tag}&filter=unread`)).toMatchObject({ totalMessages: 3 })
    const deleted = await bulk({ ids: [...ids, crypto.randomUUID()], action: 'delete' })
    expect(MessagesBulkResultSchema.parse(deleted.json())).toEqual({
      message: '3 messages deleted',
      count: 3,
    })
    expect(await list(`q=${tag}`)).toMatchObject({ totalMessages: 0 })
  })

  it('answers 400 naming the field for bad input', async () => {
    expectError(await bulk({ ids: [], action: 'read' }), 400, /Ids must name at least one message/)
    expectError(await bulk({ ids: ['nope'], action: 'read' }), 400, /must be a valid id/)
    expectError(
      await bulk({ ids: [crypto.randomUUID()], action: 'archive' }),
      400,
      /Action must be one of read, unread or delete/,
    )
  })
})

describe('GET /api/messages/export.csv', () => {
  it('exports the filtered list with commas, quotes and formulas escaped', async () => {
    const tag = unique()
    await postContact(
      contactBody({
        fullName: '=HYPERLINK("http://evil.example","click")',
        subject: `Export ${tag}, with "quotes"`,
        message: '+1 line one\nline two',
      }),
    )
    await postContact(contactBody({ fullName: '@SUM(A1)', subject: `Export ${tag} second` }))
    await makeMessage(app, { subject: `Export ${tag} spam`, spam: true })

    const res = await app.inject({
      method: 'GET',
      url: `/api/messages/export.csv?q=${tag}`,
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="messages\.csv"/)
    expect(res.body).toContain(`"Export ${tag}, with ""quotes"""`)
    const records = parseCsv(res.body, { columns: true }) as Record<string, string>[]
    expect(records.map((r) => r.Subject)).toEqual([
      `Export ${tag} second`,
      `Export ${tag}, with "quotes"`,
    ])
    expect(records[0]!.Name).toBe("'@SUM(A1)")
    expect(records[1]!.Name).toBe(`'=HYPERLINK("http://evil.example","click")`)
    expect(records[1]!.Message).toBe("'+1 line one\nline two")

    const spamOnly = await app.inject({
      method: 'GET',
      url: `/api/messages/export.csv?q=${tag}&filter=spam`,
      headers: admin,
    })
    const spamRecords = parseCsv(spamOnly.body, { columns: true }) as Record<string, string>[]
    expect(spamRecords.map((r) => r.Subject)).toEqual([`Export ${tag} spam`])
  })

  it('leaves no formula for a spreadsheet that reads the file with ";", tab or "," as separator', async () => {
    const tag = unique()
    await postContact(
      contactBody({
        fullName: 'Probe|@SUM(A1)',
        subject: `Quote ${tag};=1+2;`,
        message: 'Figures:\t=2*21\n-3+4, =5 and ,@x',
      }),
    )
    const res = await app.inject({
      method: 'GET',
      url: `/api/messages/export.csv?q=${tag}`,
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    for (const delimiter of [',', ';', '\t', '|']) {
      const rows = parseCsv(res.body, {
        delimiter,
        relax_quotes: true,
        relax_column_count: true,
      }) as string[][]
      expect(rows.length, delimiter).toBeGreaterThan(1)
      for (const cell of rows.flat()) {
        expect(cell, `${JSON.stringify(delimiter)} ${JSON.stringify(cell)}`).not.toMatch(
          /^["\s]*[=+\-@]/,
        )
      }
    }
    // Read back with the separator it was written with, every text is whole, behind its quote.
    const [record] = parseCsv(res.body, { columns: true }) as Record<string, string>[]
    expect(record!.Subject).toBe(`Quote ${tag};'=1+2;`)
    expect(record!.Message).toBe("Figures:\t'=2*21\n'-3+4, '=5 and ,'@x")
  })

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/messages/export.csv' })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/messages/trend', () => {
  it('counts messages per week over the last 12 weeks, spam left out', async () => {
    const trendNow = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/messages/trend', headers: admin })
      expect(res.statusCode).toBe(200)
      return MessagesTrendSchema.parse(res.json()).weeks
    }
    const before = await trendNow()
    expect(before).toHaveLength(12)
    const lastWeek = before[11]!
    expect(new Date(`${lastWeek.weekStart}T00:00:00Z`).getUTCDay()).toBe(1)
    const threeWeeksAgo = new Date(Date.parse(`${before[8]!.weekStart}T12:00:00Z`))
    await makeMessage(app, { createdAt: threeWeeksAgo })
    await makeMessage(app, { createdAt: threeWeeksAgo })
    await makeMessage(app, { createdAt: threeWeeksAgo, spam: true })
    await makeMessage(app, { createdAt: new Date(clock.getTime() - 200 * DAY_MS) })
    const after = await trendNow()
    expect(after.map((w) => w.count)).toEqual(
      before.map((w, i) => (i === 8 ? w.count + 2 : w.count)),
    )
  })
})

describe('spam', () => {
  it('stores a post with the honeypot filled as spam, answers as for a real one, and never notifies', async () => {
    const body = contactBody({ homepage: 'http://spam.example' })
    const res = await app.inject({ method: 'POST', url: '/api/messages/contact', payload: body })
    expect(res.statusCode).toBe(201)
    const answer = MessageSchema.parse(res.json())
    expect(answer).toMatchObject({ subject: body.subject, spam: false, readAt: null })
    expect(Object.keys(answer).sort()).toEqual(Object.keys(await postContact(contactBody())).sort())
    expect((await rowOf(answer._id))?.spam).toBe(true)

    expect(idsOf(await list(`q=${encodeURIComponent(body.subject)}`))).toEqual([])
    expect(idsOf(await list(`q=${encodeURIComponent(body.subject)}&filter=spam`))).toEqual([
      answer._id,
    ])
    // Even when due, the retry run leaves spam alone.
    await app.database.db
      .update(messages)
      .set({ notifyRetryAt: null })
      .where(eq(messages.id, answer._id))
    await app.services.messages.queuePendingNotifications()
    expect((await rowOf(answer._id))?.notifiedAt).toBeNull()
    expect(notificationFor(body.subject)).toBeUndefined()
  })

  it('leaves spam out of the unread count, the dashboard total and GET /api/messages', async () => {
    const total = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/summary/summary', headers: admin })
      return (res.json() as { messages: { numMessages: number }[] }).messages[0]!.numMessages
    }
    const before = await unreadCount()
    const totalBefore = await total()
    const spam = await postContact(contactBody({ homepage: 'bot was here' }))
    expect(await unreadCount()).toBe(before)
    expect(await total()).toBe(totalBefore)
    await postContact(contactBody())
    expect(await total()).toBe(totalBefore + 1)
    const all = await app.inject({ method: 'GET', url: '/api/messages', headers: admin })
    expect((all.json() as { messages: Message[] }).messages.map((m) => m._id)).not.toContain(
      spam._id,
    )
  })

  it('stores a post sent sooner than a person could type as spam, a later one as a message', async () => {
    const token = app.services.messages.issueContactToken()
    const fast = await postContact(contactBody({ formToken: token }))
    expect((await rowOf(fast._id))?.spam).toBe(true)

    clock = new Date(clock.getTime() + 3_000)
    const human = await postContact(contactBody({ formToken: token }))
    expect((await rowOf(human._id))?.spam).toBe(false)
    await vi.waitFor(() => found(notificationFor(human.subject), 'the notification'), ASYNC_WORK)
  })

  it('stores a post with a forged or malformed form token as spam', async () => {
    const [issuedAt] = app.services.messages.issueContactToken().split('.')
    const old = String(Number(issuedAt) - 60_000)
    for (const formToken of [`${old}.forged`, 'garbage', '']) {
      const message = await postContact(contactBody({ formToken }))
      expect((await rowOf(message._id))?.spam).toBe(true)
    }
  })

  it('accepts posts without the anti-spam fields as real messages (older clients)', async () => {
    const message = await postContact(contactBody())
    expect((await rowOf(message._id))?.spam).toBe(false)
    await vi.waitFor(() => found(notificationFor(message.subject), 'the notification'), ASYNC_WORK)
  })

  it('"Not spam" moves a message to the inbox and sends its notification, with Reply-To', async () => {
    const body = contactBody({ homepage: 'filled' })
    const caught = await postContact(body)
    const res = await update(caught._id, { spam: false })
    expect(res.statusCode).toBe(200)
    expect(MessageSchema.parse(res.json()).spam).toBe(false)
    expect(idsOf(await list(`q=${encodeURIComponent(body.subject)}`))).toEqual([caught._id])
    const mail = await vi.waitFor(
      () => found(notificationFor(body.subject), 'the notification'),
      ASYNC_WORK,
    )
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(body.email)
  })

  it('purges spam older than the retention period, and only that', async () => {
    const old = await makeMessage(app, {
      spam: true,
      createdAt: new Date(clock.getTime() - SPAM_RETENTION_MS - DAY_MS),
    })
    const recent = await makeMessage(app, {
      spam: true,
      createdAt: new Date(clock.getTime() - SPAM_RETENTION_MS + DAY_MS),
    })
    const oldReal = await makeMessage(app, {
      createdAt: new Date(clock.getTime() - SPAM_RETENTION_MS - DAY_MS),
    })
    expect(await app.services.messages.purgeSpam()).toBeGreaterThanOrEqual(1)
    expect(await rowOf(old.id)).toBeUndefined()
    expect(await rowOf(recent.id)).toBeDefined()
    expect(await rowOf(oldReal.id)).toBeDefined()

    clock = new Date(clock.getTime() + 2 * DAY_MS)
    await app.services.messages.purgeSpam()
    expect(await rowOf(recent.id)).toBeUndefined()
  })
})

describe('contact limit after validation failures', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({
      env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '1' },
    })
  })
  afterAll(() => limited.cleanup())

  const post = (payload: Record<string, unknown>, ip: string) =>
    limited.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload,
      remoteAddress: ip,
    })

  it('answers 400 naming the field and keeps the whole allowance for accepted messages', async () => {
    const ip = '198.51.100.40'
    for (let i = 0; i < 4; i += 1) {
      expectError(await post(contactBody({ email: 'not-an-email' }), ip), 400, /email/i)
      expectError(await post(contactBody({ subject: ' ' }), ip), 400, /Subject is required/)
    }
    const max = ACTION_LIMITS.contact.max
    const statuses: number[] = []
    for (let i = 0; i < max; i += 1) statuses.push((await post(contactBody(), ip)).statusCode)
    expect(statuses).toEqual(Array(max).fill(201))
    expectError(await post(contactBody(), ip), 429, /^Too many requests, please try again in/)
  })

  it('still stops a flood of invalid posts at a higher ceiling', async () => {
    const ip = '198.51.100.41'
    const ceiling = ACTION_LIMITS.contactAttempts.max
    for (let i = 0; i < ceiling; i += 1)
      expect((await post(contactBody({ fullName: '' }), ip)).statusCode).toBe(400)
    expectError(await post(contactBody(), ip), 429, /^Too many requests/)
  })
})
