/**
 * The owner's busy times, read from their calendar's iCalendar feed with ical.js (Mozilla's
 * parser, which expands RRULE with EXDATE and applies RECURRENCE-ID overrides). Times in a named
 * zone (TZID) become instants through luxon when the name is an IANA zone, and through the file's
 * own VTIMEZONE otherwise; all-day events and times with no zone are read in the owner's zone.
 *
 * This runs in a worker thread (busy-calendar.worker.ts, started by busy-calendar-reader.ts, which
 * bounds its memory and time), so the server's own thread never loads ical.js. Three ical.js
 * behaviours are worked around here:
 * - an event built from a parsed component looks through every event of its calendar for
 *   exceptions, and a time whose TZID the file defines no VTIMEZONE for is looked up among every
 *   component of the calendar, so n events cost n squared (31 s for 8,000 events): events are
 *   built with no exceptions, related to theirs by UID here, and given a parent that holds only
 *   the calendar's VTIMEZONEs;
 * - a rule that can never match (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) keeps one `next()` call
 *   stepping through the days for ever, its memory growing: each event's steps are counted and
 *   its repeats cut off after RULE_STEPS_MAX.
 */
import ICAL from 'ical.js'
import { DateTime, IANAZone } from 'luxon'
import type { Span } from './slots.ts'

/** The most busy times one feed may hold within the window: more is no calendar a person keeps. */
export const BUSY_TIMES_MAX = 20_000
/**
 * The steps ical.js may take through one event's repeats (each date it tries, matching or not,
 * before the window or within it) before the rest of them are left out. A daily event since 1970
 * takes about 41,000 to reach 2026; 60,000 steps of a rule that never matches, half a second.
 */
export const RULE_STEPS_MAX = 60_000

const DAY_MS = 24 * 60 * 60 * 1000

export const NOT_ICALENDAR = 'The address does not serve an iCalendar file'

/** What the worker is asked: the feed's text and the window whose busy times are kept. */
export interface BusyCalendarRequest {
  text: string
  /** Busy times ending after `from` and starting before `until` (epoch ms) are kept. */
  from: number
  until: number
  /** The zone of all-day events and of times with no zone. */
  ownerZone: string
}

export interface BusyTimes {
  /** Earliest first. */
  spans: Span[]
  /** Events left out, wholly or from a repeat on: a rule cut off, or an event ical.js refused. */
  leftOut: number
}

/** A feed refused whole: the message is the sentence the owner reads. */
export class BusyCalendarRefusal extends Error {}

class RuleCutOff extends Error {}

type IcalTime = InstanceType<typeof ICAL.Time>
type IcalEvent = InstanceType<typeof ICAL.Event>

/** The steps the event being expanded has left; Infinity outside readBusyTimes. */
let stepsLeft = Number.POSITIVE_INFINITY

// ical.js calls this once for every date a rule's iterator tries, inside the loop of `next()` that
// has no bound of its own for DAILY, WEEKLY and shorter frequencies: the one place to count steps.
const checkContractingRules = ICAL.RecurIterator.prototype.check_contracting_rules
ICAL.RecurIterator.prototype.check_contracting_rules = function (this: unknown) {
  if (--stepsLeft < 0) throw new RuleCutOff()
  return checkContractingRules.call(this)
}

// luxon checks a zone name by building a formatter each time: once per name here.
const zoneNames = new Map<string, boolean>()
function isZone(name: string): boolean {
  let isValid = zoneNames.get(name)
  if (isValid === undefined) zoneNames.set(name, (isValid = IANAZone.isValidZone(name)))
  return isValid
}

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
  if (tzid && tzid !== 'floating' && isZone(tzid))
    return DateTime.fromObject(wall, { zone: tzid }).toMillis()
  if (tzid && tzid !== 'floating') return time.toUnixTime() * 1000
  const zone = zoneHint && isZone(zoneHint) ? zoneHint : ownerZone
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

/** A time's wall clock read as UTC: within 14 hours of the instant, whatever its zone. */
const wallMs = (time: IcalTime) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)

/** Adds the busy spans of one event (a single one, or a series with its exceptions) to `spans`. */
function expand(event: IcalEvent, request: BusyCalendarRequest, spans: Span[]) {
  const { from, until, ownerZone } = request
  stepsLeft = RULE_STEPS_MAX
  // A series' occurrences that end days before the window are passed over without reading their
  // details, unless an exception could move one (a long series would otherwise take seconds).
  const hasExceptions = Object.keys(event.exceptions).length > 0 || event.rangeExceptions.length > 0
  const passBefore = from - 2 * DAY_MS - Math.max(0, event.duration.toSeconds() * 1000)
  const iterator = event.iterator()
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (--stepsLeft < 0) throw new RuleCutOff()
    if (!hasExceptions && wallMs(next) < passBefore) continue
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
    if (end > from && end > start) {
      if (spans.length >= BUSY_TIMES_MAX)
        throw new BusyCalendarRefusal(
          `The calendar holds more than ${BUSY_TIMES_MAX.toLocaleString('en-US')} busy times within the booking horizon`,
        )
      spans.push({ start, end })
    }
    if (!event.isRecurring()) break
  }
}

/** A raw (jCal) component: name, properties ([name, parameters, type, ...values]), components. */
type JCal = [string, [string, object, string, ...unknown[]][], JCal[]]

const hasProperty = (raw: JCal, name: string) => raw[1].some((property) => property[0] === name)
const uidOf = (raw: JCal) => String(raw[1].find((property) => property[0] === 'uid')?.[3] ?? '')

/**
 * The busy spans in [from, until) the feed holds. Throws a BusyCalendarRefusal when it holds more
 * than BUSY_TIMES_MAX, and another error when the text is no iCalendar data.
 *
 * Each event is built, expanded and let go in turn, from the parsed text (which stays): building
 * them all first took a heap of 72 MB for a 2 MB feed of 14,000 events, against 44 MB.
 */
export function readBusyTimes(request: BusyCalendarRequest): BusyTimes {
  const parsed = ICAL.parse(request.text) as JCal | JCal[]
  const tops = (Array.isArray(parsed[0]) ? parsed : [parsed]) as JCal[]
  const calendars = tops.filter((raw) => raw[0] === 'vcalendar')
  if (calendars.length === 0) throw new BusyCalendarRefusal(NOT_ICALENDAR)
  const spans: Span[] = []
  let leftOut = 0
  for (const raw of calendars) {
    // The events' parent: their calendar's VTIMEZONE definitions, which their times are read in
    // (not the whole calendar, which ical.js would search, events and all, for each such TZID).
    const zones = new ICAL.Component([
      'vcalendar',
      [],
      raw[2].filter((component) => component[0] === 'vtimezone'),
    ])
    const eventOf = (event: JCal) =>
      new ICAL.Event(new ICAL.Component(event, zones), { exceptions: [] })
    const events = raw[2].filter((component) => component[0] === 'vevent')
    const series = new Set<string>()
    const exceptions = new Map<string, JCal[]>()
    for (const event of events) {
      const uid = uidOf(event)
      const moved = exceptions.get(uid)
      if (!hasProperty(event, 'recurrence-id')) series.add(uid)
      else if (moved) moved.push(event)
      else exceptions.set(uid, [event])
    }
    for (const event of events) {
      const isException = hasProperty(event, 'recurrence-id')
      // An exception is read with its series; one whose series is not in the file on its own.
      if (isException && series.has(uidOf(event))) continue
      try {
        const item = eventOf(event)
        if (!isException)
          for (const exception of exceptions.get(uidOf(event)) ?? [])
            item.relateException(eventOf(exception))
        if (item.startDate) expand(item, request, spans)
      } catch (err) {
        if (err instanceof BusyCalendarRefusal) throw err
        // A rule cut off, or one ical.js refuses ("Invalid BYYEARDAY rule"): the busy times it
        // gave so far stay, and the other events are read.
        leftOut += 1
      } finally {
        stepsLeft = Number.POSITIVE_INFINITY
      }
    }
  }
  return { spans: spans.sort((a, b) => a.start - b.start), leftOut }
}
