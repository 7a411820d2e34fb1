/**
 * What the booking pages render from: the choices a visitor makes (length, day, time, zone) read
 * from the page's address, and the links that change one of them. Shared by /book and the manage
 * page's reschedule step, on the server and in tests.
 */
import type { Slot } from './booking-time.ts'

/** The picker's state, as a page's loader works it out. */
export interface PickerView {
  durations: number[]
  duration: number
  /** The zone times are shown in, and whether the visitor chose it (else it is the owner's). */
  zone: string
  isZoneChosen: boolean
  /** Every zone to choose from (the visitor's own included). */
  zones: string[]
  month: string
  prevMonth: string | null
  nextMonth: string | null
  /** The month's days with a free time, in the visitor's zone. */
  freeDays: string[]
  day: string | null
  times: Slot[]
  /** The time picked, when it is still free. */
  chosen: Slot | null
  /** The instant zone offsets are shown for (the page's render time). */
  now: string
}

/** The address parameters the picker reads. */
export interface PickerParams {
  duration?: number
  timeZone?: string
  month?: string
  day?: string
  start?: string
}

/**
 * The address of `path` with the picker's `params` and the page's own `keep` ones (the manage
 * page's step), in one fixed order, leaving out what is unset.
 */
export function pickerHref(
  path: string,
  params: PickerParams,
  keep: Record<string, string> = {},
): string {
  const search = new URLSearchParams(keep)
  if (params.duration !== undefined) search.set('duration', String(params.duration))
  if (params.timeZone) search.set('timeZone', params.timeZone)
  if (params.month) search.set('month', params.month)
  if (params.day) search.set('day', params.day)
  if (params.start) search.set('start', params.start)
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/** "30 minutes", "1 hour", "1 hour 30 minutes". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const parts: string[] = []
  if (hours > 0) parts.push(hours === 1 ? '1 hour' : `${hours} hours`)
  if (rest > 0 || hours === 0) parts.push(rest === 1 ? '1 minute' : `${rest} minutes`)
  return parts.join(' ')
}

/** "30 min", "1 h", "1 h 30 min": a length on a small button. */
export function formatShortDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
