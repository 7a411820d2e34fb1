import { describe, expect, it } from 'vitest'
import { copyHoursToAll } from './weekly-hours.ts'
import { BOOKING_DEFAULTS } from '#common/schemas/booking-settings.ts'

describe('copyHoursToAll', () => {
  it('gives every day the chosen day’s hours', () => {
    const weekly = {
      ...BOOKING_DEFAULTS.weekly,
      mon: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '16:00' },
      ],
    }
    const copied = copyHoursToAll(weekly, 'mon')
    expect(copied.sun).toEqual(weekly.mon)
    expect(copied.sat).toEqual(weekly.mon)
    expect(copied.sun).not.toBe(weekly.mon)
  })
})
