import ICAL from 'ical.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BUSY_TIMES_MAX,
  BusyCalendarRefusal,
  NOT_ICALENDAR,
  RULE_STEPS_MAX,
  readBusyTimes,
} from './busy-calendar.ts'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const FROM = Date.parse('2026-03-20T00:00:00Z')
const window = { from: FROM, until: FROM + 62 * DAY_MS, ownerZone: 'Europe/Berlin' }

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Unit//EN', ...events, 'END:VCALENDAR']
    .join('\r\n')
    .concat('\r\n')

const event = (uid: string, start: string, end: string, ...more: string[]) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260301T000000Z',
    `DTSTART;TZID=Europe/Berlin:${start}`,
    `DTEND;TZID=Europe/Berlin:${end}`,
    ...more,
    'END:VEVENT',
  ].join('\r\n')

/** Counts the dates ical.js's rule iterators try while `work` runs. */
function countSteps(work: () => void): number {
  const check = ICAL.RecurIterator.prototype.check_contracting_rules
  let steps = 0
  const spy = vi
    .spyOn(ICAL.RecurIterator.prototype, 'check_contracting_rules')
    .mockImplementation(function (this: InstanceType<typeof ICAL.RecurIterator>) {
      steps += 1
      return check.call(this)
    })
  try {
    work()
  } finally {
    spy.mockRestore()
  }
  return steps
}

afterEach(() => vi.restoreAllMocks())

describe('readBusyTimes', () => {
  it('cuts off a rule that never matches and reads the other events', () => {
    const text = calendar(
      event(
        'never@test',
        '20260323T140000',
        '20260323T150000',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      ),
      event('call@test', '20260324T100000', '20260324T110000'),
    )
    let read: ReturnType<typeof readBusyTimes> | undefined
    const steps = countSteps(() => {
      read = readBusyTimes({ text, ...window })
    })
    expect(read).toEqual({
      spans: [
        { start: Date.parse('2026-03-24T09:00:00Z'), end: Date.parse('2026-03-24T10:00:00Z') },
      ],
      leftOut: 1,
    })
    // Without the cut-off the first rule steps through the days without end.
    expect(steps).toBeGreaterThan(0)
    expect(steps).toBeLessThanOrEqual(RULE_STEPS_MAX + 1)
  })

  it('reads a long series to the window in full: a daily event since 1970', () => {
    const { spans, leftOut } = readBusyTimes({
      text: calendar(event('daily@test', '19700101T090000', '19700101T093000', 'RRULE:FREQ=DAILY')),
      ...window,
    })
    expect(leftOut).toBe(0)
    expect(spans).toHaveLength(62)
    expect(spans[0]).toEqual({
      start: Date.parse('2026-03-20T08:00:00Z'),
      end: Date.parse('2026-03-20T08:30:00Z'),
    })
  })

  it('builds each event once, without looking through the others (n events, n steps of work)', () => {
    const events = Array.from({ length: 2000 }, (_, i) => {
      const hour = String(i % 24).padStart(2, '0')
      const day = String(1 + (Math.floor(i / 24) % 28)).padStart(2, '0')
      return event(`e${i}@test`, `202604${day}T${hour}0000`, `202604${day}T${hour}3000`)
    })
    const text = calendar(...events)
    // ical.js builds an event by looking through every event of its calendar for exceptions, and
    // looks through the calendar for each zone it does not define (TZID=Europe/Berlin here).
    let scanned = 0
    const getAll = ICAL.Component.prototype.getAllSubcomponents
    vi.spyOn(ICAL.Component.prototype, 'getAllSubcomponents').mockImplementation(function (
      this: InstanceType<typeof ICAL.Component>,
      name?: string,
    ) {
      scanned += (this.jCal[2] as unknown[]).length
      return getAll.call(this, name)
    })
    const { spans, leftOut } = readBusyTimes({ text, ...window })
    expect(leftOut).toBe(0)
    expect(spans).toHaveLength(2000)
    expect(scanned).toBeLessThan(10 * events.length)
  })

  it('refuses a feed with more busy times in the window than BUSY_TIMES_MAX', () => {
    const text = calendar(
      event('often@test', '20260320T090000', '20260320T090100', 'RRULE:FREQ=MINUTELY;INTERVAL=2'),
    )
    expect(() => readBusyTimes({ text, ...window })).toThrow(
      new BusyCalendarRefusal(
        `The calendar holds more than ${BUSY_TIMES_MAX.toLocaleString('en-US')} busy times within the booking horizon`,
      ),
    )
  })

  it('refuses a text that holds no calendar', () => {
    expect(() =>
      readBusyTimes({ text: 'BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n', ...window }),
    ).toThrow(new BusyCalendarRefusal(NOT_ICALENDAR))
    expect(() => readBusyTimes({ text: 'not a calendar', ...window })).toThrow()
  })
})
