import { describe, expect, it } from 'vitest'
import { copyHoursToAll } from './weekly-hours.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

describe('copyHoursToAll', () => {
  const weekly = {
    ...BOOKING_DEFAULTS.weekly,
    mon: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '16:00' },
    ],
    wed: [{ start: '10:00', end: '11:00' }],
    sat: [{ start: '09:00', end: '10:00' }],
  }

  it('gives every day that is on the chosen day’s hours', () => {
    const copied = copyHoursToAll(weekly, 'mon')
    for (const day of ['tue', 'wed', 'thu', 'fri', 'sat'] as const)
      expect(copied[day]).toEqual(weekly.mon)
    expect(copied.wed).not.toBe(weekly.mon)
  })

  it('leaves the days set unavailable off', () => {
    const copied = copyHoursToAll(weekly, 'mon')
    expect(copied.sun).toEqual([])
    expect(copyHoursToAll({ ...weekly, tue: [] }, 'wed').tue).toEqual([])
  })
})
