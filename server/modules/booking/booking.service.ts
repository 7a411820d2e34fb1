/**
 * Booked calls: the free slots (the owner's weekly hours in their zone, less notice, horizon,
 * bookings with their buffer and the owner's busy times), booking one, moving or cancelling it
 * through its secret manage link, the invitations and the reminder both sides get, the owner's
 * feed of bookings, and the busy times read from the owner's calendar.
 *
 * That a slot is taken once is the database's to ensure (the bookings_no_overlap constraint): the
 * check against the free slots here only gives a clear answer first; two requests that pass it at
 * once still end in one booking and one 409.
 *
 * A booking's inquiry (its inbox message) holds who booked and what they wrote: the booking, its
 * inquiry or note and the outbox rows of its mails are written in one transaction. No change here
 * empties the public caches (server/lib/content-changes.ts): no cached page shows bookings or busy
 * times (/book's free times and the manage page are rendered for each request).
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { BookingSettings } from '#common/schemas/booking-settings.ts'
import type {
  AdminBooking,
  AdminBookings,
  BookingBody,
  BookingCreated,
  BookingFeed,
  BookingPageSettings,
  BookingSlots,
  BookingSlotsQuery,
  BusyCalendarState,
  ManagedBookingResponse,
  RescheduleBody,
} from '#common/schemas/booking.ts'
import type { ClientCall } from '#common/schemas/client-room.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import type { Db } from '#server/db/client.ts'
import type { BookingRow } from '#server/db/schema.ts'
import { createBackgroundWork } from '#server/lib/background-work.ts'
import { badRequest, conflict, notFound } from '#server/lib/http-errors.ts'
import { mailboxOf } from '#server/lib/mailbox.ts'
import { ACTION_LIMITS, tooManyRequests, type ActionLimits } from '#server/lib/rate-limits.ts'
import type { FetchedText } from '#server/lib/outbound-fetch.ts'
import type {
  MailContent,
  MailService,
  PreparedMail,
  QueuedMail,
} from '#server/modules/mail/mail.service.ts'
import type { MessagesService } from '#server/modules/messages/messages.service.ts'
import type { SettingsService } from '#server/modules/settings/settings.service.ts'
import {
  bookingMail,
  ceilingMail,
  describeTime,
  type BookingMailKind,
} from '../mail/templates/booking.ts'
import { mailBrandOf } from '../mail/templates/layout.ts'
import {
  isOverlap,
  type BookingRepository,
  type BookingWithInquiry,
  type NewBooking,
} from './booking.repository.ts'
import { readBusyCalendar } from './busy-calendar-reader.ts'
import {
  feedFile,
  invitationFile,
  type CalendarBooking,
  type CalendarParty,
} from './calendar-files.ts'
import { dateIn, freeSlots, weeklySlots, type Span } from './slots.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
/** The reminder goes this long before a call. */
const REMINDER_BEFORE_MS = DAY_MS
/** The busy calendar is read again once its last fetch is this old. */
const BUSY_REFRESH_MS = 15 * MINUTE_MS
/** After failed reads the next waits 15, 30, 60, 120, then 240 minutes. */
const BUSY_RETRY_MAX_MS = 240 * MINUTE_MS
/** How often each instance looks for due reminders and a stale busy calendar. */
const TICK_MS = MINUTE_MS
const ADMIN_LIST_LIMIT = 200
const FEED_LIMIT = 2000

/**
 * A booking is moved this many times at most through its manage link, and a move waits this long
 * after the one before: with its one cancel, a stranger who booked for someone else's address can
 * make the site mail that address five times, not without end (the review of 2026-12-01).
 */
const MAX_MOVES = 3
const MOVE_SPACING_MS = 2 * MINUTE_MS
/** Upcoming calls one mailbox (server/lib/mailbox.ts) may hold: one, and one to spare. */
const MAX_UPCOMING_PER_MAILBOX = 2

const BOOKING_OFF = 'Booking a call is not available'
const BOOKING_NOT_FOUND = 'Booking not found'
const NOT_FREE = 'That time is not free: please pick another'
const SLOT_TAKEN = { code: 'slot_taken' } as const
const CANCELLED = 'This booking is cancelled'
const BEGUN = 'This call has already begun'
const HELD = `This address already has ${MAX_UPCOMING_PER_MAILBOX} upcoming calls: move one of them with the link in its invitation`
const MOVED_ENOUGH = `This call was moved ${MAX_MOVES} times already: please write to change it again`
const CHANGED = 'This call was changed a moment ago: please reload it and try again'

const newToken = () => randomBytes(24).toString('base64url')

export function createBookingService(deps: {
  repo: BookingRepository
  settings: SettingsService
  messages: MessagesService
  mail: MailService
  ownerEmail: () => Promise<string | undefined>
  publicUrl: string
  limits: ActionLimits
  /** Reads the owner's calendar feed through server/lib/outbound-fetch.ts (public addresses only). */
  fetchCalendar: (url: string, signal: AbortSignal) => Promise<FetchedText>
  now: () => Date
  log: FastifyBaseLogger
}) {
  const { repo, settings, messages, mail, ownerEmail, publicUrl, limits, now, log } = deps
  const host = new URL(publicUrl).host
  const { track, settled } = createBackgroundWork()
  const stopping = new AbortController()

  const manageUrl = (token: string) => `${publicUrl}/booking/${token}`

  async function bookingSettings(): Promise<{ booking: BookingSettings; site: SiteSettings }> {
    const site = await settings.get()
    return { booking: site.booking, site }
  }

  async function requireEnabled() {
    const found = await bookingSettings()
    if (!found.booking.enabled) throw notFound(BOOKING_OFF)
    return found
  }

  function requireDuration(booking: BookingSettings, duration: number) {
    if (!booking.durations.includes(duration))
      throw badRequest(`Duration must be one of ${booking.durations.join(', ')} minutes`, {
        field: 'duration',
      })
  }

  /** The free slots of `duration` minutes on the owner-zone dates `from` to `to`. */
  async function computeFree(
    booking: BookingSettings,
    from: string,
    to: string,
    duration: number,
    exceptId?: string,
  ): Promise<Span[]> {
    const candidates = weeklySlots({
      weekly: booking.weekly,
      zone: booking.timeZone,
      from,
      to,
      duration,
    })
    if (candidates.length === 0) return []
    const bufferMs = booking.bufferMinutes * MINUTE_MS
    const rangeFrom = new Date(candidates[0]!.start)
    const rangeUntil = new Date(candidates.at(-1)!.end + bufferMs)
    const [blocking, busy] = await Promise.all([
      repo.listBlocking(rangeFrom, rangeUntil),
      repo.listBusy(rangeFrom, rangeUntil),
    ])
    return freeSlots(candidates, {
      now: now().getTime(),
      minNoticeHours: booking.minNoticeHours,
      horizonDays: booking.horizonDays,
      bufferMinutes: booking.bufferMinutes,
      booked: blocking
        .filter((row) => row.id !== exceptId)
        .map((row) => ({ start: row.startAt.getTime(), blockedUntil: row.blockedUntil.getTime() })),
      busy: busy.map((b) => ({ start: b.startAt.getTime(), end: b.endAt.getTime() })),
    })
  }

  /** Whether `start` begins one of the free slots of `duration` minutes. */
  async function isFree(
    booking: BookingSettings,
    start: number,
    duration: number,
    exceptId?: string,
  ) {
    const day = dateIn(start, booking.timeZone)
    const free = await computeFree(booking, day, day, duration, exceptId)
    return free.some((slot) => slot.start === start)
  }

  function organizerOf(site: SiteSettings): CalendarParty {
    return { name: site.ownerName, email: site.email }
  }

  /**
   * The mails of `kind` about `row` to the visitor and the owner (its invitation attached, but to a
   * reminder), prepared for the outbox. Made before the transaction that queues them: preparing
   * reads the settings, and inside a transaction nothing but the transaction may be used.
   * `theirWords`, what the visitor wrote when booking, goes to the owner with a new booking.
   */
  async function bookingMails(
    row: CalendarBooking & Pick<BookingRow, 'token' | 'timeZone'>,
    kind: BookingMailKind,
    site: SiteSettings,
    theirWords: string | null = null,
  ): Promise<PreparedMail[]> {
    const owner = await ownerEmail().catch(() => undefined)
    const summary = `Call: ${site.ownerName} and ${row.name}`
    const invitation = invitationFile(row, {
      host,
      organizer: organizerOf(site),
      summary,
      manageUrl: manageUrl(row.token),
      stamp: now(),
    })
    // A reminder changes nothing in the calendars: it carries no invitation.
    const calendarPart =
      kind === 'reminder' ? {} : { icalEvent: { ...invitation, filename: 'invite.ics' } }
    const facts = {
      kind,
      startAt: row.startAt,
      endAt: row.endAt,
      visitorName: row.name,
      visitorEmail: row.email,
      ownerName: site.ownerName,
      businessName: site.businessName,
      location: row.location,
      manageUrl: manageUrl(row.token),
      adminUrl: `${publicUrl}/admin/messages`,
      message: theirWords,
      brand: mailBrandOf(site, publicUrl),
    }
    const contents: MailContent[] = [
      {
        kind: `booking-${kind}`,
        to: row.email,
        fromName: site.ownerName,
        replyTo: site.email,
        ...calendarPart,
        ...bookingMail({ ...facts, audience: 'visitor', timeZone: row.timeZone }),
      },
    ]
    if (owner)
      contents.push({
        kind: `booking-${kind}`,
        to: owner,
        replyTo: row.email,
        ...calendarPart,
        ...bookingMail({ ...facts, audience: 'owner', timeZone: site.booking.timeZone }),
      })
    else
      log.warn({ bookingId: row.id }, 'no OWNER_EMAIL and no admin: the owner gets no invitation')
    return Promise.all(contents.map((content) => mail.prepare(content)))
  }

  /** Writes prepared mails to the outbox, within `tx` when a change of the booking causes them. */
  async function queueAll(tx: Db | undefined, prepared: PreparedMail[]): Promise<QueuedMail[]> {
    const queued: QueuedMail[] = []
    for (const one of prepared) queued.push(await mail.queueIn(tx, one))
    return queued
  }

  /**
   * The first attempt of mails whose transaction committed. The answer waits for it, so a client
   * that acts next (a move after a booking) finds its mails handed over or queued, never in
   * flight; a mail refused stays queued for the sender. A failure here is only logged: the change
   * is kept, and the sender sends its mails.
   */
  async function attemptQueued(queued: QueuedMail[], bookingId: string) {
    await mail.attempt(...queued).catch((err: unknown) => {
      log.warn({ err, bookingId }, 'booking mails not tried yet; the sender sends them')
    })
  }

  /** Tells the owner, once per window, that new bookings are refused until the ceiling's window ends. */
  function tellOwnerOfCeiling(limit: 'bookingOverall' | 'bookingOverallDaily') {
    const { max, timeWindow } = ACTION_LIMITS[limit]
    const span = timeWindow >= DAY_MS ? 'day' : 'hour'
    const send = async () => {
      const owner = await ownerEmail()
      if (!owner) return
      const { site } = await bookingSettings()
      await mail.send({
        kind: 'booking-ceiling',
        to: owner,
        fromName: site.businessName || site.ownerName,
        ...ceilingMail({
          max,
          span,
          adminUrl: `${publicUrl}/admin/booking`,
          brand: mailBrandOf(site, publicUrl),
        }),
      })
    }
    void track(send()).catch((err: unknown) =>
      log.warn({ err, limit }, 'could not tell the owner that bookings are paused'),
    )
  }

  /**
   * Writes a move or a cancel of `found` in one transaction with its note on the inquiry (a
   * private line in the inbox), the inquiry's subject and first line told anew (the inbox shows
   * the call's current time), and both sides' mails about `after`, the booking as the change
   * leaves it, then makes the mails' first attempt. `write` answers undefined when the booking
   * was changed since it was read: then nothing is kept, and neither is this answer.
   */
  async function changeBooking(
    found: BookingWithInquiry,
    after: BookingWithInquiry,
    change: { kind: 'moved' | 'cancelled'; note: string; site: SiteSettings },
    write: (tx: Db) => Promise<BookingRow | undefined>,
  ): Promise<BookingWithInquiry | undefined> {
    const mails = await bookingMails(after, change.kind, change.site)
    const when = describeTime(after.startAt, after.endAt, change.site.booking.timeZone)
    const inquiry = {
      subject: `${change.kind === 'moved' ? 'Call booked' : 'Call cancelled'}: ${when}`,
      message: retoldInquiryText(found, change.kind, when),
    }
    const written = await repo.inTurn(async (tx) => {
      const row = await write(tx)
      if (!row) return undefined
      await messages.addNote(found.messageId, { text: change.note }, tx)
      await messages.retellCall(found.messageId, inquiry, tx)
      return { row, queued: await queueAll(tx, mails) }
    })
    if (!written) return undefined
    await attemptQueued(written.queued, found.id)
    return { ...written.row, name: found.name, email: found.email, message: found.message }
  }

  /** Why a change of booking `id` wrote nothing: it was cancelled, or changed a moment before. */
  async function refusalOf(id: string) {
    const current = await repo.findById(id)
    if (!current) return notFound(BOOKING_NOT_FOUND)
    return conflict(current.status === 'confirmed' ? CHANGED : CANCELLED)
  }

  /**
   * Cancels `found` (SEQUENCE + 1, its slot free again) with its note and both sides' mails.
   * Throws 409 when it was cancelled or changed since it was read.
   */
  async function cancelBooking(
    found: BookingWithInquiry,
    site: SiteSettings,
    who: 'The visitor cancelled' | 'You cancelled',
  ): Promise<BookingWithInquiry> {
    const at = now()
    const after = {
      ...found,
      status: 'cancelled' as const,
      sequence: found.sequence + 1,
      cancelledAt: at,
      updatedAt: at,
    }
    const note = `${who} the call of ${describeTime(found.startAt, found.endAt, site.booking.timeZone)}.`
    const row = await changeBooking(found, after, { kind: 'cancelled', note, site }, (tx) =>
      repo.cancel(tx, found, at),
    )
    if (!row) throw await refusalOf(found.id)
    return row
  }

  /**
   * The inquiry's text with its first line (the call and its time, as `inquiryText` wrote it) told
   * anew after a move or a cancel; a text of another shape (an inquiry from before) stays as it is.
   */
  function retoldInquiryText(
    call: BookingWithInquiry,
    kind: 'moved' | 'cancelled',
    when: string,
  ): string {
    const [first, ...rest] = call.message.split('\n')
    if (!first?.startsWith(`${call.name} booked a `)) return call.message
    const told =
      kind === 'moved'
        ? `${call.name} booked a ${call.durationMinutes}-minute call: ${when}.`
        : `${call.name} booked a ${call.durationMinutes}-minute call, cancelled since: ${when}.`
    return [told, ...rest].join('\n')
  }

  /** The inquiry's text: the call, the visitor's zone and the place, then what they wrote. */
  function inquiryText(
    call: Pick<BookingWithInquiry, 'name' | 'durationMinutes' | 'timeZone' | 'location'>,
    when: string,
    theirWords: string | undefined,
  ): string {
    return [
      `${call.name} booked a ${call.durationMinutes}-minute call: ${when}.`,
      `Their time zone: ${call.timeZone}.`,
      ...(call.location ? [`Where: ${call.location}`] : []),
      ...(theirWords ? ['', theirWords] : []),
    ].join('\n')
  }

  /** The reminder is due at once for a call less than REMINDER_BEFORE_MS away: the invitation is enough. */
  const reminderDoneFor = (startAt: number, at: Date) =>
    startAt - at.getTime() <= REMINDER_BEFORE_MS ? at : null

  /** What the visitor's and the owner's views of a call both say first: its time and who. */
  const callOf = (row: BookingWithInquiry) => ({
    _id: row.id,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    duration: row.durationMinutes,
    status: row.status,
    name: row.name,
  })

  function toManaged(row: BookingWithInquiry, site: SiteSettings): ManagedBookingResponse {
    return {
      booking: {
        ...callOf(row),
        location: row.location,
        timeZone: row.timeZone,
        ownerTimeZone: site.booking.timeZone,
        ownerName: site.ownerName,
        manageUrl: manageUrl(row.token),
        isChangeable: row.status === 'confirmed' && row.startAt.getTime() > now().getTime(),
      },
    }
  }

  function toAdmin(row: BookingWithInquiry): AdminBooking {
    return {
      ...callOf(row),
      email: row.email,
      timeZone: row.timeZone,
      location: row.location,
      message: row.message,
      messageId: row.messageId,
      createdAt: row.createdAt.toISOString(),
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    }
  }

  async function findByToken(token: string): Promise<BookingWithInquiry> {
    const row = await repo.findByToken(token)
    if (!row) throw notFound(BOOKING_NOT_FOUND)
    return row
  }

  function requireChangeable(row: BookingRow) {
    if (row.status !== 'confirmed') throw conflict(CANCELLED)
    if (row.startAt.getTime() <= now().getTime()) throw conflict(BEGUN)
  }

  /** The read of the busy calendar under way on this instance, which a forced read waits behind. */
  let busyRead: Promise<number | undefined> | undefined
  /** Failed reads in a row on this instance, and no read before busyRetryAt (epoch ms) after one. */
  let busyFailures = 0
  let busyRetryAt = 0

  /**
   * Reads the owner's calendar feed and replaces the busy times with its events; a failure keeps
   * the busy times already read (and the time they were read), records why with the time of the
   * next try, and puts that try off: 15 minutes after the first failure, twice as long after each
   * one more. Returns how many busy spans were stored, or undefined when nothing was.
   */
  async function fetchBusy(
    url: string,
    booking: BookingSettings,
    heldSince: Date | undefined,
  ): Promise<number | undefined> {
    const at = now()
    const fetched = await deps.fetchCalendar(url, stopping.signal)
    const read =
      fetched.error !== undefined
        ? { error: fetched.error }
        : await readBusyCalendar(
            {
              text: fetched.text,
              from: at.getTime() - DAY_MS,
              until: at.getTime() + (booking.horizonDays + 2) * DAY_MS,
              ownerZone: booking.timeZone,
            },
            { signal: stopping.signal },
          )
    // Stopping, or the address changed while it was read: the next read is the new address's.
    if (stopping.signal.aborted || (await bookingSettings()).booking.busyCalendarUrl !== url)
      return undefined
    if ('error' in read) {
      busyFailures += 1
      const delay = Math.min(BUSY_REFRESH_MS * 2 ** (busyFailures - 1), BUSY_RETRY_MAX_MS)
      busyRetryAt = now().getTime() + delay
      // "2:30 PM" on the owner's clocks, as the admin's booking screen shows times.
      const retry = new Intl.DateTimeFormat('en-US', {
        timeZone: booking.timeZone,
        hour: 'numeric',
        minute: '2-digit',
      }).format(busyRetryAt)
      log.warn({ error: read.error, err: read.cause }, 'busy calendar could not be read')
      const error = `${read.error.replace(/\.$/, '')}; it will be tried again at ${retry}.`
      await repo.recordBusyError(url, error, heldSince ?? at)
      return undefined
    }
    busyFailures = 0
    busyRetryAt = 0
    if (read.leftOut > 0)
      log.warn(
        { leftOut: read.leftOut },
        'busy calendar events left out (rules cut off or refused)',
      )
    await repo.replaceBusy(
      url,
      read.spans.map((s) => ({ startAt: new Date(s.start), endAt: new Date(s.end) })),
      at,
    )
    return read.spans.length
  }

  /**
   * Claims the read of the busy calendar when its last read is older than `maxAgeMs` (of several
   * instances, one gets it) and reads it. The claim marks the row as read now; the time of the
   * busy times held is kept to be put back should the read fail.
   */
  async function claimBusyRead(maxAgeMs: number): Promise<number | undefined> {
    if (stopping.signal.aborted) return undefined
    const { booking } = await bookingSettings()
    const url = booking.busyCalendarUrl
    if (!url) return undefined
    const at = now()
    const heldSince = heldBusySince(await repo.findCalendar())
    if (!(await repo.claimBusyFetch(url, at, new Date(at.getTime() - maxAgeMs)))) return undefined
    return fetchBusy(url, booking, heldSince)
  }

  /** When the busy times held were read: busy_events is written by a successful read only. */
  const heldBusySince = (row: Awaited<ReturnType<BookingRepository['findCalendar']>>) =>
    typeof row?.busyEvents === 'number' ? (row.busyFetchedAt ?? undefined) : undefined

  /** Runs `read` once the read under way (if any) is over; busyRead is the last one queued. */
  function queueBusyRead(read: () => Promise<number | undefined>) {
    const queued = (busyRead ?? Promise.resolve(undefined)).then(read, read)
    const current = queued.finally(() => {
      if (busyRead === current) busyRead = undefined
    })
    busyRead = current
    return current
  }

  /**
   * Reads the busy calendar when its last read is older than BUSY_REFRESH_MS (one instance does),
   * unless this instance is waiting after a failed one. A read under way is waited for first: its
   * outcome (stored, or failed and put off) decides, even when the database already shows it.
   */
  async function refreshBusyIfDue(): Promise<number | undefined> {
    while (busyRead) await busyRead.catch(() => undefined)
    if (now().getTime() < busyRetryAt) return undefined
    return queueBusyRead(() => claimBusyRead(BUSY_REFRESH_MS))
  }

  /**
   * Claims the reminders due (calls starting within REMINDER_BEFORE_MS) and mails both sides;
   * the claim is one conditional update, so of several instances only one sends each. Returns how
   * many bookings were reminded.
   */
  /**
   * Queues the reminder of every call starting within REMINDER_BEFORE_MS, in one transaction with
   * its mark, so a crash neither loses a reminder nor queues it twice; returns how many were queued.
   */
  async function sendDueReminders(): Promise<number> {
    const at = now()
    const rows = await repo.dueReminders(at, new Date(at.getTime() + REMINDER_BEFORE_MS))
    if (rows.length === 0) return 0
    const { site } = await bookingSettings()
    let reminded = 0
    for (const row of rows) {
      const mails = await bookingMails(row, 'reminder', site)
      const queued = await repo.inTurn(async (tx) =>
        (await repo.markReminded(tx, row.id, row.sequence, at)) ? queueAll(tx, mails) : [],
      )
      if (queued.length === 0) continue
      reminded += 1
      await attemptQueued(queued, row.id)
    }
    return reminded
  }

  async function runTick() {
    await sendDueReminders().catch((err: unknown) => log.warn({ err }, 'booking reminders failed'))
    await refreshBusyIfDue().catch((err: unknown) =>
      log.warn({ err }, 'busy calendar refresh failed'),
    )
  }

  return {
    /** What the /book page needs: whether booking is on, the zone, lengths, place and owner. */
    async pageSettings(): Promise<BookingPageSettings> {
      const { booking, site } = await bookingSettings()
      return {
        enabled: booking.enabled,
        timeZone: booking.timeZone,
        durations: booking.durations,
        location: booking.location,
        minNoticeHours: booking.minNoticeHours,
        horizonDays: booking.horizonDays,
        ownerName: site.ownerName,
      }
    },

    /**
     * The free slots on the owner-zone dates of the query; with a booking's token, the ones it can
     * be moved to. Throws 404 while booking is off or for an unknown token, and 400 naming
     * `duration` for a length the settings do not offer.
     */
    async slots(query: BookingSlotsQuery): Promise<BookingSlots> {
      const { booking } = await requireEnabled()
      const moving = query.token === undefined ? undefined : await findByToken(query.token)
      const duration = query.duration ?? moving?.durationMinutes ?? booking.durations[0]!
      if (duration !== moving?.durationMinutes) requireDuration(booking, duration)
      const free = await computeFree(booking, query.from, query.to, duration, moving?.id)
      return {
        timeZone: booking.timeZone,
        duration,
        slots: free.map((slot) => ({
          start: new Date(slot.start).toISOString(),
          end: new Date(slot.end).toISOString(),
        })),
      }
    },

    /** Counts one booking post by `client` (its IP), valid or not; throws 429 past the ceiling. */
    countAttempt: (client: string) => limits.take('bookingAttempts', client),

    /**
     * Books the call: its inquiry in the inbox at stage "call" with the visitor's lead source, the
     * booking, and both sides' mails with the invitation are written in one transaction (all kept,
     * or none), then the mails are tried. Throws 404 while booking is off, 400 naming the field
     * for a length not offered or an answer not listed, 409 when the start is not one of the free
     * slots (or another request took it a moment before) or the mailbox holds its upcoming calls,
     * 429 past the booking limit.
     */
    async book(
      body: BookingBody,
      { client, userAgent }: { client: string; userAgent?: string },
    ): Promise<BookingCreated> {
      const { booking, site } = await requireEnabled()
      requireDuration(booking, body.duration)
      await messages.requireListedAnswers(body)
      const start = Date.parse(body.start)
      if (!(await isFree(booking, start, body.duration))) throw conflict(NOT_FREE, SLOT_TAKEN)
      await limits.take('booking', client)
      await limits.take('bookingOverall', 'site', () => tellOwnerOfCeiling('bookingOverall'))
      await limits.take('bookingOverallDaily', 'site', () =>
        tellOwnerOfCeiling('bookingOverallDaily'),
      )
      const at = now()
      const endAt = new Date(start + body.duration * MINUTE_MS)
      // Its id and token are made here, so its mails can be made before the transaction.
      const call: Omit<NewBooking, 'messageId'> & { id: string } = {
        id: randomUUID(),
        token: newToken(),
        startAt: new Date(start),
        endAt,
        blockedUntil: new Date(endAt.getTime() + booking.bufferMinutes * MINUTE_MS),
        durationMinutes: body.duration,
        timeZone: body.timeZone,
        location: booking.location,
        reminderSentAt: reminderDoneFor(start, at),
      }
      const who = { name: body.name, email: body.email }
      const when = describeTime(call.startAt, endAt, booking.timeZone)
      const [mails, visit] = await Promise.all([
        bookingMails(
          { ...call, ...who, status: 'confirmed', sequence: 0 },
          'booked',
          site,
          body.message ?? null,
        ),
        messages.bookingVisit({ client, userAgent }),
      ])
      let queued: QueuedMail[]
      try {
        queued = await repo.inTurn(async (tx) => {
          const held = await repo.countUpcoming(tx, mailboxOf(body.email), at)
          if (held >= MAX_UPCOMING_PER_MAILBOX) throw conflict(HELD)
          const inquiry = await messages.createFromBooking(tx, {
            fullName: body.name,
            email: body.email,
            subject: `Call booked: ${when}`,
            message: inquiryText({ ...call, ...who }, when, body.message),
            projectType: body.projectType,
            budget: body.budget,
            timeline: body.timeline,
            visit,
          })
          await repo.insert(tx, { ...call, messageId: inquiry._id })
          return queueAll(tx, mails)
        })
      } catch (err) {
        if (isOverlap(err)) throw conflict(NOT_FREE, SLOT_TAKEN)
        throw err
      }
      await attemptQueued(queued, call.id)
      return {
        booking: {
          _id: call.id,
          start: call.startAt.toISOString(),
          end: endAt.toISOString(),
          status: 'confirmed',
          manageUrl: manageUrl(call.token),
        },
      }
    },

    /** The booking behind a manage link. Throws 404 for an unknown token. */
    async byToken(token: string): Promise<ManagedBookingResponse> {
      const row = await findByToken(token)
      return toManaged(row, (await bookingSettings()).site)
    },

    /**
     * Cancels the booking (its slot is free again) and mails both sides the cancellation (same
     * UID, SEQUENCE + 1). Throws 404 for an unknown token, 409 when it is already cancelled or
     * has begun.
     */
    async cancel(token: string, client: string): Promise<ManagedBookingResponse> {
      const found = await findByToken(token)
      requireChangeable(found)
      await limits.take('bookingChanges', client)
      const { site } = await bookingSettings()
      const row = await cancelBooking(found, site, 'The visitor cancelled')
      return toManaged(row, site)
    },

    /**
     * Moves the booking to another free slot of its length (same UID, SEQUENCE + 1, a new
     * invitation to both). Throws 404 for an unknown token or while booking is off, 409 when it
     * is cancelled, has begun, or the new start is not free.
     */
    async reschedule(
      token: string,
      body: RescheduleBody,
      client: string,
    ): Promise<ManagedBookingResponse> {
      const found = await findByToken(token)
      requireChangeable(found)
      if (found.sequence >= MAX_MOVES) throw conflict(MOVED_ENOUGH)
      const at = now()
      const sinceLastMove = at.getTime() - found.updatedAt.getTime()
      if (found.sequence > 0 && sinceLastMove < MOVE_SPACING_MS)
        throw tooManyRequests(MOVE_SPACING_MS - sinceLastMove, 'changes to this call')
      await limits.take('bookingChanges', client)
      const { booking, site } = await requireEnabled()
      const start = Date.parse(body.start)
      if (!(await isFree(booking, start, found.durationMinutes, found.id)))
        throw conflict(NOT_FREE, SLOT_TAKEN)
      const endAt = new Date(start + found.durationMinutes * MINUTE_MS)
      const times = {
        startAt: new Date(start),
        endAt,
        blockedUntil: new Date(endAt.getTime() + booking.bufferMinutes * MINUTE_MS),
        reminderSentAt: reminderDoneFor(start, at),
      }
      const after = { ...found, ...times, sequence: found.sequence + 1, updatedAt: at }
      const note = `The visitor moved the call from ${describeTime(found.startAt, found.endAt, booking.timeZone)} to ${describeTime(after.startAt, after.endAt, booking.timeZone)}.`
      let row: BookingWithInquiry | undefined
      try {
        row = await changeBooking(found, after, { kind: 'moved', note, site }, (tx) =>
          repo.reschedule(tx, found, times, at),
        )
      } catch (err) {
        if (isOverlap(err)) throw conflict(NOT_FREE, SLOT_TAKEN)
        throw err
      }
      if (!row) throw await refusalOf(found.id)
      return toManaged(row, site)
    },

    /**
     * The owner cancels a booking from the admin: as the visitor's cancel (the slot is free again,
     * both get the cancellation). Throws 409 when it is not confirmed, 404 for an unknown id.
     */
    async cancelAsOwner(id: string): Promise<AdminBooking> {
      const found = await repo.findById(id)
      if (!found) throw notFound(BOOKING_NOT_FOUND)
      if (found.status !== 'confirmed') throw conflict(CANCELLED)
      const { site } = await bookingSettings()
      return toAdmin(await cancelBooking(found, site, 'You cancelled'))
    },

    /** The owner's list: upcoming confirmed calls soonest first, or every booking newest first. */
    async listAdmin({ upcoming }: { upcoming: boolean }): Promise<AdminBookings> {
      const rows = upcoming
        ? await repo.listUpcoming(now(), ADMIN_LIST_LIMIT)
        : await repo.listNewest(ADMIN_LIST_LIMIT)
      return { bookings: rows.map(toAdmin) }
    },

    /** The client's room: the calls booked from `email` still to come, with their manage links. */
    async upcomingFrom(email: string): Promise<ClientCall[]> {
      return (await repo.listUpcomingFrom(email, now())).map((row) => ({
        start: row.startAt.toISOString(),
        end: row.endAt.toISOString(),
        duration: row.durationMinutes,
        timeZone: row.timeZone,
        location: row.location,
        manageUrl: `${publicUrl}/booking/${row.token}`,
      }))
    },

    /** The secret address of the owner's feed of bookings (its key made on first use). */
    async feedUrl(): Promise<BookingFeed> {
      const key = await repo.feedKey(newToken())
      return { url: `${publicUrl}/api/booking/feed/${key}.ics` }
    },

    /** A new feed address; the old one answers 404 from now on. */
    async rotateFeed(): Promise<BookingFeed> {
      const key = newToken()
      await repo.replaceFeedKey(key)
      return { url: `${publicUrl}/api/booking/feed/${key}.ics` }
    },

    /** The feed of every confirmed booking, for the key in its address. Throws 404 for any other key. */
    async feed(key: string): Promise<string> {
      const stored = (await repo.findCalendar())?.feedKey
      const given = Buffer.from(key)
      if (!stored || given.length !== stored.length || !timingSafeEqual(given, Buffer.from(stored)))
        throw notFound(BOOKING_NOT_FOUND)
      const { site } = await bookingSettings()
      return feedFile(await repo.listConfirmed(FEED_LIMIT), {
        host,
        organizer: organizerOf(site),
        name: `${site.businessName}: booked calls`,
        stamp: now(),
      })
    },

    /**
     * After the settings are saved: starts a read of the busy calendar when the booking settings
     * changed, in the background and whatever the wait after a failed read, so the save answers
     * at once (or forgets the busy times when the address was removed). Never throws.
     */
    async settingsSaved(next: BookingSettings, previous: BookingSettings): Promise<void> {
      try {
        if (!next.busyCalendarUrl) {
          if (previous.busyCalendarUrl) await repo.clearBusy()
          return
        }
        if (JSON.stringify(next) === JSON.stringify(previous)) return
        busyFailures = 0
        busyRetryAt = 0
        void track(queueBusyRead(() => claimBusyRead(-1))).catch((err: unknown) =>
          log.warn({ err }, 'busy calendar not read after the settings were saved'),
        )
      } catch (err) {
        log.warn({ err }, 'busy calendar not read after the settings were saved')
      }
    },

    /** The busy times held: when they were read and how many, and why the last read failed. */
    async busyCalendarState(): Promise<BusyCalendarState> {
      const row = await repo.findCalendar()
      return {
        fetchedAt: heldBusySince(row)?.toISOString() ?? null,
        events: row?.busyEvents ?? null,
        error: row?.busyError ?? null,
      }
    },

    refreshBusyIfDue,
    sendDueReminders,

    /** The job runner's work every TICK_MS (server/modules/jobs): due reminders, a stale busy calendar. */
    runScheduled: runTick,
    scheduleEvery: TICK_MS,

    /** Aborts the calendar read in flight and resolves once the mails and reads in flight are done. */
    async stop() {
      stopping.abort()
      await settled()
    },
  }
}

export type BookingService = ReturnType<typeof createBookingService>
