import { describe, expect, it } from 'vitest'
import {
  addDays,
  addMonths,
  formatDay,
  formatSlot,
  formatTime,
  groupSlotsByDay,
  isDate,
  isMonth,
  monthWeeks,
  ownerRangeForMonth,
  timeZoneNames,
  todayIn,
  zoneLabel,
  zoneName,
  zonedParts,
} from './booking-time.ts'

describe('formatting a slot in a time zone', () => {
  // 09:00 in Berlin (UTC+1 in winter) is 08:00 UTC and 03:00 in New York (UTC-5).
  const slot = { start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T08:30:00.000Z' }

  it('shows the time on the clocks of the zone', () => {
    expect(formatTime(slot.start, 'Europe/Berlin')).toBe('9:00 AM')
    expect(formatTime(slot.start, 'America/New_York')).toBe('3:00 AM')
  })

  it('shows the date and both ends of the slot', () => {
    expect(formatSlot(slot, 'Europe/Berlin')).toBe('Tuesday, December 1, 2026, 9:00 AM – 9:30 AM')
  })

  it('moves the date when the zone is a day behind', () => {
    const early = { start: '2026-12-01T02:00:00.000Z', end: '2026-12-01T02:30:00.000Z' }
    expect(formatSlot(early, 'America/Los_Angeles')).toBe(
      'Monday, November 30, 2026, 6:00 PM – 6:30 PM',
    )
  })

  it('follows summer time', () => {
    expect(zonedParts('2026-07-01T08:00:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2026-07-01',
      time: '10:00',
    })
    expect(zoneLabel('America/New_York', '2026-07-01T08:00:00.000Z')).toBe(
      'America/New York (GMT-4)',
    )
    expect(zoneLabel('America/New_York', '2026-12-01T08:00:00.000Z')).toBe(
      'America/New York (GMT-5)',
    )
    expect(zoneLabel('Asia/Kolkata', '2026-12-01T08:00:00.000Z')).toBe('Asia/Kolkata (GMT+5:30)')
    // The zone's offset as the runtime's Intl writes it, "UTC" included.
    const utcOffset = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(new Date('2026-12-01T08:00:00.000Z'))
      .find((part) => part.type === 'timeZoneName')?.value
    expect(zoneLabel('UTC', '2026-12-01T08:00:00.000Z')).toBe(`UTC (${utcOffset})`)
  })

  it('names a zone in the list of every zone without its offset', () => {
    expect(zoneName('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires')
    expect(zoneName('UTC')).toBe('UTC')
  })
})

describe('grouping slots by day in the visitor’s zone', () => {
  it('puts a slot on the day it starts on in that zone, in time order', () => {
    const slots = [
      { start: '2026-12-02T08:00:00.000Z', end: '2026-12-02T08:30:00.000Z' },
      { start: '2026-12-01T23:30:00.000Z', end: '2026-12-02T00:00:00.000Z' },
      { start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T08:30:00.000Z' },
    ]
    expect([...groupSlotsByDay(slots, 'UTC').entries()]).toEqual([
      ['2026-12-01', [slots[2], slots[1]]],
      ['2026-12-02', [slots[0]]],
    ])
    // In Berlin 23:30 UTC is already the next day.
    expect([...groupSlotsByDay(slots, 'Europe/Berlin').entries()]).toEqual([
      ['2026-12-01', [slots[2]]],
      ['2026-12-02', [slots[1], slots[0]]],
    ])
  })
})

describe('calendar dates', () => {
  it('checks dates and months, and lists the zones', () => {
    expect(isDate('2026-02-28')).toBe(true)
    expect(isDate('2026-02-30')).toBe(false)
    expect(isDate('2026-2-3')).toBe(false)
    expect(isMonth('2026-12')).toBe(true)
    expect(isMonth('2026-13')).toBe(false)
    expect(timeZoneNames()).toContain('America/New_York')
    expect(timeZoneNames()).toContain('UTC')
  })

  it('moves dates and months across their ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(formatDay('2026-12-01')).toBe('Tuesday, December 1, 2026')
  })

  it('tells today’s date on a zone’s clocks', () => {
    const now = new Date('2026-12-01T03:00:00.000Z')
    expect(todayIn('Europe/Berlin', now)).toBe('2026-12-01')
    expect(todayIn('America/New_York', now)).toBe('2026-11-30')
  })

  it('lays a month out in weeks starting on Monday', () => {
    const weeks = monthWeeks('2026-12')
    // December 1, 2026 is a Tuesday.
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ])
    expect(weeks.at(-1)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      null,
      null,
      null,
    ])
    expect(weeks).toHaveLength(5)
  })

  it('widens a month by two days each way for the owner’s dates', () => {
    expect(ownerRangeForMonth('2026-12')).toEqual({ from: '2026-11-29', to: '2027-01-02' })
    expect(ownerRangeForMonth('2028-02')).toEqual({ from: '2028-01-30', to: '2028-03-02' })
  })
})
