/**
 * One record per lead: a booked call's inquiry (its inbox message) holds who booked and what they
 * wrote, and is written in one transaction with the booking and the outbox rows of its mails, so a
 * failure between them keeps none of them; a cancel is one transaction with its inbox note and its
 * mails; and an SMTP server that is down when someone books leaves the invitation queued until the
 * sender finds it answering again.
 *
 * The failures are injected by triggers this file creates and drops: the one kind of fault that
 * strikes inside the transaction, after the writes before it.
 */
import { count, eq, sql } from 'drizzle-orm'
import nodeIcal, { type VEvent } from 'node-ical'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  AdminBookingsSchema,
  BookingCreatedSchema,
  BookingSlotsSchema,
  ManagedBookingResponseSchema,
} from '#common/schemas/booking.ts'
import { OutboxPageSchema } from '#common/schemas/outbox.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { bookings, messages, outboxMails } from '#server/db/schema.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const OWNER = 'owner@inquiry.test'
const MINUTE = 60_000
// A Friday noon: the next Monday's hours (09:00 to 17:00 UTC, the defaults) are all free.
let clock = Date.parse('2026-03-20T12:00:00Z')
const DAY = '2026-03-23'

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, MAIL_RETRY_INTERVAL_MS: String(MINUTE) },
    now: () => new Date(clock),
  })
  admin = (await asAdmin(app)).headers
  const current = SiteSettingsSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
  )
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: { ...current, booking: { ...BOOKING_DEFAULTS, enabled: true } },
  })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

/** The free starts of the 20-minute calls on DAY. */
async function freeStarts(): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/booking/slots?from=${DAY}&to=${DAY}&duration=20`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return BookingSlotsSchema.parse(res.json()).slots.map((slot) => slot.start)
}

const book = (start: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/booking',
    payload: { start, duration: 20, timeZone: 'Europe/Lisbon', name: 'Robin Lead', email },
  })

async function bookOk(start: string, email: string) {
  const res = await book(start, email)
  expect(res.statusCode, res.body).toBe(201)
  const { booking } = BookingCreatedSchema.parse(res.json())
  return { ...booking, token: booking.manageUrl.split('/').at(-1)! }
}

const inquiriesFrom = (email: string) =>
  app.database.db.select().from(messages).where(eq(messages.email, email))

async function rowCount(table: typeof bookings | typeof outboxMails): Promise<number> {
  const [row] = await app.database.db.select({ n: count() }).from(table)
  return row!.n
}

const mailsQueuedTo = (email: string) =>
  app.database.db.select().from(outboxMails).where(eq(outboxMails.recipient, email))

/**
 * Runs `test` while a trigger refuses the rows of `table` for which `condition` (SQL over `new`)
 * holds; the trigger is gone afterwards, whatever the test did.
 */
async function whileRefusing(table: string, condition: string, test: () => Promise<void>) {
  const { db } = app.database
  await db.execute(
    sql.raw(`create function refuse_injected() returns trigger language plpgsql as $$
      begin
        if ${condition} then raise exception 'injected failure'; end if;
        return new;
      end $$`),
  )
  await db.execute(
    sql.raw(
      `create trigger refuse_injected before insert on ${table} for each row execute function refuse_injected()`,
    ),
  )
  try {
    await test()
  } finally {
    await db.execute(sql.raw(`drop trigger refuse_injected on ${table}`))
    await db.execute(sql.raw('drop function refuse_injected()'))
  }
}

describe('POST /api/booking', () => {
  it('keeps neither the inquiry, the booking nor a mail when the booking fails after its inquiry', async () => {
    const email = 'doomed@inquiry.test'
    const [start] = await freeStarts()
    const before = { bookings: await rowCount(bookings), mails: await rowCount(outboxMails) }
    // Refused only once the inquiry it references is there: written first, in the same transaction.
    await whileRefusing(
      'bookings',
      `(select email from messages where id = new.message_id) = '${email}'`,
      async () => expectError(await book(start!, email), 500),
    )
    expect(await inquiriesFrom(email)).toEqual([])
    expect(await rowCount(bookings)).toBe(before.bookings)
    expect(await rowCount(outboxMails)).toBe(before.mails)
    expect(smtp.mailsTo(email)).toEqual([])
    // Nothing holds the slot or the mailbox: the same visitor books it now.
    expect(await freeStarts()).toContain(start)
    await bookOk(start!, email)
    expect(await inquiriesFrom(email)).toHaveLength(1)
    expect((await mailsQueuedTo(email)).map((mail) => mail.kind)).toEqual(['booking-booked'])
  })

  it('writes the inquiry at stage "call" and the booking that references it', async () => {
    const email = 'lead@inquiry.test'
    const [start] = await freeStarts()
    const booked = await bookOk(start!, email)
    const [inquiry] = await inquiriesFrom(email)
    expect(inquiry).toMatchObject({ fullName: 'Robin Lead', stage: 'call', spam: false })
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, booked._id))
    expect(row!.messageId).toBe(inquiry!.id)
  })
})

describe('a booking and its inquiry', () => {
  it('shows who booked as the inquiry says: manage page, admin list and mails', async () => {
    const email = 'renamed@inquiry.test'
    const [start, later] = await freeStarts()
    const booked = await bookOk(start!, email)
    // The inquiry is the one record of the lead: what it says, every reader of the booking says.
    await app.database.db
      .update(messages)
      .set({ fullName: 'Robin Renamed' })
      .where(eq(messages.email, email))
    const managed = ManagedBookingResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/booking/${booked.token}` })).json(),
    )
    expect(managed.booking.name).toBe('Robin Renamed')
    const listed = AdminBookingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/booking/admin', headers: admin })).json(),
    ).bookings.find((b) => b._id === booked._id)
    expect(listed).toMatchObject({ name: 'Robin Renamed', email })
    const moved = await app.inject({
      method: 'POST',
      url: `/api/booking/${booked.token}/reschedule`,
      payload: { start: later },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    await vi.waitFor(() => {
      const toOwner = smtp
        .mailsTo(OWNER)
        .find((mail) => mail.subject.startsWith('Call moved') && mail.text.includes(email))
      expect(toOwner?.text).toContain(`With: Robin Renamed <${email}>`)
    }, ASYNC_WORK)
  })

  it('goes with its inquiry: deleting the message deletes the booking and frees its slot', async () => {
    const email = 'deleted@inquiry.test'
    const [start] = await freeStarts()
    const booked = await bookOk(start!, email)
    const [inquiry] = await inquiriesFrom(email)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/messages/${inquiry!.id}`,
      headers: admin,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expectError(await app.inject({ method: 'GET', url: `/api/booking/${booked.token}` }), 404)
    expect(await freeStarts()).toContain(start)
  })
})

describe('moving and cancelling through the manage link', () => {
  it('keeps one of two moves made at once, whose invitation carries the booking’s sequence', async () => {
    const email = 'twice@inquiry.test'
    const [start, first, second] = await freeStarts()
    const booked = await bookOk(start!, email)
    const moveTo = (to: string) =>
      app.inject({
        method: 'POST',
        url: `/api/booking/${booked.token}/reschedule`,
        payload: { start: to },
      })
    const answers = await Promise.all([moveTo(first!), moveTo(second!)])
    // The other is refused: changed a moment ago (409), or, read after the first was kept, too
    // soon after it (429); which one depends on how the two interleave.
    const codes = answers.map((res) => res.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(1)
    expect([409, 429]).toContain(codes.find((code) => code !== 200))
    const kept = ManagedBookingResponseSchema.parse(
      answers.find((res) => res.statusCode === 200)!.json(),
    ).booking
    const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, booked._id))
    expect(row).toMatchObject({ sequence: 1, startAt: new Date(kept.start) })
    expect(
      (await mailsQueuedTo(email)).filter((mail) => mail.kind === 'booking-moved'),
    ).toHaveLength(1)
    const moved = await vi.waitFor(() => {
      const arrived = smtp.mailsTo(email).find((mail) => mail.subject.startsWith('Call moved'))
      if (!arrived) throw new Error(`still waiting for the new time's invitation to ${email}`)
      return arrived
    }, ASYNC_WORK)
    const part = moved.parsed.attachments.find((a) => a.contentType === 'text/calendar')
    expect(part!.content.toString('utf8')).toMatch(/^SEQUENCE:1\r?$/m)
    expect((await inquiriesFrom(email))[0]!.notes).toHaveLength(1)
  })

  it('keeps a booking confirmed, without its note, when its cancellation cannot be queued; then cancels it', async () => {
    const email = 'kept@inquiry.test'
    const [start] = await freeStarts()
    const booked = await bookOk(start!, email)
    const cancel = () => app.inject({ method: 'POST', url: `/api/booking/${booked.token}/cancel` })
    await whileRefusing(
      'outbox_mails',
      `new.kind = 'booking-cancelled' and new.recipient = '${email}'`,
      async () => expectError(await cancel(), 500),
    )
    const status = async () =>
      ManagedBookingResponseSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/booking/${booked.token}` })).json(),
      ).booking.status
    expect(await status()).toBe('confirmed')
    expect((await inquiriesFrom(email))[0]!.notes).toEqual([])
    expect((await mailsQueuedTo(email)).map((mail) => mail.kind)).toEqual(['booking-booked'])

    expect((await cancel()).statusCode).toBe(200)
    expect(await status()).toBe('cancelled')
    const [note] = (await inquiriesFrom(email))[0]!.notes
    expect(note!.text).toMatch(/^The visitor cancelled the call of Monday 23 March 2026/)
    expect((await mailsQueuedTo(email)).map((mail) => mail.kind).sort()).toEqual([
      'booking-booked',
      'booking-cancelled',
    ])
  })
})

describe('an SMTP server that is down when someone books', () => {
  it('leaves the invitation queued; the sender delivers it once, with its calendar part, when it answers again', async () => {
    const email = 'patient@inquiry.test'
    const [start] = await freeStarts()
    await smtp.close()
    const booked = await bookOk(start!, email)
    const listed = OutboxPageSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/outbox?status=queued', headers: admin })
      ).json(),
    ).mails.filter((mail) => mail.to === email)
    expect(listed).toMatchObject([{ kind: 'booking-booked', status: 'queued', sentAt: null }])
    expect(listed[0]!.lastError).not.toBeNull()

    smtp = await startSmtpServer({ port: Number(new URL(smtp.url).port) })
    clock += MINUTE
    await app.services.mail.deliverDue()
    const invitation = await vi.waitFor(() => {
      const [arrived] = smtp.mailsTo(email)
      if (!arrived) throw new Error(`still waiting for the invitation to ${email}`)
      return arrived
    }, ASYNC_WORK)
    const part = invitation.parsed.attachments.find((a) => a.contentType === 'text/calendar')
    expect(part, 'a text/calendar part').toBeDefined()
    const calendar = nodeIcal.sync.parseICS(part!.content.toString('utf8'))
    const event = Object.values(calendar).find((c) => c?.type === 'VEVENT') as VEvent
    expect(event.uid).toBe(`${booked._id}@site.test`)
    expect((calendar.vcalendar as { method?: string } | undefined)?.method).toBe('REQUEST')

    // Sent is sent: later runs send nothing again.
    clock += 10 * MINUTE
    await app.services.mail.deliverDue()
    expect(smtp.mailsTo(email)).toHaveLength(1)
    const [row] = await mailsQueuedTo(email)
    expect(row).toMatchObject({ status: 'sent', kind: 'booking-booked' })
  })
})

describe('the reminder', () => {
  it('is queued with its mark or not at all: a failed round leaves it for the next, which queues it once', async () => {
    const email = 'reminded@inquiry.test'
    const [start] = await freeStarts()
    await bookOk(start!, email)
    const kept = clock
    // The day before the call: its reminder is due.
    clock = Date.parse(start!) - 20 * 60 * MINUTE
    try {
      const reminders = async () =>
        (await mailsQueuedTo(email)).filter((mail) => mail.kind === 'booking-reminder')
      await whileRefusing(
        'outbox_mails',
        `new.kind = 'booking-reminder' and new.recipient = '${email}'`,
        () => app.services.booking.runScheduled(),
      )
      expect(await reminders()).toEqual([])
      const [row] = await app.database.db
        .select({ reminderSentAt: bookings.reminderSentAt })
        .from(bookings)
        .innerJoin(messages, eq(messages.id, bookings.messageId))
        .where(eq(messages.email, email))
      expect(row!.reminderSentAt).toBeNull()

      await app.services.booking.runScheduled()
      await app.services.booking.runScheduled()
      expect(await reminders()).toHaveLength(1)
    } finally {
      clock = kept
    }
  })
})
