/**
 * The owner's busy calendar: an iCalendar feed served by a local server, read in the background
 * when the settings are saved and again once the last read is 15 minutes old, whose events (a
 * TZID time, a zone defined by the file's own VTIMEZONE, a weekly rule with an EXDATE and a moved
 * occurrence, an all-day event) block exactly the slots they cover, under the outbound-fetch
 * rules. A feed that is large or slow to read (16,000 events, rules that never match, one that
 * takes past the time limit, one over the size cap) is read in a worker thread while the site
 * answers, and a failed read says why and is tried again later and later.
 */
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type BookingSettings } from '#common/schemas/booking-settings.ts'
import { BookingSlotsSchema, BusyCalendarStateSchema } from '#common/schemas/booking.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { asAdmin, asUser } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK, found } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const MINUTE_MS = 60_000
const CALENDAR = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//Busy//EN
BEGIN:VTIMEZONE
TZID:Custom Standard Time
BEGIN:STANDARD
DTSTART:19700101T000000
TZOFFSETFROM:+0300
TZOFFSETTO:+0300
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:new-york@test
DTSTAMP:20260301T000000Z
DTSTART;TZID=America/New_York:20260323T050000
DTEND;TZID=America/New_York:20260323T060000
SUMMARY:Call with New York
END:VEVENT
BEGIN:VEVENT
UID:custom-zone@test
DTSTAMP:20260301T000000Z
DTSTART;TZID=Custom Standard Time:20260324T150000
DTEND;TZID=Custom Standard Time:20260324T160000
SUMMARY:In a zone the file defines
END:VEVENT
BEGIN:VEVENT
UID:weekly@test
DTSTAMP:20260301T000000Z
DTSTART;TZID=Europe/Berlin:20260316T140000
DTEND;TZID=Europe/Berlin:20260316T150000
RRULE:FREQ=WEEKLY;COUNT=4
EXDATE;TZID=Europe/Berlin:20260330T140000
SUMMARY:Weekly review
END:VEVENT
BEGIN:VEVENT
UID:weekly@test
DTSTAMP:20260301T000000Z
RECURRENCE-ID;TZID=Europe/Berlin:20260406T140000
DTSTART;TZID=Europe/Berlin:20260406T160000
DTEND;TZID=Europe/Berlin:20260406T170000
SUMMARY:Weekly review (moved)
END:VEVENT
BEGIN:VEVENT
UID:all-day@test
DTSTAMP:20260301T000000Z
DTSTART;VALUE=DATE:20260325
DTEND;VALUE=DATE:20260326
SUMMARY:Away
END:VEVENT
BEGIN:VEVENT
UID:free@test
DTSTAMP:20260301T000000Z
DTSTART;TZID=Europe/Berlin:20260326T100000
DTEND;TZID=Europe/Berlin:20260326T110000
TRANSP:TRANSPARENT
SUMMARY:Marked free
END:VEVENT
END:VCALENDAR
`.replaceAll('\n', '\r\n')

const LATER_CALENDAR = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//Busy//EN
BEGIN:VEVENT
UID:later@test
DTSTAMP:20260301T000000Z
DTSTART:20260326T080000Z
DTEND:20260326T090000Z
SUMMARY:Added later
END:VEVENT
END:VCALENDAR
`.replaceAll('\n', '\r\n')

/** An event whose rule never yields a date: ical.js alone steps through the days for ever. */
const neverEvent = (uid: string) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260301T000000Z',
    'DTSTART;TZID=Europe/Berlin:20260323T140000',
    'DTEND;TZID=Europe/Berlin:20260323T150000',
    'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'END:VEVENT',
  ].join('\r\n')

const calendarOf = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Busy//EN', ...events, 'END:VCALENDAR']
    .join('\r\n')
    .concat('\r\n')

/** A rule that never matches beside a call on 24 March, 10:00 to 11:00 in Berlin. */
const NEVER_CALENDAR = calendarOf([
  neverEvent('never@test'),
  [
    'BEGIN:VEVENT',
    'UID:call@test',
    'DTSTAMP:20260301T000000Z',
    'DTSTART;TZID=Europe/Berlin:20260324T100000',
    'DTEND;TZID=Europe/Berlin:20260324T110000',
    'END:VEVENT',
  ].join('\r\n'),
])

/** 1,000 rules that never match: each is cut off, but together they take minutes to step through. */
const SLOW_CALENDAR = calendarOf(Array.from({ length: 1000 }, (_, i) => neverEvent(`n${i}@test`)))

/** 16,000 half-hour events, one each hour from 20 March 2026 00:00 UTC on: 1.8 MB. */
const BIG_EVENTS = Array.from({ length: 16_000 }, (_, i) => {
  const start = Date.parse('2026-03-20T00:00:00Z') + i * 3_600_000
  return { start, end: start + 1_800_000 }
})
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '')
const BIG_CALENDAR = calendarOf(
  BIG_EVENTS.map(({ start, end }, i) =>
    [
      'BEGIN:VEVENT',
      `UID:big-${i}@test`,
      'DTSTAMP:20260301T000000Z',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(end)}`,
      'END:VEVENT',
    ].join('\r\n'),
  ),
)

let nowMs = Date.parse('2026-03-20T12:00:00Z')
let served = CALENDAR
let slowServed = SLOW_CALENDAR
let hits = 0
const pathHits = new Map<string, number>()
let server: http.Server
let calendarUrl: string
let base: string
let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits += 1
    pathHits.set(request.url ?? '', (pathHits.get(request.url ?? '') ?? 0) + 1)
    const calendarFile = {
      '/never.ics': NEVER_CALENDAR,
      '/big.ics': BIG_CALENDAR,
      '/slow.ics': slowServed,
      // Over the 2 MB read (the download's own cap is higher).
      '/too-big.ics': `${BIG_CALENDAR}${'X'.repeat(400_000)}`,
    }[request.url ?? '']
    if (calendarFile) {
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(calendarFile)
      return
    }
    if (request.url === '/moved.ics') {
      response.writeHead(302, { location: '/calendar.ics' }).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(served)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  calendarUrl = `${base}/moved.ics`
  app = await createTestApp({
    env: { LINK_CHECK_ALLOW_PRIVATE: 'true' },
    now: () => new Date(nowMs),
  })
  admin = (await asAdmin(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  server.closeAllConnections()
  server.close()
})

const weekdays = [{ start: '09:00', end: '17:00' }]
const availability: BookingSettings = {
  ...BOOKING_DEFAULTS,
  enabled: true,
  timeZone: 'Europe/Berlin',
  weekly: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: [], sat: [], sun: [] },
  durations: [60],
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 60,
}

async function saveBooking(
  target: TestApp,
  headers: Record<string, string>,
  booking: BookingSettings,
) {
  const current = SiteSettingsSchema.parse(
    (await target.inject({ method: 'GET', url: '/api/settings', headers })).json(),
  )
  const res = await target.inject({
    method: 'PUT',
    url: '/api/settings',
    headers,
    payload: { ...current, booking },
  })
  expect(res.statusCode).toBe(200)
}

/** GET /api/booking/busy as the admin. */
async function busyState(target = app, headers = admin) {
  const res = await target.inject({ method: 'GET', url: '/api/booking/busy', headers })
  expect(res.statusCode).toBe(200)
  return BusyCalendarStateSchema.parse(res.json())
}

/** "2:30 PM" in Berlin, as a failed read names the time of the next try. */
const clock = (ms: number) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    hour: 'numeric',
    minute: '2-digit',
  }).format(ms)

/**
 * Waits (vi.waitFor) for `check` to pass, asking /api/health before each try: how long the
 * slowest answer took, and how many answers came while `isUnderWay()` (the read had begun and
 * not yet ended) held.
 */
async function probingHealth<T>(check: () => Promise<T>, isUnderWay = () => false) {
  let slowestMs = 0
  let answeredDuringRead = 0
  const result = await vi.waitFor(async () => {
    const wasUnderWay = isUnderWay()
    const started = performance.now()
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    slowestMs = Math.max(slowestMs, performance.now() - started)
    expect(res.statusCode).toBe(200)
    if (wasUnderWay && isUnderWay()) answeredDuringRead += 1
    return check()
  }, ASYNC_WORK)
  return { result, slowestMs, answeredDuringRead }
}

/** PUT /api/settings with `booking`, and how long it took to answer. */
async function timedSave(booking: BookingSettings) {
  const started = performance.now()
  await saveBooking(app, admin, booking)
  return performance.now() - started
}

/** The Berlin hours of the free slots on one date. */
async function freeHours(date: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/booking/slots?from=${date}&to=${date}&duration=60`,
  })
  expect(res.statusCode).toBe(200)
  return BookingSlotsSchema.parse(res.json()).slots.map((slot) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(slot.start)),
  )
}

const ALL_DAY = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']
const without = (...hours: string[]) => ALL_DAY.filter((hour) => !hours.includes(hour))

describe('the busy calendar', () => {
  it('is read when the settings are saved, and its events block exactly the slots they cover', async () => {
    await saveBooking(app, admin, { ...availability, busyCalendarUrl: calendarUrl })
    await vi.waitFor(async () => {
      expect(await busyState()).toEqual({
        fetchedAt: new Date(nowMs).toISOString(),
        // New York, the file's own zone, two weekly reviews in range (one excluded, one moved)
        // and the day away; the event marked free is no busy time.
        events: 5,
        error: null,
      })
    }, ASYNC_WORK)
    expect(hits).toBe(2) // the redirect, then the file
    expect((await app.inject({ method: 'GET', url: '/api/booking/busy' })).statusCode).toBe(401)
    const user = (await asUser(app)).headers
    const asTheUser = await app.inject({ method: 'GET', url: '/api/booking/busy', headers: user })
    expect(asTheUser.statusCode).toBe(403)

    // 05:00 in New York is 10:00 in Berlin; the weekly review at 14:00.
    expect(await freeHours('2026-03-23')).toEqual(without('10:00', '14:00'))
    // 15:00 at UTC+3 (the file's own zone) is 13:00 in Berlin.
    expect(await freeHours('2026-03-24')).toEqual(without('13:00'))
    // Away all day.
    expect(await freeHours('2026-03-25')).toEqual([])
    // An event marked free blocks nothing.
    expect(await freeHours('2026-03-26')).toEqual(ALL_DAY)
    // The review is excluded that week (EXDATE) ...
    expect(await freeHours('2026-03-30')).toEqual(ALL_DAY)
    // ... and moved to 16:00 the next (RECURRENCE-ID).
    expect(await freeHours('2026-04-06')).toEqual(without('16:00'))
    // The rule ends after four occurrences.
    expect(await freeHours('2026-04-13')).toEqual(ALL_DAY)
  })

  it('is read again once the last read is 15 minutes old, by one call only', async () => {
    served = LATER_CALENDAR
    const before = hits
    nowMs += 14 * MINUTE_MS
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(hits).toBe(before)
    expect(await freeHours('2026-03-25')).toEqual([])

    nowMs += 2 * MINUTE_MS
    const [first, second] = await Promise.all([
      app.services.booking.refreshBusyIfDue(),
      app.services.booking.refreshBusyIfDue(),
    ])
    expect([first, second].filter((n) => n !== undefined)).toEqual([1])
    expect(hits).toBe(before + 2)
    expect(await freeHours('2026-03-25')).toEqual(ALL_DAY)
    // 08:00 UTC is 09:00 in Berlin.
    expect(await freeHours('2026-03-26')).toEqual(without('09:00'))
  })

  it('keeps the busy times it has when a read fails, and says why and when it tries again', async () => {
    const held = await busyState()
    served = 'not a calendar'
    nowMs += 16 * MINUTE_MS
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(await busyState()).toEqual({
      fetchedAt: held.fetchedAt,
      events: 1,
      error: `The address does not serve an iCalendar file; it will be tried again at ${clock(nowMs + 15 * MINUTE_MS)}.`,
    })
    expect(await freeHours('2026-03-26')).toEqual(without('09:00'))
  })

  it('is forgotten when the address is removed', async () => {
    await saveBooking(app, admin, { ...availability, busyCalendarUrl: null })
    expect(await freeHours('2026-03-26')).toEqual(ALL_DAY)
  })

  it('is not fetched from a loopback address unless private addresses are allowed', async () => {
    const strict = await createTestApp({ now: () => new Date(nowMs) })
    try {
      const headers = (await asAdmin(strict)).headers
      const before = hits
      await saveBooking(strict, headers, { ...availability, busyCalendarUrl: calendarUrl })
      const state = await vi.waitFor(
        async () => found((await busyState(strict, headers)).error, 'the refusal'),
        ASYNC_WORK,
      )
      expect(state).toMatch(/loopback address \(127\.0\.0\.1\), which is not allowed/)
      expect(hits).toBe(before)
    } finally {
      await strict.cleanup()
    }
  })
})

describe('a feed that is large or slow to read', () => {
  // Reads run in a worker thread: the site goes on answering. 2 s is the bound the site must keep
  // while a feed is read; an answer takes milliseconds when nothing blocks it.
  const ANSWER_BOUND_MS = 2000

  it('reads 16,000 events (1.8 MB) in the background: the save and /api/health answer meanwhile', async () => {
    const saveMs = await timedSave({ ...availability, busyCalendarUrl: `${base}/big.ics` })
    // The service keeps the busy times from a day before now to two days past the horizon.
    const from = nowMs - 24 * 60 * MINUTE_MS
    const until = nowMs + (availability.horizonDays + 2) * 24 * 60 * MINUTE_MS
    const inWindow = BIG_EVENTS.filter(({ start, end }) => end > from && start < until).length
    const { result, slowestMs } = await probingHealth(async () => {
      const state = await busyState()
      expect(state).toEqual({
        fetchedAt: new Date(nowMs).toISOString(),
        events: inWindow,
        error: null,
      })
      return state
    })
    expect(result.events).toBeGreaterThan(1000)
    expect(saveMs).toBeLessThan(ANSWER_BOUND_MS)
    expect(slowestMs).toBeLessThan(ANSWER_BOUND_MS)
    // A half hour at the top of every hour: no hour-long slot is free.
    expect(await freeHours('2026-03-23')).toEqual([])
  })

  it('cuts off a rule that never matches, and the other events still block their slots', async () => {
    const saveMs = await timedSave({ ...availability, busyCalendarUrl: `${base}/never.ics` })
    const { slowestMs } = await probingHealth(async () =>
      expect(await busyState()).toEqual({
        fetchedAt: new Date(nowMs).toISOString(),
        events: 1,
        error: null,
      }),
    )
    expect(saveMs).toBeLessThan(ANSWER_BOUND_MS)
    expect(slowestMs).toBeLessThan(ANSWER_BOUND_MS)
    expect(await freeHours('2026-03-24')).toEqual(without('10:00'))
    expect(await freeHours('2026-03-23')).toEqual(ALL_DAY)
  })

  it('ends a read past 10 s, answering all along, says so, keeps the busy times, and tries again 15 minutes later', async () => {
    const held = await busyState()
    let failedAt: number | undefined
    const saveMs = await timedSave({ ...availability, busyCalendarUrl: `${base}/slow.ics` })
    const { result, slowestMs, answeredDuringRead } = await probingHealth(
      async () => {
        const error = found((await busyState()).error, 'the time limit')
        failedAt ??= nowMs
        return error
      },
      () => (pathHits.get('/slow.ics') ?? 0) > 0 && failedAt === undefined,
    )
    expect(result).toBe(
      `Reading the calendar took longer than 10 s; it will be tried again at ${clock(nowMs + 15 * MINUTE_MS)}.`,
    )
    expect(saveMs).toBeLessThan(ANSWER_BOUND_MS)
    expect(slowestMs).toBeLessThan(ANSWER_BOUND_MS)
    // The read took 10 s: the site answered many times meanwhile.
    expect(answeredDuringRead).toBeGreaterThan(1)
    expect(await busyState()).toEqual({ ...held, error: result })
    expect(await freeHours('2026-03-24')).toEqual(without('10:00'))

    nowMs += 14 * MINUTE_MS
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(pathHits.get('/slow.ics')).toBe(1)
    nowMs += 2 * MINUTE_MS
    slowServed = LATER_CALENDAR
    expect(await app.services.booking.refreshBusyIfDue()).toBe(1)
    expect(pathHits.get('/slow.ics')).toBe(2)
    expect(await busyState()).toEqual({
      fetchedAt: new Date(nowMs).toISOString(),
      events: 1,
      error: null,
    })
  })

  it('refuses a feed over 2 MB, and waits twice as long after each failed read in a row', async () => {
    const tries = () => pathHits.get('/too-big.ics') ?? 0
    const held = await busyState()
    await saveBooking(app, admin, { ...availability, busyCalendarUrl: `${base}/too-big.ics` })
    const refusal = (nextTryMs: number) =>
      `The file is larger than 2 MB; it will be tried again at ${clock(nextTryMs)}.`
    // A tick while the save's read is under way waits for it; its failure puts the next try off.
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(tries()).toBe(1)
    expect(await busyState()).toEqual({ ...held, error: refusal(nowMs + 15 * MINUTE_MS) })

    nowMs += 16 * MINUTE_MS
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(tries()).toBe(2)
    expect((await busyState()).error).toBe(refusal(nowMs + 30 * MINUTE_MS))

    nowMs += 29 * MINUTE_MS
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(tries()).toBe(2)
    nowMs += 2 * MINUTE_MS
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(tries()).toBe(3)
    expect(await busyState()).toEqual({ ...held, error: refusal(nowMs + 60 * MINUTE_MS) })
    // The site stayed up all along.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })
})
