/**
 * The owner's busy times, read from their calendar's iCalendar feed with ical.js (Mozilla's
 * parser, which expands RRULE with EXDATE and applies RECURRENCE-ID overrides). Times in a named
 * zone (TZID) become instants through luxon when the name is an IANA zone, and through the file's
 * own VTIMEZONE otherwise; all-day events and times with no zone are read in the owner's zone.
 * ical.js is loaded with the first feed read: a site without a busy calendar never holds it.
 */
import type ICAL from 'ical.js'
import { DateTime } from 'luxon'
import { isTimeZone } from '#common/schemas/booking-settings.ts'
import type { Span } from './slots.ts'

/** Occurrences read at most from one feed: a runaway rule never holds the process. */
const OCCURRENCES_MAX = 20_000

type IcalTime = InstanceType<typeof ICAL.Time>
type IcalEvent = InstanceType<typeof ICAL.Event>

function instantOf(time: IcalTime, zoneHint: string | undefined, ownerZone: string): number {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  }
  if (time.isDate) return DateTime.fromObject(wall, { zone: ownerZone }).toMillis()
  const tzid = time.zone?.tzid
  if (tzid === 'UTC' || tzid === 'Z') return time.toUnixTime() * 1000
  if (tzid && tzid !== 'floating' && isTimeZone(tzid))
    return DateTime.fromObject(wall, { zone: tzid }).toMillis()
  if (tzid && tzid !== 'floating') return time.toUnixTime() * 1000
  const zone = zoneHint && isTimeZone(zoneHint) ? zoneHint : ownerZone
  return DateTime.fromObject(wall, { zone }).toMillis()
}

const isFree = (event: IcalEvent) => {
  const transparency = event.component.getFirstPropertyValue('transp')
  const status = event.component.getFirstPropertyValue('status')
  return (
    String(transparency ?? '').toUpperCase() === 'TRANSPARENT' ||
    String(status ?? '').toUpperCase() === 'CANCELLED'
  )
}

const tzidOf = (event: IcalEvent, name: 'dtstart' | 'dtend') =>
  event.component.getFirstProperty(name)?.getParameter('tzid') as string | undefined

/**
 * The busy spans in [from, until) the feed holds. Throws when the text is no iCalendar data.
 */
export async function readBusyTimes(
  text: string,
  { from, until, ownerZone }: { from: number; until: number; ownerZone: string },
): Promise<Span[]> {
  const { default: ICAL } = await import('ical.js')
  const root = new ICAL.Component(ICAL.parse(text))
  const calendars = root.name === 'vcalendar' ? [root] : root.getAllSubcomponents('vcalendar')
  if (calendars.length === 0) throw new Error('The address does not serve an iCalendar file')
  const spans: Span[] = []
  let count = 0
  for (const calendar of calendars) {
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    const masters = new Map<string, IcalEvent>()
    for (const event of events) if (!event.isRecurrenceException()) masters.set(event.uid, event)
    for (const event of events) {
      if (!event.isRecurrenceException()) continue
      const master = masters.get(event.uid)
      if (master) master.relateException(event)
      else masters.set(`${event.uid}#${event.recurrenceId?.toString()}`, event)
    }
    for (const event of masters.values()) {
      if (!event.startDate) continue
      const iterator = event.iterator()
      for (let next = iterator.next(); next; next = iterator.next()) {
        if (++count > OCCURRENCES_MAX) return spans
        const details = event.getOccurrenceDetails(next)
        const item = details.item
        const start = instantOf(details.startDate, tzidOf(item, 'dtstart'), ownerZone)
        if (start >= until) break
        if (isFree(item)) continue
        let end = details.endDate
          ? instantOf(details.endDate, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), ownerZone)
          : start
        if (end <= start && details.startDate.isDate)
          end = DateTime.fromMillis(start, { zone: ownerZone }).plus({ days: 1 }).toMillis()
        if (end > from && end > start) spans.push({ start, end })
        if (!event.isRecurring()) break
      }
    }
  }
  return spans.sort((a, b) => a.start - b.start)
}
