/** SQL for booked calls, the busy times read from the owner's calendar and the feed's key; no rules here. */
import { and, asc, desc, eq, getTableColumns, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { hasErrorCode } from '#server/db/errors.ts'
import {
  bookingBusyTimes,
  bookingCalendar,
  bookings,
  messages,
  type BookingRow,
} from '#server/db/schema.ts'

const CALENDAR_KEY = 'calendar'
/** PostgreSQL's exclusion_violation: the bookings_no_overlap constraint refused the row. */
const EXCLUSION_VIOLATION = new Set(['23P01'])

export const isOverlap = (error: unknown) => hasErrorCode(error, EXCLUSION_VIOLATION)

/**
 * The transaction-level advisory lock every write of a booking's time takes first. PostgreSQL
 * checks an exclusion constraint after inserting the row, so two writes of overlapping ranges at
 * the same moment can each wait for the other's uncommitted row: a deadlock, which it breaks by
 * aborting one with 40P01, and under a burst the aborted ones run into each other again. Taken in
 * turn, the second write finds the first committed and gets the constraint's own error (a 409).
 */
const BOOKING_TIMES_LOCK = 0x626f6f6b // "book"

/**
 * The e-mail of the booking's inquiry as mailboxOf (server/lib/mailbox.ts) reads it: lower-cased,
 * `+tag` dropped. Only in a query joined with the booking's message.
 */
const mailboxSql = sql<string>`lower(split_part(split_part(${messages.email}, '@', 1), '+', 1) || '@' || split_part(${messages.email}, '@', 2))`

/** A booking with what its inquiry (the messages row) holds for it: who booked, and their words. */
export type BookingWithInquiry = BookingRow & { name: string; email: string; message: string }

/** The columns of a booking joined with its inquiry, read as BookingWithInquiry. */
const WITH_INQUIRY = {
  ...getTableColumns(bookings),
  name: messages.fullName,
  email: messages.email,
  message: messages.message,
}

export type NewBooking = Omit<
  typeof bookings.$inferInsert,
  'status' | 'sequence' | 'cancelledAt' | 'createdAt' | 'updatedAt'
>

/** The booking `id` while it is confirmed and still at `sequence` (nobody changed it since). */
const stillConfirmed = (id: string, sequence: number) =>
  and(eq(bookings.id, id), eq(bookings.status, 'confirmed'), eq(bookings.sequence, sequence))

export function createBookingRepository(db: Db) {
  /** Bookings read with their inquiry's fields; each caller adds its condition and order. */
  const selectWithInquiry = () =>
    db.select(WITH_INQUIRY).from(bookings).innerJoin(messages, eq(messages.id, bookings.messageId))

  return {
    /**
     * Runs `write` in one transaction holding BOOKING_TIMES_LOCK (instances on one database
     * included): every write of a booking goes through it, with the inquiry and the outbox rows
     * the change makes, so all of them are kept or none. Inside, only `tx` may be used.
     */
    inTurn<T>(write: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_TIMES_LOCK})`)
        return write(tx)
      })
    },

    /**
     * How many confirmed calls not over at `at` the mailbox (server/lib/mailbox.ts, `+tag`
     * dropped) holds; in `tx` from inTurn, so two posts at once cannot both pass a limit.
     */
    async countUpcoming(tx: Db, mailbox: string, at: Date): Promise<number> {
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(bookings)
        .innerJoin(messages, eq(messages.id, bookings.messageId))
        .where(
          and(eq(bookings.status, 'confirmed'), gt(bookings.endAt, at), eq(mailboxSql, mailbox)),
        )
      return held?.count ?? 0
    },

    /** In `tx` from inTurn; rejects with an exclusion violation (isOverlap) when the range is taken. */
    async insert(tx: Db, values: NewBooking): Promise<BookingRow> {
      const [row] = await tx.insert(bookings).values(values).returning()
      return row!
    },

    async findByToken(token: string): Promise<BookingWithInquiry | undefined> {
      const [row] = await selectWithInquiry().where(eq(bookings.token, token)).limit(1)
      return row
    },

    /** Confirmed bookings whose blocked range reaches into [from, until). */
    async listBlocking(from: Date, until: Date): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            lt(bookings.startAt, until),
            gt(bookings.blockedUntil, from),
          ),
        )
    },

    /**
     * In `tx` from inTurn: moves a confirmed booking standing at `sequence` (the constraint checks
     * the new range) to SEQUENCE + 1; undefined when it is not confirmed or changed since it was
     * read (a move at the same moment included), so the invitations queued with it carry its
     * sequence.
     */
    async reschedule(
      tx: Db,
      { id, sequence }: Pick<BookingRow, 'id' | 'sequence'>,
      values: Pick<BookingRow, 'startAt' | 'endAt' | 'blockedUntil' | 'reminderSentAt'>,
      at: Date,
    ): Promise<BookingRow | undefined> {
      const [row] = await tx
        .update(bookings)
        .set({ ...values, sequence: sequence + 1, updatedAt: at })
        .where(stillConfirmed(id, sequence))
        .returning()
      return row
    },

    async findById(id: string): Promise<BookingWithInquiry | undefined> {
      const [row] = await selectWithInquiry().where(eq(bookings.id, id)).limit(1)
      return row
    },

    /**
     * In `tx` from inTurn: cancels a confirmed booking standing at `sequence` (SEQUENCE + 1);
     * undefined when it is not confirmed or changed since it was read.
     */
    async cancel(
      tx: Db,
      { id, sequence }: Pick<BookingRow, 'id' | 'sequence'>,
      at: Date,
    ): Promise<BookingRow | undefined> {
      const [row] = await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: at, updatedAt: at, sequence: sequence + 1 })
        .where(stillConfirmed(id, sequence))
        .returning()
      return row
    },

    /** Confirmed calls not over at `now`, soonest first. */
    async listUpcoming(now: Date, limit: number): Promise<BookingWithInquiry[]> {
      return selectWithInquiry()
        .where(and(eq(bookings.status, 'confirmed'), gt(bookings.endAt, now)))
        .orderBy(asc(bookings.startAt))
        .limit(limit)
    },

    /** Confirmed calls not over at `now` booked from `email` (any letter case), soonest first. */
    async listUpcomingFrom(email: string, now: Date): Promise<BookingWithInquiry[]> {
      return selectWithInquiry()
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            gt(bookings.endAt, now),
            eq(sql`lower(${messages.email})`, email.toLowerCase()),
          ),
        )
        .orderBy(asc(bookings.startAt))
    },

    async listNewest(limit: number): Promise<BookingWithInquiry[]> {
      return selectWithInquiry().orderBy(desc(bookings.startAt)).limit(limit)
    },

    async listConfirmed(limit: number): Promise<BookingWithInquiry[]> {
      return selectWithInquiry()
        .where(eq(bookings.status, 'confirmed'))
        .orderBy(desc(bookings.startAt))
        .limit(limit)
    },

    /** Confirmed calls starting after `now` and by `dueBefore` whose reminder is not queued yet. */
    dueReminders: (now: Date, dueBefore: Date): Promise<BookingWithInquiry[]> =>
      selectWithInquiry().where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(bookings.reminderSentAt),
          gt(bookings.startAt, now),
          lte(bookings.startAt, dueBefore),
        ),
      ),

    /**
     * Within `tx` from inTurn: marks the reminder of booking `id` queued at `at`, unless it was
     * already or the booking changed since it was read (`sequence`); true when it was marked.
     */
    async markReminded(tx: Db, id: string, sequence: number, at: Date): Promise<boolean> {
      const marked = await tx
        .update(bookings)
        .set({ reminderSentAt: at })
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.sequence, sequence),
            eq(bookings.status, 'confirmed'),
            isNull(bookings.reminderSentAt),
          ),
        )
        .returning({ id: bookings.id })
      return marked.length > 0
    },

    async listBusy(from: Date, until: Date): Promise<{ startAt: Date; endAt: Date }[]> {
      return db
        .select({ startAt: bookingBusyTimes.startAt, endAt: bookingBusyTimes.endAt })
        .from(bookingBusyTimes)
        .where(and(lt(bookingBusyTimes.startAt, until), gt(bookingBusyTimes.endAt, from)))
    },

    /** Replaces every busy time and records the fetch, in one transaction. */
    async replaceBusy(
      url: string,
      spans: { startAt: Date; endAt: Date }[],
      at: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(bookingBusyTimes)
        for (let i = 0; i < spans.length; i += 1000)
          await tx.insert(bookingBusyTimes).values(spans.slice(i, i + 1000))
        await tx
          .insert(bookingCalendar)
          .values({
            id: CALENDAR_KEY,
            busyUrl: url,
            busyFetchedAt: at,
            busyError: null,
            busyEvents: spans.length,
          })
          .onConflictDoUpdate({
            target: bookingCalendar.id,
            set: { busyUrl: url, busyFetchedAt: at, busyError: null, busyEvents: spans.length },
          })
      })
    },

    /** Records a failed fetch; the busy times already read stay. */
    async recordBusyError(url: string, error: string, at: Date): Promise<void> {
      await db
        .insert(bookingCalendar)
        .values({ id: CALENDAR_KEY, busyUrl: url, busyFetchedAt: at, busyError: error })
        .onConflictDoUpdate({
          target: bookingCalendar.id,
          set: { busyUrl: url, busyFetchedAt: at, busyError: error },
        })
    },

    /** Forgets every busy time (no busy calendar any more). */
    async clearBusy(): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(bookingBusyTimes)
        await tx
          .update(bookingCalendar)
          .set({ busyUrl: null, busyFetchedAt: null, busyError: null, busyEvents: null })
          .where(eq(bookingCalendar.id, CALENDAR_KEY))
      })
    },

    /**
     * Claims the next fetch of `url` when the last one is older than `staleBefore` (or was of
     * another address): true for the one instance that gets it.
     */
    async claimBusyFetch(url: string, at: Date, staleBefore: Date): Promise<boolean> {
      await db.insert(bookingCalendar).values({ id: CALENDAR_KEY }).onConflictDoNothing()
      const rows = await db
        .update(bookingCalendar)
        .set({ busyUrl: url, busyFetchedAt: at })
        .where(
          and(
            eq(bookingCalendar.id, CALENDAR_KEY),
            or(
              isNull(bookingCalendar.busyFetchedAt),
              lt(bookingCalendar.busyFetchedAt, staleBefore),
              isNull(bookingCalendar.busyUrl),
              sql`${bookingCalendar.busyUrl} <> ${url}`,
            ),
          ),
        )
        .returning({ id: bookingCalendar.id })
      return rows.length > 0
    },

    async findCalendar() {
      const [row] = await db
        .select()
        .from(bookingCalendar)
        .where(eq(bookingCalendar.id, CALENDAR_KEY))
        .limit(1)
      return row
    },

    /** The feed's key: the stored one, or `fresh` stored now (the first caller's wins). */
    async feedKey(fresh: string): Promise<string> {
      await db.insert(bookingCalendar).values({ id: CALENDAR_KEY }).onConflictDoNothing()
      await db
        .update(bookingCalendar)
        .set({ feedKey: fresh })
        .where(and(eq(bookingCalendar.id, CALENDAR_KEY), isNull(bookingCalendar.feedKey)))
      const row = await this.findCalendar()
      return row!.feedKey!
    },

    async replaceFeedKey(fresh: string): Promise<void> {
      await db.insert(bookingCalendar).values({ id: CALENDAR_KEY }).onConflictDoNothing()
      await db
        .update(bookingCalendar)
        .set({ feedKey: fresh })
        .where(eq(bookingCalendar.id, CALENDAR_KEY))
    },
  }
}

export type BookingRepository = ReturnType<typeof createBookingRepository>
