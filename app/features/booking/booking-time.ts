/**
 * Booking times as a visitor reads them: a slot (two UTC instants) shown in the visitor's own time
 * zone, slots grouped by the visitor's calendar day, and the month grid the day is picked from.
 * Pure functions over luxon (the date library the server's slots use too), run by the server's
 * rendering of /book and the manage page and by the admin in the browser; every date string is
 * `YYYY-MM-DD`, every month `YYYY-MM`.
 */
import { DateTime, IANAZone } from 'luxon'

export interface Slot {
  start: string
  end: string
}

const LOCALE = 'en-US'
const DATE_FORMAT = 'yyyy-MM-dd'
const MONTH_FORMAT = 'yyyy-MM'

/**
 * `iso` on the clocks of `zone`. The zone is made an IANA zone even for "UTC", which luxon would
 * otherwise read as a fixed offset that it names "UTC" rather than the browser's "GMT+0".
 */
const zoned = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone: IANAZone.create(zone), locale: LOCALE })

/** A calendar date (no zone involved: read and written in UTC). */
const calendarDate = (date: string) =>
  DateTime.fromFormat(date, DATE_FORMAT, { zone: 'UTC', locale: LOCALE })

const monthStart = (month: string) =>
  DateTime.fromFormat(month, MONTH_FORMAT, { zone: 'UTC', locale: LOCALE })

/** Every IANA zone this runtime knows, sorted, with UTC. */
export function timeZoneNames(): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'))
  names.add('UTC')
  return [...names].sort()
}

/** The calendar date and the 24-hour time of `iso` on the clocks of `zone`. */
export function zonedParts(iso: string, zone: string): { date: string; time: string } {
  const at = zoned(iso, zone)
  return { date: at.toFormat(DATE_FORMAT), time: at.toFormat('HH:mm') }
}

/** "9:30 AM" on the clocks of `zone`. */
export function formatTime(iso: string, zone: string): string {
  return zoned(iso, zone).toLocaleString({ hour: 'numeric', minute: '2-digit' })
}

/** "Tuesday, December 1, 2026": a calendar date. */
export function formatDay(date: string): string {
  return calendarDate(date).toLocaleString({
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  })
}

/** "Tue, Dec 1": a calendar date, short. */
export function formatShortDay(date: string): string {
  return calendarDate(date).toLocaleString({ weekday: 'short', month: 'short', day: 'numeric' })
}

/** "December 2026". */
export function formatMonth(month: string): string {
  return monthStart(month).toLocaleString({ month: 'long', year: 'numeric' })
}

/** "GMT-5", "GMT+5:30", "GMT": the zone's offset at `iso`. */
export function zoneOffset(zone: string, iso: string): string {
  const parts = zoned(iso, zone).toLocaleParts({ timeZoneName: 'shortOffset' })
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
}

/**
 * "America/New York": a zone as a person picks it from the list of every zone. The list names no
 * offsets: each one needs ICU's rules of its zone, and reading all 418 of them on a render of /book
 * kept 33 MB in the server's C heap for good (luxon's formatters and ICU's caches of each zone).
 */
export const zoneName = (zone: string): string => zone.replaceAll('_', ' ')

/** "America/New York (GMT-5)": the zone times are shown in, with its offset at `at`. */
export function zoneLabel(zone: string, at: string): string {
  const offset = zoneOffset(zone, at)
  const name = zoneName(zone)
  return offset ? `${name} (${offset})` : name
}

/**
 * A slot as one line in `zone`: "Tuesday, December 1, 2026, 9:00 AM – 9:30 AM".
 */
export function formatSlot(slot: Slot, zone: string): string {
  const { date } = zonedParts(slot.start, zone)
  return `${formatDay(date)}, ${formatTime(slot.start, zone)} – ${formatTime(slot.end, zone)}`
}

/** The slots grouped by the day they start on in `zone`, days and slots in time order. */
export function groupSlotsByDay(slots: readonly Slot[], zone: string): Map<string, Slot[]> {
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  const days = new Map<string, Slot[]>()
  for (const slot of sorted) {
    const { date } = zonedParts(slot.start, zone)
    const day = days.get(date)
    if (day) day.push(slot)
    else days.set(date, [slot])
  }
  return days
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isDate(value: unknown): value is string {
  return typeof value === 'string' && calendarDate(value).isValid
}

/** True for a month written `YYYY-MM`. */
export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && monthStart(value).isValid
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return calendarDate(date).plus({ days }).toFormat(DATE_FORMAT)
}

/** `month` moved by `months` months. */
export function addMonths(month: string, months: number): string {
  return monthStart(month).plus({ months }).toFormat(MONTH_FORMAT)
}

/** Today's date on the clocks of `zone`. */
export function todayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toFormat(DATE_FORMAT)
}

/**
 * The weeks of `month` as a calendar shows them, Monday first: seven dates a week, `null` for the
 * days before the first and after the last of the month.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const first = monthStart(month)
  const days = first.daysInMonth ?? 0
  const cells: (string | null)[] = [
    // luxon numbers the weekdays from 1 (Monday).
    ...Array.from({ length: first.weekday - 1 }, () => null),
    ...Array.from({ length: days }, (_, i) => first.plus({ days: i }).toFormat(DATE_FORMAT)),
  ]
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

/**
 * The owner's dates to ask for a visitor's month: the visitor's days can start up to a day before
 * or end a day after the owner's (time zones lie at most 26 hours apart), so the range is widened
 * by two days each way.
 */
export function ownerRangeForMonth(month: string): { from: string; to: string } {
  const first = monthStart(month)
  return {
    from: first.minus({ days: 2 }).toFormat(DATE_FORMAT),
    to: first.endOf('month').plus({ days: 2 }).toFormat(DATE_FORMAT),
  }
}
