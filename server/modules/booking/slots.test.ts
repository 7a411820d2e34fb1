import { describe, expect, it } from 'vitest'
import type { WeeklyHours } from '#common/schemas/booking-settings.ts'
import { freeSlots, weeklySlots } from './slots.ts'

const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }
const every = (start: string, end: string): WeeklyHours =>
  Object.fromEntries(Object.keys(none).map((day) => [day, [{ start, end }]])) as WeeklyHours
const iso = (ms: number) => new Date(ms).toISOString()

describe('weeklySlots', () => {
  it('keeps 09:00 to 17:00 local on the days Europe/Berlin changes its clocks', () => {
    for (const [day, offset] of [
      ['2026-03-29', '07:00'],
      ['2026-10-25', '08:00'],
    ] as const) {
      const slots = weeklySlots({
        weekly: every('09:00', '17:00'),
        zone: 'Europe/Berlin',
        from: day,
        to: day,
        duration: 60,
      })
      expect(slots).toHaveLength(8)
      expect(iso(slots[0]!.start)).toBe(`${day}T${offset}:00.000Z`)
    }
  })

  it('gives a fall-back hour once and skips a spring-forward gap in America/New_York', () => {
    const fallBack = weeklySlots({
      weekly: every('01:00', '02:00'),
      zone: 'America/New_York',
      from: '2026-11-01',
      to: '2026-11-01',
      duration: 30,
    })
    expect(fallBack.map((s) => iso(s.start))).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
    ])
    const springForward = weeklySlots({
      weekly: every('01:00', '04:00'),
      zone: 'America/New_York',
      from: '2026-03-08',
      to: '2026-03-08',
      duration: 60,
    })
    // 02:00 does not exist that night: 01:00 EST, then 03:00 EDT.
    expect(springForward.map((s) => iso(s.start))).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ])
  })

  it('steps by the meeting length from each block start and ends within the block', () => {
    const slots = weeklySlots({
      weekly: { ...none, mon: [{ start: '09:00', end: '10:30' }] },
      zone: 'UTC',
      from: '2026-03-30',
      to: '2026-04-05',
      duration: 45,
    })
    expect(slots.map((s) => iso(s.start))).toEqual([
      '2026-03-30T09:00:00.000Z',
      '2026-03-30T09:45:00.000Z',
    ])
  })
})

describe('freeSlots', () => {
  const at = (time: string) => Date.parse(`2026-03-30T${time}:00Z`)
  const candidates = weeklySlots({
    weekly: every('09:00', '12:00'),
    zone: 'UTC',
    from: '2026-03-30',
    to: '2026-03-30',
    duration: 30,
  })
  const base = {
    now: at('00:00'),
    minNoticeHours: 0,
    horizonDays: 30,
    bufferMinutes: 15,
    booked: [],
    busy: [],
  }

  it('keeps the buffer free before and after a booking', () => {
    const free = freeSlots(candidates, {
      ...base,
      booked: [{ start: at('10:00'), blockedUntil: at('10:45') }],
    })
    expect(free.map((s) => iso(s.start).slice(11, 16))).toEqual(['09:00', '11:00', '11:30'])
  })

  it('leaves out slots within the notice, past the horizon and over busy times', () => {
    const free = freeSlots(candidates, {
      ...base,
      now: at('08:00'),
      minNoticeHours: 2,
      busy: [{ start: at('11:15'), end: at('11:20') }],
    })
    expect(free.map((s) => iso(s.start).slice(11, 16))).toEqual(['10:30', '11:30'])
    expect(
      freeSlots(candidates, { ...base, now: at('09:00') - 86_400_000, horizonDays: 1 }),
    ).toEqual(candidates.filter((s) => s.start < at('09:00')))
  })
})
