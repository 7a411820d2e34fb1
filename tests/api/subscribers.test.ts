import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import {
  SUBSCRIBER_PENDING_DAYS,
  SubscriberListSchema,
  type Subscriber,
} from '#common/schemas/subscribers.ts'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK, found } from '#tests/helpers/wait.ts'

const PUBLIC_URL = 'http://site.test'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
const CONFIRM_LINK = /http:\/\/site\.test\/subscribe\/([A-Za-z0-9_-]+)/

let smtp: TestSmtpServer
let app: TestApp
let admin: Record<string, string>
let user: Record<string, string>
let clock = new Date('2030-03-01T09:00:00Z')

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL }, now: () => clock })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

let sequence = 0
const uniqueEmail = () => `reader-${Date.now().toString(36)}-${++sequence}@example.com`

const subscribe = (payload: Record<string, unknown>, target = app) =>
  target.inject({ method: 'POST', url: '/api/subscribers', payload })
const confirm = (token: string) =>
  app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: { token } })

/** Subscribes `email` and returns the token of the confirmation link mailed to it. */
async function tokenFor(email: string): Promise<string> {
  const before = smtp.mailsTo(email).length
  expect((await subscribe({ email })).statusCode).toBe(202)
  const mail = await vi.waitFor(() => found(smtp.mailsTo(email)[before], 'the mail'), ASYNC_WORK)
  const token = CONFIRM_LINK.exec(mail.text)?.[1]
  expect(token).toBeDefined()
  return token!
}

async function listed(email: string, headers = admin): Promise<Subscriber | undefined> {
  const res = await app.inject({ method: 'GET', url: '/api/subscribers', headers })
  expect(res.statusCode).toBe(200)
  return SubscriberListSchema.parse(res.json()).subscribers.find((s) => s.email === email)
}

describe('POST /api/subscribers', () => {
  it('answers 202 and mails a confirmation link to a new address', async () => {
    const email = uniqueEmail()
    const res = await subscribe({ email: email.toUpperCase(), source: '/journal' })
    expect(res.statusCode).toBe(202)
    MessageResponseSchema.parse(res.json())
    const mail = await smtp.waitForMailTo(email)
    expect(mail.text).toMatch(CONFIRM_LINK)
    expect(mail.html).toMatch(CONFIRM_LINK)
    expect(await listed(email)).toMatchObject({
      status: 'pending',
      source: '/journal',
      confirmedAt: null,
      createdAt: clock.toISOString(),
    })
  })

  it('answers the same for a pending, a confirmed and an unknown address', async () => {
    const confirmed = uniqueEmail()
    await confirm(await tokenFor(confirmed))
    const pending = uniqueEmail()
    await tokenFor(pending)
    const answers = await Promise.all(
      [confirmed, pending, uniqueEmail()].map(async (email) => {
        const res = await subscribe({ email })
        return { status: res.statusCode, body: res.json() as unknown }
      }),
    )
    expect(answers[0]).toEqual(answers[1])
    expect(answers[1]).toEqual(answers[2])
    expect(answers[0]!.status).toBe(202)
  })

  it('mails a pending address at most once an hour, and again after it', async () => {
    const email = uniqueEmail()
    await tokenFor(email)
    expect((await subscribe({ email })).statusCode).toBe(202)
    await app.services.subscribers.drainMail()
    expect(smtp.mailsTo(email)).toHaveLength(1)

    const saved = clock
    clock = new Date(saved.getTime() + 61 * MINUTE_MS)
    try {
      expect((await subscribe({ email })).statusCode).toBe(202)
      await app.services.subscribers.drainMail()
      expect(smtp.mailsTo(email)).toHaveLength(2)
    } finally {
      clock = saved
    }
  })

  it('mails nothing to a confirmed address', async () => {
    const email = uniqueEmail()
    await confirm(await tokenFor(email))
    expect((await subscribe({ email })).statusCode).toBe(202)
    await app.services.subscribers.drainMail()
    expect(smtp.mailsTo(email)).toHaveLength(1)
  })

  it('answers 400 to an invalid address or source', async () => {
    expectError(await subscribe({ email: 'not-an-address' }), 400, /Email/)
    expectError(await subscribe({}), 400, /Email/)
    expectError(
      await subscribe({ email: uniqueEmail(), source: 'https://elsewhere.example' }),
      400,
      /Source/,
    )
  })
})

describe('POST /api/subscribers/confirm', () => {
  it('confirms the subscription, again with the same answer', async () => {
    const email = uniqueEmail()
    const token = await tokenFor(email)
    const first = await confirm(token)
    expect(first.statusCode).toBe(200)
    MessageResponseSchema.parse(first.json())
    expect(await listed(email)).toMatchObject({
      status: 'confirmed',
      confirmedAt: clock.toISOString(),
    })
    expect((await confirm(token)).statusCode).toBe(200)
  })

  it('answers 400 to an unknown token', async () => {
    expectError(await confirm('unknown-token'), 400, /not valid/)
    expectError(
      await app.inject({ method: 'POST', url: '/api/subscribers/confirm', payload: {} }),
      400,
    )
  })

  it('is not done by opening the link: the page is read-only', async () => {
    const email = uniqueEmail()
    const token = await tokenFor(email)
    expect(await app.services.subscribers.lookUpConfirmation(token)).toEqual({
      state: 'open',
      email,
    })
    expect((await listed(email))?.status).toBe('pending')
  })
})

describe('pending subscribers expire', () => {
  it('drops a pending subscriber after the confirmation window, and refuses its link', async () => {
    const email = uniqueEmail()
    const token = await tokenFor(email)
    const kept = uniqueEmail()
    await confirm(await tokenFor(kept))
    const saved = clock
    clock = new Date(saved.getTime() + (SUBSCRIBER_PENDING_DAYS * DAY_MS + MINUTE_MS))
    try {
      // A session of its own: the file's admin signed in before the clock moved.
      const later = (await asAdmin(app)).headers
      expect(await listed(email, later)).toBeUndefined()
      expectError(await confirm(token), 400, /expired/)
      expect(await app.services.subscribers.sweepExpired()).toBeGreaterThanOrEqual(1)
      expect((await listed(kept, later))?.status).toBe('confirmed')
      // The address may subscribe again, with a new link.
      const again = await tokenFor(email)
      expect(again).not.toBe(token)
      expect((await confirm(again)).statusCode).toBe(200)
    } finally {
      clock = saved
    }
  })
})

describe('GET /api/subscribers', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/subscribers' }), 401)
    expectError(await app.inject({ method: 'GET', url: '/api/subscribers', headers: user }), 403)
  })

  it('lists every subscriber with its status, the total and the counts', async () => {
    const email = uniqueEmail()
    await confirm(await tokenFor(email))
    const res = await app.inject({ method: 'GET', url: '/api/subscribers', headers: admin })
    const list = SubscriberListSchema.parse(res.json())
    expect(list.total).toBe(list.subscribers.length)
    expect(list.counts.pending + list.counts.confirmed + list.counts.unsubscribed).toBe(list.total)
    expect(list.subscribers.find((s) => s.email === email)).toMatchObject({
      status: 'confirmed',
      source: 'api',
    })
  })
})

describe('GET /api/subscribers/export', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/subscribers/export' }), 401)
    expectError(
      await app.inject({ method: 'GET', url: '/api/subscribers/export', headers: user }),
      403,
    )
  })

  it('answers CSV with the consent dates', async () => {
    const email = uniqueEmail()
    await confirm(await tokenFor(email))
    const res = await app.inject({ method: 'GET', url: '/api/subscribers/export', headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="subscribers.csv"')
    const lines = res.body.trim().split('\n')
    expect(lines[0]).toBe('email,status,source,requested_at,confirmed_at,unsubscribed_at')
    expect(lines).toContain(`${email},confirmed,api,${clock.toISOString()},${clock.toISOString()},`)
  })
})

describe('DELETE /api/subscribers/:id', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    const url = `/api/subscribers/${UNKNOWN_ID}`
    expectError(await app.inject({ method: 'DELETE', url }), 401)
    expectError(await app.inject({ method: 'DELETE', url, headers: user }), 403)
  })

  it('deletes a subscriber, then answers 404', async () => {
    const email = uniqueEmail()
    await tokenFor(email)
    const subscriber = (await listed(email))!
    const url = `/api/subscribers/${subscriber._id}`
    const res = await app.inject({ method: 'DELETE', url, headers: admin })
    expect(res.statusCode).toBe(200)
    MessageResponseSchema.parse(res.json())
    expect(await listed(email)).toBeUndefined()
    expectError(await app.inject({ method: 'DELETE', url, headers: admin }), 404)
    expectError(
      await app.inject({ method: 'DELETE', url: '/api/subscribers/not-an-id', headers: admin }),
      400,
    )
  })
})

describe('POST /api/subscribers rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1' } })
  })
  afterAll(() => limited.cleanup())

  it('answers 429 past the limit of posts from one address, valid or not', async () => {
    const post = (remoteAddress: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/subscribers',
        payload: { email: 'not-an-address' },
        remoteAddress,
      })
    for (let i = 0; i < ACTION_LIMITS.subscribeAttempts.max; i += 1)
      expect((await post('198.51.100.70')).statusCode).toBe(400)
    expectError(await post('198.51.100.70'), 429, /^Too many requests, please try again in/)
    expect((await post('198.51.100.71')).statusCode).toBe(400)
  })
})
