/**
 * The owner's busy calendar: an iCalendar feed served by a local server, read when the settings
 * are saved and again once the last read is 15 minutes old, whose events (a TZID time, a zone
 * defined by the file's own VTIMEZONE, a weekly rule with an EXDATE and a moved occurrence, an
 * all-day event) block exactly the slots they cover, under the outbound-fetch rules.
 */
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_DEFAULTS, type BookingSettings } from '#common/schemas/booking-settings.ts'
import { BookingSlotsSchema, BusyCalendarStateSchema } from '#common/schemas/booking.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { fetchText } from '#server/modules/link-checks/probe.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

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

let nowMs = Date.parse('2026-03-20T12:00:00Z')
let served = CALENDAR
let hits = 0
let server: http.Server
let calendarUrl: string
let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits += 1
    if (request.url === '/moved.ics') {
      response.writeHead(302, { location: '/calendar.ics' }).end()
      return
    }
    if (request.url === '/loop.ics') {
      response.writeHead(302, { location: '/loop.ics' }).end()
      return
    }
    if (request.url === '/large.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar' }).end('X'.repeat(4096))
      return
    }
    if (request.url === '/silent.ics') return // never answers
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(served)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  calendarUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/moved.ics`
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
    expect(hits).toBe(2) // the redirect, then the file
    const state = await app.inject({ method: 'GET', url: '/api/booking/busy', headers: admin })
    expect(BusyCalendarStateSchema.parse(state.json())).toEqual({
      fetchedAt: new Date(nowMs).toISOString(),
      // New York, the file's own zone, two weekly reviews in range (one excluded, one moved) and
      // the day away; the event marked free is no busy time.
      events: 5,
      error: null,
    })
    expect((await app.inject({ method: 'GET', url: '/api/booking/busy' })).statusCode).toBe(401)

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

  it('keeps the busy times it has when a read fails, and says why', async () => {
    served = 'not a calendar'
    nowMs += 16 * MINUTE_MS
    expect(await app.services.booking.refreshBusyIfDue()).toBeUndefined()
    expect(await app.services.booking.busyCalendarState()).toMatchObject({
      error: 'The address does not serve an iCalendar file',
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
      expect(hits).toBe(before)
      const state = await strict.services.booking.busyCalendarState()
      expect(state.error).toMatch(/loopback address \(127\.0\.0\.1\), which is not allowed/)
    } finally {
      await strict.cleanup()
    }
  })

  it('is fetched within the limits of the link checks: size, redirects and time', async () => {
    const base = calendarUrl.replace('/moved.ics', '')
    const options = { userAgent: 'test', allowPrivate: true, maxBytes: 1024, timeoutMs: 300 }
    expect(await fetchText(`${base}/large.ics`, options)).toEqual({
      error: 'The file is larger than 1 KB',
    })
    expect(await fetchText(`${base}/loop.ics`, options)).toEqual({
      error: `Redirect loop at ${base}/loop.ics`,
    })
    expect(await fetchText(`${base}/silent.ics`, options)).toEqual({
      error: 'No answer within 300 ms',
    })
    expect(await fetchText(`${base}/calendar.ics`, options)).toEqual({ text: served })
    expect(await fetchText('ftp://calendar.example/x.ics', options)).toEqual({
      error: 'The address leads to ftp: (only http and https are read)',
    })
  })
})
