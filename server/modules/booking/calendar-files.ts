/**
 * The iCalendar (RFC 5545) files booked calls travel in, built with ical-generator: the
 * invitations mailed to the visitor and the owner (iTIP REQUEST, CANCEL: RFC 5546) and the owner's
 * feed of every confirmed booking. A booking keeps one UID for life; each change raises SEQUENCE,
 * so calendar apps update the event they already hold instead of adding a second one.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator'
import type { BookingWithInquiry } from './booking.repository.ts'

/** What an event is made of: the booking's time and state, and who booked it (from its inquiry). */
export type CalendarBooking = Pick<
  BookingWithInquiry,
  'id' | 'sequence' | 'startAt' | 'endAt' | 'location' | 'status' | 'name' | 'email'
>

export interface CalendarParty {
  name: string
  email: string
}

const PRODUCT_ID = { company: 'devfolio', product: 'booking', language: 'EN' }

/** The booking's UID: stable across moves and the cancellation, unique to the site. */
const bookingUid = (id: string, host: string) => `${id}@${host}`

function addEvent(
  calendar: ReturnType<typeof ical>,
  booking: CalendarBooking,
  {
    host,
    organizer,
    summary,
    manageUrl,
    stamp,
    isCancelled,
  }: {
    host: string
    organizer: CalendarParty
    summary: string
    manageUrl?: string
    stamp: Date
    isCancelled: boolean
  },
) {
  calendar.createEvent({
    id: bookingUid(booking.id, host),
    sequence: booking.sequence,
    stamp,
    start: booking.startAt,
    end: booking.endAt,
    summary,
    location: booking.location || null,
    description: manageUrl ? `To reschedule or cancel: ${manageUrl}` : null,
    url: manageUrl ?? null,
    organizer: { name: organizer.name, email: organizer.email },
    attendees: [
      {
        name: booking.name,
        email: booking.email,
        role: ICalAttendeeRole.REQ,
        status: isCancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
    status: isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
}

/** The invitation for one booking: REQUEST while it stands, CANCEL once cancelled. */
export function invitationFile(
  booking: CalendarBooking,
  options: {
    host: string
    organizer: CalendarParty
    summary: string
    manageUrl: string
    stamp: Date
  },
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const isCancelled = booking.status === 'cancelled'
  const method = isCancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST
  const calendar = ical({ prodId: PRODUCT_ID, method })
  addEvent(calendar, booking, { ...options, isCancelled })
  return { method: isCancelled ? 'CANCEL' : 'REQUEST', content: calendar.toString() }
}

/** The owner's feed: every confirmed booking, for a calendar app to subscribe to. */
export function feedFile(
  rows: CalendarBooking[],
  options: { host: string; organizer: CalendarParty; name: string; stamp: Date },
): string {
  const calendar = ical({
    prodId: PRODUCT_ID,
    name: options.name,
    method: ICalCalendarMethod.PUBLISH,
  })
  for (const row of rows)
    addEvent(calendar, row, {
      ...options,
      summary: `Call with ${row.name}`,
      isCancelled: false,
    })
  return calendar.toString()
}
