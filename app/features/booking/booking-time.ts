/**
 * Booking times as a visitor reads them: a slot (two UTC instants) shown in the visitor's own time
 * zone, slots grouped by the visitor's calendar day, and the month grid the day is picked from.
 * Pure functions over `Intl`, used by the server's rendering of /book and the manage page and by
 * the admin; every date string is `YYYY-MM-DD`, every month `YYYY-MM`.
 */

export interface Slot {
  start: string
  end: string
}

const LOCALE = 'en-US'
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH_RE = /^\d{4}-\d{2}$/

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`
  let cached = formatters.get(key)
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: zone })
    formatters.set(key, cached)
  }
  return cached
}

/** Every IANA zone this runtime knows, sorted, with UTC. */
export function timeZoneNames(): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'))
  names.add('UTC')
  return [...names].sort()
}

/** The calendar date and the 24-hour time of `iso` on the clocks of `zone`. */
export function zonedParts(iso: string, zone: string): { date: string; time: string } {
  const parts = formatter(zone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? ''
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  }
}

/** "9:30 AM" on the clocks of `zone`. */
export function formatTime(iso: string, zone: string): string {
  return formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso))
}

/** "Tuesday, December 1, 2026": a calendar date (no zone involved). */
export function formatDay(date: string): string {
  return formatter('UTC', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(dateAtNoonUtc(date))
}

/** "Tue, Dec 1": a calendar date, short. */
export function formatShortDay(date: string): string {
  return formatter('UTC', { weekday: 'short', month: 'short', day: 'numeric' }).format(
    dateAtNoonUtc(date),
  )
}

/** "December 2026". */
export function formatMonth(month: string): string {
  return formatter('UTC', { month: 'long', year: 'numeric' }).format(dateAtNoonUtc(`${month}-01`))
}

/** "GMT-5", "GMT+1", "GMT": the zone's offset at `iso`. */
export function zoneOffset(zone: string, iso: string): string {
  const parts = formatter(zone, { timeZoneName: 'shortOffset' }).formatToParts(new Date(iso))
  return parts.find((entry) => entry.type === 'timeZoneName')?.value ?? ''
}

/** "America/New York (GMT-5)": a zone as a person picks it from a list. */
export function zoneLabel(zone: string, at: string): string {
  const offset = zoneOffset(zone, at)
  const name = zone.replaceAll('_', ' ')
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

function dateAtNoonUtc(date: string): Date {
  const match = DATE_RE.exec(date)
  if (!match) throw new Error(`Not a date: ${date}`)
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12))
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false
  return dateAtNoonUtc(value).toISOString().slice(0, 10) === value
}

/** True for a month written `YYYY-MM`. */
export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH_RE.test(value) && isDate(`${value}-01`)
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const moved = dateAtNoonUtc(date)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}

/** `month` moved by `months` months. */
export function addMonths(month: string, months: number): string {
  const moved = dateAtNoonUtc(`${month}-01`)
  moved.setUTCMonth(moved.getUTCMonth() + months)
  return moved.toISOString().slice(0, 7)
}

/** Today's date on the clocks of `zone`. */
export function todayIn(zone: string, now: Date): string {
  return zonedParts(now.toISOString(), zone).date
}

/**
 * The weeks of `month` as a calendar shows them, Monday first: seven dates a week, `null` for the
 * days before the first and after the last of the month.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`
  const lead = (dateAtNoonUtc(first).getUTCDay() + 6) % 7
  const cells: (string | null)[] = Array.from({ length: lead }, () => null)
  for (let date = first; date.startsWith(month); date = addDays(date, 1)) cells.push(date)
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
  const first = `${month}-01`
  const last = addDays(`${addMonths(month, 1)}-01`, -1)
  return { from: addDays(first, -2), to: addDays(last, 2) }
}
