import { describe, expect, it } from 'vitest'
import { bookingFromForm, copyHoursToAll, durationsOf } from './booking-settings-fields.ts'
import { BOOKING_DEFAULTS } from '#common/schemas/booking-settings.ts'

const FORM = {
  enabled: 'on',
  timeZone: 'Europe/Berlin',
  durations: '20, 45',
  weekly: JSON.stringify(BOOKING_DEFAULTS.weekly),
  bufferMinutes: '10',
  minNoticeHours: '12',
  horizonDays: '30',
  location: 'https://meet.example.com/owner',
  busyCalendarUrl: '',
}

describe('bookingFromForm', () => {
  it('reads every field into the settings’ shape', () => {
    const result = bookingFromForm(FORM)
    expect(result).toEqual({
      ok: true,
      data: {
        ...BOOKING_DEFAULTS,
        enabled: true,
        timeZone: 'Europe/Berlin',
        location: 'https://meet.example.com/owner',
      },
    })
  })

  it('names the field of each error, a day’s hours under that day', () => {
    const weekly = { ...BOOKING_DEFAULTS.weekly, tue: [{ start: '17:00', end: '09:00' }] }
    const result = bookingFromForm({
      ...FORM,
      timeZone: 'Mars/Olympus',
      durations: '20, soon',
      weekly: JSON.stringify(weekly),
      horizonDays: '',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.timeZone).toMatch(/time zone/i)
    expect(result.errors.durations).toBeTruthy()
    expect(result.errors['weekly.tue']).toMatch(/Tuesday/)
    expect(result.errors.horizonDays).toBeTruthy()
  })

  it('keeps a busy calendar address and turns booking off without the box ticked', () => {
    const result = bookingFromForm({
      ...FORM,
      enabled: '',
      busyCalendarUrl: ' https://calendar.example.com/secret.ics ',
    })
    expect(result.ok && result.data.enabled).toBe(false)
    expect(result.ok && result.data.busyCalendarUrl).toBe('https://calendar.example.com/secret.ics')
  })
})

describe('durationsOf', () => {
  it('reads lengths separated by commas or spaces', () => {
    expect(durationsOf('15, 30 60')).toEqual([15, 30, 60])
    expect(durationsOf('')).toEqual([])
  })
})

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
