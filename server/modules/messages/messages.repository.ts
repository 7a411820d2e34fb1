import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { createPageReader } from '#server/db/paging.ts'
import { countRows } from '#server/db/row-counts.ts'
import { messages, type MessageRow } from '#server/db/schema.ts'

export type NewMessage = Pick<
  typeof messages.$inferInsert,
  'fullName' | 'email' | 'subject' | 'message'
>

const NEWEST_FIRST = [desc(messages.createdAt), desc(messages.id)] as const
const OLDEST_FIRST = [asc(messages.createdAt), asc(messages.id)] as const

/** `now()` plus a delay, computed by the database so every app instance shares one clock. */
const nowPlus = (ms: number) => sql`now() + ${ms}::float8 * interval '1 millisecond'`

export function createMessagesRepository(db: Db) {
  const readPage = createPageReader<MessageRow>(db, {
    name: 'messages',
    table: messages,
    counted: 'messages',
    listOrder: [...NEWEST_FIRST],
    reverseOrder: [...OLDEST_FIRST],
  })
  return {
    /** Inserts a message already leased for `leaseMs`, so no retry run picks it up meanwhile. */
    async insert(values: NewMessage, leaseMs: number): Promise<MessageRow> {
      const [row] = await db
        .insert(messages)
        .values({ ...values, notifyRetryAt: nowPlus(leaseMs) })
        .returning()
      return row!
    },

    async findById(id: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1)
      return row
    },

    listNewest: (limit: number) =>
      db
        .select()
        .from(messages)
        .orderBy(...NEWEST_FIRST)
        .limit(limit),

    /** One page, newest first (see server/db/paging.ts). */
    listPage: (limit: number, offset: number): Promise<MessageRow[]> => readPage({ limit, offset }),

    count: (): Promise<number> => countRows(db, 'messages'),

    async deleteById(id: string): Promise<boolean> {
      const rows = await db
        .delete(messages)
        .where(eq(messages.id, id))
        .returning({ id: messages.id })
      return rows.length > 0
    },

    async recordReply(id: string, replyContent: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ replyContent, repliedAt: sql`now()` })
        .where(eq(messages.id, id))
        .returning()
      return row
    },

    /**
     * Atomically leases up to `limit` due, un-notified messages (oldest first) for `leaseMs`.
     * SKIP LOCKED plus the lease means concurrent app instances never claim the same row.
     */
    async claimPendingNotifications(limit: number, leaseMs: number): Promise<MessageRow[]> {
      const due = db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            isNull(messages.notifiedAt),
            or(isNull(messages.notifyRetryAt), lte(messages.notifyRetryAt, sql`now()`)),
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(messages)
        .set({ notifyRetryAt: nowPlus(leaseMs) })
        .where(inArray(messages.id, due))
        .returning()
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    },

    async markNotified(id: string): Promise<void> {
      await db
        .update(messages)
        .set({ notifiedAt: sql`now()`, notifyRetryAt: null })
        .where(eq(messages.id, id))
    },

    /**
     * Counts a failed attempt and makes the message due again after an exponential back-off:
     * `baseMs` after the first failure, doubling each time, never more than `maxMs`.
     */
    async markNotifyFailed(id: string, backoff: { baseMs: number; maxMs: number }): Promise<void> {
      // In SET, notify_attempts still holds the value before this failure.
      const delayMs = sql`least(${backoff.baseMs}::float8 * power(2, ${messages.notifyAttempts}), ${backoff.maxMs}::float8)`
      await db
        .update(messages)
        .set({
          notifyAttempts: sql`${messages.notifyAttempts} + 1`,
          notifyRetryAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
        })
        .where(eq(messages.id, id))
    },

    /** Makes a leased message due at once (used when there is nobody to notify yet). */
    async releaseNotification(id: string): Promise<void> {
      await db.update(messages).set({ notifyRetryAt: null }).where(eq(messages.id, id))
    },
  }
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>
