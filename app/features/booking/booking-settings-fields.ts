/**
 * The admin Booking form's fields to and from the settings' `booking` shape, checked with the
 * server's own schema. The weekly hours travel as one JSON field, which the hours editor keeps.
 */
import {
  BookingSettingsSchema,
  WEEKDAYS,
  type BookingSettings,
  type WeeklyHours,
} from '#common/schemas/booking-settings.ts'
import type { FieldErrors, Validation } from '#app/lib/form-errors.ts'

/** A number field's text as a number; empty is missing. */
const numberOf = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : Number(value)

/** "20, 45" or "20 45" as minutes; anything that is not a number stays, for the schema to name. */
export function durationsOf(value: string | undefined): unknown[] {
  return (value ?? '')
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

function weeklyOf(value: string | undefined): unknown {
  try {
    return JSON.parse(value ?? '')
  } catch {
    return undefined
  }
}

export function bookingFromForm(values: Record<string, string>): Validation<BookingSettings> {
  const result = BookingSettingsSchema.safeParse({
    enabled: values.enabled === 'on',
    timeZone: values.timeZone,
    durations: durationsOf(values.durations),
    weekly: weeklyOf(values.weekly),
    bufferMinutes: numberOf(values.bufferMinutes),
    minNoticeHours: numberOf(values.minNoticeHours),
    horizonDays: numberOf(values.horizonDays),
    location: values.location ?? '',
    busyCalendarUrl: values.busyCalendarUrl?.trim() ? values.busyCalendarUrl.trim() : null,
  })
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const [first, second] = issue.path
    // A day's error shows under that day's row of the hours editor.
    const field =
      first === 'weekly' && second !== undefined
        ? `weekly.${String(second)}`
        : String(first ?? 'form')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

/** Every day's hours set to `day`'s (the editor's "Copy to all days"). */
export function copyHoursToAll(weekly: WeeklyHours, day: (typeof WEEKDAYS)[number]): WeeklyHours {
  const windows = weekly[day]
  return Object.fromEntries(
    WEEKDAYS.map((other) => [other, windows.map((window) => ({ ...window }))]),
  ) as WeeklyHours
}
