/** SQL for booked calls, the busy times read from the owner's calendar and the feed's key; no rules here. */
import { and, asc, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { hasErrorCode } from '#server/db/errors.ts'
import { bookingBusyTimes, bookingCalendar, bookings, type BookingRow } from '#server/db/schema.ts'

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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Runs `write` in a transaction holding BOOKING_TIMES_LOCK (instances on one database included). */
function inTurn<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_TIMES_LOCK})`)
    return write(tx)
  })
}

/** The booking's e-mail as mailboxOf (server/lib/mailbox.ts) reads it: lower-cased, `+tag` dropped. */
const mailboxSql = sql<string>`lower(split_part(split_part(${bookings.email}, '@', 1), '+', 1) || '@' || split_part(${bookings.email}, '@', 2))`

export type NewBooking = Omit<
  typeof bookings.$inferInsert,
  'id' | 'status' | 'sequence' | 'cancelledAt' | 'createdAt' | 'updatedAt'
>

export function createBookingRepository(db: Db) {
  return {
    /**
     * Rejects with an exclusion violation (isOverlap) when the range is taken; answers undefined,
     * storing nothing, when the visitor's mailbox (server/lib/mailbox.ts, `+tag` dropped) already
     * holds `maxUpcoming` confirmed calls not over at `at` (counted under the lock, so two posts
     * at once cannot both pass).
     */
    async insert(
      values: NewBooking,
      limit: { mailbox: string; maxUpcoming: number; at: Date },
    ): Promise<BookingRow | undefined> {
      return inTurn(db, async (tx) => {
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(bookings)
          .where(
            and(
              eq(bookings.status, 'confirmed'),
              gt(bookings.endAt, limit.at),
              eq(mailboxSql, limit.mailbox),
            ),
          )
        if ((held?.count ?? 0) >= limit.maxUpcoming) return undefined
        const [row] = await tx.insert(bookings).values(values).returning()
        return row!
      })
    },

    async findByToken(token: string): Promise<BookingRow | undefined> {
      const [row] = await db.select().from(bookings).where(eq(bookings.token, token)).limit(1)
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

    async setMessage(id: string, messageId: string): Promise<void> {
      await db.update(bookings).set({ messageId }).where(eq(bookings.id, id))
    },

    /**
     * Moves a confirmed booking moved fewer than `maxMoves` times (the constraint checks the new
     * range); undefined when it is not confirmed or was moved that often (two moves at once
     * included).
     */
    async reschedule(
      id: string,
      values: Pick<BookingRow, 'startAt' | 'endAt' | 'blockedUntil' | 'reminderSentAt'>,
      at: Date,
      maxMoves: number,
    ): Promise<BookingRow | undefined> {
      const [row] = await inTurn(db, (tx) =>
        tx
          .update(bookings)
          .set({ ...values, sequence: sql`${bookings.sequence} + 1`, updatedAt: at })
          .where(
            and(
              eq(bookings.id, id),
              eq(bookings.status, 'confirmed'),
              lt(bookings.sequence, maxMoves),
            ),
          )
          .returning(),
      )
      return row
    },

    async findById(id: string): Promise<BookingRow | undefined> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1)
      return row
    },

    /** Cancels a confirmed booking; undefined when it was not confirmed (already cancelled). */
    async cancel(id: string, at: Date): Promise<BookingRow | undefined> {
      const [row] = await db
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelledAt: at,
          updatedAt: at,
          sequence: sql`${bookings.sequence} + 1`,
        })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed')))
        .returning()
      return row
    },

    /** Confirmed calls not over at `now`, soonest first. */
    async listUpcoming(now: Date, limit: number): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(eq(bookings.status, 'confirmed'), gt(bookings.endAt, now)))
        .orderBy(asc(bookings.startAt))
        .limit(limit)
    },

    async listNewest(limit: number): Promise<BookingRow[]> {
      return db.select().from(bookings).orderBy(desc(bookings.startAt)).limit(limit)
    },

    async listConfirmed(limit: number): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(eq(bookings.status, 'confirmed'))
        .orderBy(desc(bookings.startAt))
        .limit(limit)
    },

    /**
     * Claims the confirmed bookings starting in (now, dueBefore] whose reminder nobody sent: one
     * conditional update, so of several instances only one gets each row.
     */
    async claimDueReminders(now: Date, dueBefore: Date): Promise<BookingRow[]> {
      return db
        .update(bookings)
        .set({ reminderSentAt: now })
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            isNull(bookings.reminderSentAt),
            gt(bookings.startAt, now),
            lte(bookings.startAt, dueBefore),
          ),
        )
        .returning()
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
