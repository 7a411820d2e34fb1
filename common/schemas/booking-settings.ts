/**
 * The owner's availability for booked calls, one field (`booking`) of the site settings. Kept apart
 * from common/schemas/booking.ts, which reads the inquiry questions of the settings, so the two
 * schema files never import each other.
 */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { isHttpUrl, text } from './common.ts'

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
type Weekday = (typeof WEEKDAYS)[number]
const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

const BOOKING_DURATION_MIN = 5
const BOOKING_DURATION_MAX = 480
const BOOKING_DURATIONS_MAX = 6
const BOOKING_WINDOWS_PER_DAY_MAX = 6
const BOOKING_BUFFER_MAX = 240
const BOOKING_NOTICE_MAX_HOURS = 24 * 60
const BOOKING_HORIZON_MAX_DAYS = 365
const LOCATION_MAX = 300

/** True for a time zone name the runtime knows (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(value: string): boolean {
  if (value === '' || value.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/** An IANA time zone name; `label` names it in the message. */
export const timeZoneSchema = (label: string) =>
  text(label, 64).refine(isTimeZone, {
    error: `${label} must be a time zone name such as Europe/Berlin or America/New_York`,
  })

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** "HH:MM" on a 24-hour clock; an end may also be "24:00", the end of the day. */
const clockTime = (label: string, { isEnd = false } = {}) =>
  z
    .string({ error: `${label} must be a time such as 09:00` })
    .refine((value) => TIME.test(value) || (isEnd && value === '24:00'), {
      error: `${label} must be a time such as 09:00`,
    })

const dayWindows = (day: Weekday) => {
  const label = WEEKDAY_LABELS[day]
  return z
    .array(
      z
        .object({
          start: clockTime(`${label} start`),
          end: clockTime(`${label} end`, { isEnd: true }),
        })
        .refine((window) => minutesOf(window.start) < minutesOf(window.end), {
          error: `${label} hours must end after they start`,
        }),
      { error: `${label} hours must be a list of {start, end}` },
    )
    .max(BOOKING_WINDOWS_PER_DAY_MAX, {
      error: `${label} may have at most ${BOOKING_WINDOWS_PER_DAY_MAX} blocks of hours`,
    })
    .refine(
      (windows) => {
        const sorted = [...windows].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
        return sorted.every(
          (w, i) => i === 0 || minutesOf(sorted[i - 1]!.end) <= minutesOf(w.start),
        )
      },
      { error: `${label} hours overlap` },
    )
}

const WeeklyHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayWindows(day)])) as {
    [D in Weekday]: ReturnType<typeof dayWindows>
  },
  { error: 'Weekly hours must list every day, mon to sun' },
)
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` })

export const BookingSettingsSchema = z.object(
  {
    /** Whether visitors can book a call (/book and the booking API). */
    enabled: z.boolean({ error: 'Booking enabled must be true or false' }),
    /** The zone the weekly hours are in. */
    timeZone: timeZoneSchema('Booking time zone'),
    /** The meeting lengths a visitor chooses from, in minutes. */
    durations: z
      .array(wholeNumber('Meeting length', BOOKING_DURATION_MIN, BOOKING_DURATION_MAX), {
        error: 'Meeting lengths must be a list of minutes',
      })
      .min(1, { error: 'Meeting lengths must list at least one length' })
      .max(BOOKING_DURATIONS_MAX, {
        error: `Meeting lengths may list at most ${BOOKING_DURATIONS_MAX} lengths`,
      })
      .refine((list) => new Set(list).size === list.length, {
        error: 'Meeting lengths list a length twice',
      }),
    weekly: WeeklyHoursSchema,
    /** Kept free before and after each booked call. */
    bufferMinutes: wholeNumber('Buffer', 0, BOOKING_BUFFER_MAX),
    /** How long before a call it can be booked at the latest. */
    minNoticeHours: wholeNumber('Minimum notice', 0, BOOKING_NOTICE_MAX_HOURS),
    /** How far ahead a call can be booked. */
    horizonDays: wholeNumber('Booking horizon', 1, BOOKING_HORIZON_MAX_DAYS),
    /** A video-call link or an address; shown to the visitor and put in the invitations. */
    location: text('Meeting location', LOCATION_MAX),
    /** The owner's calendar as an iCalendar feed (a secret iCal address): its events block slots. */
    busyCalendarUrl: text('Busy calendar address', TEXT_LIMITS.url)
      .refine(isHttpUrl, { error: 'Busy calendar address must be an http:// or https:// address' })
      .nullable(),
  },
  { error: 'Booking settings are required' },
)
export type BookingSettings = z.infer<typeof BookingSettingsSchema>
