/** The mails a booked call sends: confirmation, new time, cancellation and the reminder, to each side. */
import { DateTime } from 'luxon'
import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout, paragraphs, type MailBrand } from './layout.ts'

export type BookingMailKind = 'booked' | 'moved' | 'cancelled' | 'reminder'

export interface BookingMailFacts {
  kind: BookingMailKind
  /** Whom the mail goes to: the visitor, or the owner. */
  audience: 'visitor' | 'owner'
  startAt: Date
  endAt: Date
  /** The zone the reader sees the time in. */
  timeZone: string
  visitorName: string
  visitorEmail: string
  ownerName: string
  businessName: string
  location: string
  manageUrl: string
  adminUrl: string
  message: string | null
  /** The owner's look: every booking mail shows it. */
  brand: MailBrand
}

/** "Tuesday 31 March 2026, 10:00–10:45 (Europe/Berlin)" */
export function describeTime(startAt: Date, endAt: Date, zone: string): string {
  const start = DateTime.fromJSDate(startAt, { zone }).setLocale('en-GB')
  const end = DateTime.fromJSDate(endAt, { zone }).setLocale('en-GB')
  return `${start.toFormat('cccc d LLLL yyyy, HH:mm')}–${end.toFormat('HH:mm')} (${zone})`
}

const SUBJECTS: Record<BookingMailKind, (who: string, when: string) => string> = {
  booked: (who, when) => `Call booked with ${who}: ${when}`,
  moved: (who, when) => `Call moved: ${when} with ${who}`,
  cancelled: (who, when) => `Call cancelled: ${when} with ${who}`,
  reminder: (who, when) => `Reminder: call with ${who} tomorrow, ${when}`,
}

const LEADS: Record<BookingMailKind, string> = {
  booked: 'Your call is booked.',
  moved: 'Your call has a new time.',
  cancelled: 'This call is cancelled.',
  reminder: 'A reminder: your call is in about 24 hours.',
}

export function bookingMail(f: BookingMailFacts) {
  const when = describeTime(f.startAt, f.endAt, f.timeZone)
  const other = f.audience === 'visitor' ? f.ownerName : f.visitorName
  const subject = SUBJECTS[f.kind](other, when)
  const lines = [
    `${LEADS[f.kind]}`,
    `When: ${when}`,
    ...(f.location ? [`Where: ${f.location}`] : []),
    f.audience === 'visitor'
      ? `With: ${f.ownerName}, ${f.businessName}`
      : `With: ${f.visitorName} <${f.visitorEmail}>`,
  ]
  const manage =
    f.kind === 'cancelled'
      ? f.audience === 'visitor'
        ? 'You can book another time on the site whenever you like.'
        : ''
      : f.audience === 'visitor'
        ? `To reschedule or cancel: ${f.manageUrl}`
        : `The booking's page: ${f.manageUrl}\nYour inbox: ${f.adminUrl}`
  const note = f.message && f.audience === 'owner' && f.kind === 'booked' ? f.message : ''
  const text = [lines.join('\n'), manage, note ? `Their message:\n${note}` : '']
    .filter(Boolean)
    .join('\n\n')
  const html = mailLayout(
    subject,
    `<p><strong>${escapeMarkup(LEADS[f.kind])}</strong></p>
<p>${lines
      .slice(1)
      .map((line) => escapeMarkup(line))
      .join('<br>')}</p>
${manage ? paragraphs(manage) : ''}
${note ? `<p><strong>Their message</strong></p>${paragraphs(note)}` : ''}`,
    { brand: f.brand, preheader: `${LEADS[f.kind]} ${when}` },
  )
  return { subject, text, html }
}

/** To the owner, once per window: the booking page reached a ceiling and refuses new calls until it ends. */
export function ceilingMail(f: {
  max: number
  span: 'hour' | 'day'
  adminUrl: string
  brand: MailBrand
}) {
  const subject = `Bookings paused: ${f.max} new calls in one ${f.span}`
  const text = [
    `Your booking page took ${f.max} new calls within one ${f.span}, the most it accepts, so it refuses new bookings until the ${f.span} is over. Visitors are asked to try again later or to write instead.`,
    `If you do not know these names, someone may be filling your calendar: cancel the calls you do not want on your Booking screen.`,
    f.adminUrl,
  ].join('\n\n')
  return { subject, text, html: mailLayout(subject, paragraphs(text), { brand: f.brand }) }
}
