/**
 * The free slots: the owner's weekly hours, read as wall-clock times in the owner's zone (luxon
 * turns each into an instant, across daylight-saving changes), stepped by the meeting length from
 * each block's start, then cleared of what may not be booked. Pure: instants in, instants out.
 */
import { DateTime } from 'luxon'
import { WEEKDAYS, type WeeklyHours } from '#common/schemas/booking-settings.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** A span of time in epoch milliseconds, start included, end excluded. */
export interface Span {
  start: number
  end: number
}

/** A confirmed booking as it blocks others: its call and the buffer after it. */
export interface BlockedSpan {
  start: number
  blockedUntil: number
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** The instant of a wall-clock time on `day` in `zone`, or undefined where the clock skips it. */
function wallClock(day: DateTime, minutes: number, zone: string): DateTime | undefined {
  const hour = Math.floor(minutes / 60)
  const minute = minutes % 60
  if (hour === 24) return day.plus({ days: 1 }).startOf('day')
  const at = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute },
    { zone },
  )
  // luxon moves a time in a spring-forward gap past the gap: that wall-clock time never happens.
  if (at.hour !== hour || at.minute !== minute) return undefined
  // A time the clock passes twice (fall back): its first passing.
  return at.getPossibleOffsets().reduce((first, next) => (next < first ? next : first), at)
}

/**
 * Every slot the weekly hours give from `from` to `to` (dates in `zone`, both included), each
 * `duration` minutes: starting at a block's start, one after the other, ending within the block.
 * A start that falls in a spring-forward gap is skipped; a start the clock passes twice (fall
 * back) counts once, at its first passing.
 */
export function weeklySlots({
  weekly,
  zone,
  from,
  to,
  duration,
}: {
  weekly: WeeklyHours
  zone: string
  from: string
  to: string
  duration: number
}): Span[] {
  const slots: Span[] = []
  const last = DateTime.fromISO(to, { zone })
  for (let day = DateTime.fromISO(from, { zone }); day <= last; day = day.plus({ days: 1 })) {
    const windows = weekly[WEEKDAYS[day.weekday - 1]!]
    for (const window of windows) {
      const startMinutes = minutesOf(window.start)
      const endMinutes = window.end === '24:00' ? 24 * 60 : minutesOf(window.end)
      const windowEnd = wallClock(day, endMinutes, zone)?.toMillis()
      let previousEnd = -Infinity
      for (let m = startMinutes; m + duration <= endMinutes; m += duration) {
        const start = wallClock(day, m, zone)?.toMillis()
        if (start === undefined) continue
        const end = start + duration * MINUTE_MS
        if (windowEnd !== undefined && end > windowEnd) continue
        // Across a spring-forward gap two wall-clock steps can be closer than a meeting's length.
        if (start < previousEnd) continue
        slots.push({ start, end })
        previousEnd = end
      }
    }
  }
  return slots.sort((a, b) => a.start - b.start)
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end

/**
 * The slots that may be booked at `now`: starting later than the notice, before the horizon, with
 * the buffer free before and after them (no booking's call and buffer in [start, end +
 * buffer), which with each booking holding its own buffer after it keeps one buffer between any
 * two calls), and clear of the owner's busy times.
 */
export function freeSlots(
  candidates: Span[],
  {
    now,
    minNoticeHours,
    horizonDays,
    bufferMinutes,
    booked,
    busy,
  }: {
    now: number
    minNoticeHours: number
    horizonDays: number
    bufferMinutes: number
    booked: BlockedSpan[]
    busy: Span[]
  },
): Span[] {
  const earliest = now + minNoticeHours * HOUR_MS
  const latest = now + horizonDays * DAY_MS
  const buffer = bufferMinutes * MINUTE_MS
  return candidates.filter(
    (slot) =>
      slot.start > earliest &&
      slot.start < latest &&
      !booked.some((b) =>
        overlaps(
          { start: slot.start, end: slot.end + buffer },
          { start: b.start, end: b.blockedUntil },
        ),
      ) &&
      !busy.some((b) => overlaps(slot, b)),
  )
}

/** The owner-zone date of an instant (YYYY-MM-DD). */
export const dateIn = (instant: number, zone: string) =>
  DateTime.fromMillis(instant, { zone }).toISODate()!
