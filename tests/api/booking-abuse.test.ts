/**
 * Booking cannot be turned against anyone (the review of 2026-12-01): a manage link moves its call
 * a few times at most, spaced in time, so a stranger who booked for someone else's address cannot
 * mail that address without end; one mailbox holds two upcoming calls; a flood of bookings from
 * many addresses stops at a ceiling that leaves most of the calendar free, and the owner is told.
 * The limits run at their real size (RATE_LIMIT_SCALE 1) on an injected clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { BookingCreatedSchema, BookingSlotsSchema } from '#common/schemas/booking.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { bookings } from '#server/db/schema.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const OWNER = 'owner@abuse.test'
const MINUTE = 60_000
const START = Date.parse('2026-03-02T08:00:00Z') // a Monday

let nowMs = START
let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let count = 0

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '1' },
    now: () => new Date(nowMs),
  })
  admin = (await asAdmin(app)).headers
  const current = SiteSettingsSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
  )
  const day = [{ start: '09:00', end: '17:00' }]
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: {
      ...current,
      booking: {
        ...BOOKING_DEFAULTS,
        enabled: true,
        timeZone: 'UTC',
        weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
        durations: [45],
        bufferMinutes: 0,
        minNoticeHours: 0,
        horizonDays: 30,
      },
    },
  })
  expect(res.statusCode, res.body).toBe(200)
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})
beforeEach(async () => {
  // Each test starts an hour after the one before (fresh windows) with every slot free again.
  nowMs += 25 * 60 * MINUTE
  await app.database.db.update(bookings).set({ status: 'cancelled' })
})

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

async function freeStarts(): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/booking/slots?from=${isoDate(nowMs)}&to=${isoDate(nowMs + 29 * 24 * 60 * MINUTE)}&duration=45`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return BookingSlotsSchema.parse(res.json()).slots.map((slot) => slot.start)
}

const book = (start: string, email: string, ip = newClientIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/booking',
    remoteAddress: ip,
    payload: { start, duration: 45, timeZone: 'UTC', name: `Visitor ${++count}`, email },
  })

const tokenOf = (res: { json(): unknown }) =>
  BookingCreatedSchema.parse(res.json()).booking.manageUrl.split('/').at(-1)!

const moveTo = (token: string, start: string, ip = newClientIp()) =>
  app.inject({
    method: 'POST',
    url: `/api/booking/${token}/reschedule`,
    remoteAddress: ip,
    payload: { start },
  })

describe('a booking made for someone else', () => {
  it('moves at most 3 times, 2 minutes apart: 40 tries mail its address 4 times, not 41', async () => {
    const victim = `victim-${++count}@abuse.test`
    const starts = await freeStarts()
    const booked = await book(starts[0]!, victim)
    expect(booked.statusCode, booked.body).toBe(201)
    const token = tokenOf(booked)
    const answers: number[] = []
    for (let i = 1; i <= 40; i += 1) {
      answers.push((await moveTo(token, starts[i]!)).statusCode)
      nowMs += 3 * MINUTE
    }
    expect(answers.slice(0, 3)).toEqual([200, 200, 200])
    expect(new Set(answers.slice(3))).toEqual(new Set([409]))
    const refused = await moveTo(token, starts[45]!)
    expectError(refused, 409, /moved 3 times/)

    await vi.waitFor(() => expect(smtp.mailsTo(victim)).toHaveLength(4), ASYNC_WORK)
    const cancel = () =>
      app.inject({
        method: 'POST',
        url: `/api/booking/${token}/cancel`,
        remoteAddress: newClientIp(),
      })
    expect((await cancel()).statusCode).toBe(200)
    expectError(await cancel(), 409)
    await vi.waitFor(() => expect(smtp.mailsTo(victim)).toHaveLength(5), ASYNC_WORK)
    // Nothing more comes: the invitation, three moves and the cancellation.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.mailsTo(victim)).toHaveLength(5)
  })

  it('waits 2 minutes between two moves (429 with Retry-After)', async () => {
    const starts = await freeStarts()
    const booked = await book(starts[0]!, `spaced-${++count}@abuse.test`)
    const token = tokenOf(booked)
    expect((await moveTo(token, starts[1]!)).statusCode).toBe(200)
    nowMs += MINUTE
    const early = await moveTo(token, starts[2]!)
    expectError(early, 429)
    expect(Number(early.headers['retry-after'])).toBe(60)
    nowMs += MINUTE
    expect((await moveTo(token, starts[2]!)).statusCode).toBe(200)
  })

  it('takes at most 10 changes an hour from one address, over every booking', async () => {
    const starts = await freeStarts()
    const ip = newClientIp()
    const tokens: string[] = []
    for (let i = 0; i < 6; i += 1)
      tokens.push(tokenOf(await book(starts[i]!, `c${++count}@x.test`)))
    const answers: number[] = []
    let next = 10
    for (const token of tokens)
      for (let move = 0; move < 2; move += 1) {
        answers.push((await moveTo(token, starts[next++]!, ip)).statusCode)
        nowMs += 3 * MINUTE
      }
    expect(answers.filter((code) => code === 200)).toHaveLength(10)
    expect(answers.slice(10)).toEqual([429, 429])
  })
})

describe('one mailbox', () => {
  it('holds at most 2 upcoming calls, name+tag@ counted as name@', async () => {
    const starts = await freeStarts()
    const name = `holder-${++count}`
    expect((await book(starts[0]!, `${name}@abuse.test`)).statusCode).toBe(201)
    expect((await book(starts[1]!, `${name}+1@abuse.test`)).statusCode).toBe(201)
    const third = await book(starts[2]!, `${name.toUpperCase()}+2@Abuse.test`)
    expectError(third, 409, /already has 2 upcoming calls/)
    // Another mailbox is not held back.
    expect((await book(starts[2]!, `${name}-other@abuse.test`)).statusCode).toBe(201)
  })

  it('may book again once a call is over or cancelled', async () => {
    const starts = await freeStarts()
    const email = `again-${++count}@abuse.test`
    const first = await book(starts[0]!, email)
    expect((await book(starts[1]!, email)).statusCode).toBe(201)
    expectError(await book(starts[2]!, email), 409)
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/booking/${tokenOf(first)}/cancel`,
      remoteAddress: newClientIp(),
    })
    expect(cancelled.statusCode).toBe(200)
    expect((await book(starts[2]!, email)).statusCode).toBe(201)
  })
})

describe('a flood of bookings', () => {
  it('from one address stops after 3 an hour', async () => {
    const starts = await freeStarts()
    const ip = newClientIp()
    const answers: number[] = []
    for (let i = 0; i < 5; i += 1)
      answers.push((await book(starts[i]!, `one-ip-${++count}@abuse.test`, ip)).statusCode)
    expect(answers).toEqual([201, 201, 201, 429, 429])
  })

  it('from 22 rotating addresses takes 10 calls an hour, leaves the month free, and tells the owner once', async () => {
    const before = await freeStarts()
    expect(before.length).toBeGreaterThan(150)
    const ips = Array.from({ length: 22 }, () => newClientIp())
    const answers: number[] = []
    let slot = 0
    for (let round = 0; round < 5; round += 1)
      for (const ip of ips)
        answers.push((await book(before[slot++]!, `flood-${++count}@abuse.test`, ip)).statusCode)
    expect(answers.filter((code) => code === 201)).toHaveLength(10)
    expect(answers.filter((code) => code === 429)).toHaveLength(answers.length - 10)
    const after = await freeStarts()
    expect(after.length).toBe(before.length - 10)

    const paused = await vi.waitFor(() => {
      const found = smtp.mailsTo(OWNER).filter((m) => m.subject.startsWith('Bookings paused'))
      expect(found.length).toBeGreaterThan(0)
      return found
    }, ASYNC_WORK)
    expect(paused).toHaveLength(1)
    expect(paused[0]!.subject).toBe('Bookings paused: 10 new calls in one hour')

    // The next hour takes 10 more; the day's ceiling of 30 holds the rest of the day.
    for (let hour = 0; hour < 3; hour += 1) {
      nowMs += 61 * MINUTE
      const fresh = await freeStarts()
      let taken = 0
      for (let i = 0; i < 12; i += 1) {
        const res = await book(fresh[i]!, `flood-${++count}@abuse.test`)
        if (res.statusCode === 201) taken += 1
      }
      expect(taken).toBe(hour < 2 ? 10 : 0)
    }
  })
})
