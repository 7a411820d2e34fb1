/**
 * Two app instances on one PostgreSQL database: concurrent bookings of one slot, sent to either
 * instance, end in exactly one booking (the database's exclusion constraint decides, not a check
 * before the insert), and each reminder goes out once although both instances look for due ones
 * at the same moment.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BookingCreatedSchema } from '#common/schemas/booking.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createScratchPostgres, createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const OWNER = 'owner@instances.test'
let nowMs = Date.parse('2026-03-20T12:00:00Z')
const clock = () => new Date(nowMs)

let scratch: Awaited<ReturnType<typeof createScratchPostgres>>
let smtp: TestSmtpServer
let a: TestApp
let b: TestApp

beforeAll(async () => {
  ;[scratch, smtp] = await Promise.all([
    createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL),
    startSmtpServer(),
  ])
  const options = {
    env: {
      DATABASE_URL: scratch.url,
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      RATE_LIMIT_SCALE: '0',
      // Four connections an instance are plenty for two-way races, and leave the shared server
      // room for the other test files running at the same time.
      DATABASE_POOL_MAX: '4',
    },
    now: clock,
  }
  a = await createTestApp(options)
  b = await createTestApp(options)
  const { headers } = await asAdmin(a)
  const current = SiteSettingsSchema.parse(
    (await a.inject({ method: 'GET', url: '/api/settings', headers })).json(),
  )
  const hours = [{ start: '09:00', end: '17:00' }]
  const res = await a.inject({
    method: 'PUT',
    url: '/api/settings',
    headers,
    payload: {
      ...current,
      booking: {
        ...BOOKING_DEFAULTS,
        enabled: true,
        weekly: { mon: hours, tue: hours, wed: [], thu: [], fri: [], sat: [], sun: [] },
        durations: [30],
        bufferMinutes: 0,
        minNoticeHours: 0,
      },
    },
  })
  expect(res.statusCode).toBe(200)
  // Each instance opens the connections the races will use before they start. On a loaded
  // machine a new connection can take longer than the pool's 3 s wait, which answers 503 by design
  // and is not what these tests are about.
  await Promise.all(
    [a, b].flatMap((app) =>
      Array.from({ length: 4 }, () => app.database.db.execute(sql`select pg_sleep(0.05)`)),
    ),
  )
  // The other instance hears of the change through the database and reads the settings again.
  await vi.waitFor(async () => {
    const slots = await b.inject({
      method: 'GET',
      url: '/api/booking/slots?from=2026-03-23&to=2026-03-23',
    })
    expect(slots.statusCode).toBe(200)
  }, ASYNC_WORK)
}, 120_000)

afterAll(async () => {
  await a?.cleanup()
  await b?.cleanup()
  await smtp?.close()
  await scratch?.drop()
})

let visitors = 0
const post = (target: TestApp, start: string) => {
  visitors += 1
  return target.inject({
    method: 'POST',
    url: '/api/booking',
    payload: {
      start,
      duration: 30,
      timeZone: 'UTC',
      name: `Visitor ${visitors}`,
      email: `visitor${visitors}@instances.test`,
    },
  })
}

describe('POST /api/booking on two instances', () => {
  it('books each slot once, however many take it at the same moment', async () => {
    const starts = Array.from(
      { length: 6 },
      (_, i) => `2026-03-23T${String(9 + i).padStart(2, '0')}:00:00.000Z`,
    )
    for (const start of starts) {
      // Without the booking lock PostgreSQL aborts some of these as deadlock victims (each waiting
      // for another's uncommitted row under the exclusion constraint), answered 500: seen in CI.
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(i % 2 ? b : a, start)),
      )
      const codes = results.map((r) => r.statusCode).sort()
      expect(codes).toEqual([201, ...Array<number>(7).fill(409)])
      const winner = results.find((r) => r.statusCode === 201)!
      expect(BookingCreatedSchema.parse(winner.json()).booking.start).toBe(start)
    }
  })
})

describe('the reminder on two instances', () => {
  it('goes out once per booking and side when both look at the same moment', async () => {
    const starts = [
      '2026-03-24T09:00:00.000Z',
      '2026-03-24T10:00:00.000Z',
      '2026-03-24T11:00:00.000Z',
    ]
    const emails: string[] = []
    for (const start of starts) {
      const res = await post(a, start)
      expect(res.statusCode).toBe(201)
      emails.push(`visitor${visitors}@instances.test`)
    }
    // Past the first test's calls of the 23rd: only these three are within 24 hours.
    nowMs = Date.parse('2026-03-23T14:30:00Z')
    const [byA, byB] = await Promise.all([
      a.services.booking.sendDueReminders(),
      b.services.booking.sendDueReminders(),
    ])
    expect(byA + byB).toBe(starts.length)
    expect(
      await Promise.all([
        a.services.booking.sendDueReminders(),
        b.services.booking.sendDueReminders(),
      ]),
    ).toEqual([0, 0])
    for (const email of emails)
      expect(smtp.mailsTo(email).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1)
    expect(smtp.mailsTo(OWNER).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(
      starts.length,
    )
  })
})
