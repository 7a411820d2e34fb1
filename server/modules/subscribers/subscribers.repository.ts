/** SQL for newsletter subscribers; the rules live in subscribers.service.ts. */
import { and, count, desc, eq, gte, lt, ne, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { subscribers, type SubscriberRow } from '#server/db/schema.ts'
import { deleteRows } from '#server/lib/delete-row.ts'

export { isUniqueViolation } from '#server/db/errors.ts'

export type SubscriberChanges = Partial<Omit<SubscriberRow, 'id' | 'email'>>

/** Every row but the pending ones asked for before `expiredBefore`. */
const isCurrent = (expiredBefore: Date) =>
  or(ne(subscribers.status, 'pending'), gte(subscribers.createdAt, expiredBefore))

export function createSubscribersRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction: a subscriber's leaving and the withdrawal of their mail. */
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(fn),

    async findByEmail(email: string): Promise<SubscriberRow | undefined> {
      const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email))
      return row
    },

    async findByConfirmHash(hash: string): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .select()
        .from(subscribers)
        .where(eq(subscribers.confirmTokenHash, hash))
      return row
    },

    async findByUnsubscribeToken(token: string): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .select()
        .from(subscribers)
        .where(eq(subscribers.unsubscribeToken, token))
      return row
    },

    async insert(row: typeof subscribers.$inferInsert): Promise<SubscriberRow> {
      const [inserted] = await db.insert(subscribers).values(row).returning()
      return inserted!
    },

    async update(
      id: string,
      changes: SubscriberChanges,
      tx: Db = db,
    ): Promise<SubscriberRow | undefined> {
      const [row] = await tx
        .update(subscribers)
        .set(changes)
        .where(eq(subscribers.id, id))
        .returning()
      return row
    },

    /** Confirms the pending or confirmed row with this token hash asked for since `since`. */
    async confirm(hash: string, since: Date, at: Date): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .update(subscribers)
        .set({ status: 'confirmed', confirmedAt: at })
        .where(
          and(
            eq(subscribers.confirmTokenHash, hash),
            eq(subscribers.status, 'pending'),
            gte(subscribers.createdAt, since),
          ),
        )
        .returning()
      return row
    },

    /** Newest first, without the expired pending ones. */
    list: (expiredBefore: Date): Promise<SubscriberRow[]> =>
      db
        .select()
        .from(subscribers)
        .where(isCurrent(expiredBefore))
        .orderBy(desc(subscribers.createdAt), desc(subscribers.id)),

    async countByStatus(expiredBefore: Date) {
      return db
        .select({ status: subscribers.status, n: count() })
        .from(subscribers)
        .where(isCurrent(expiredBefore))
        .groupBy(subscribers.status)
    },

    /** Deletes the subscriber; returns their address, or undefined when there was none. */
    async remove(id: string, tx: Db = db): Promise<string | undefined> {
      const [row] = await tx
        .delete(subscribers)
        .where(eq(subscribers.id, id))
        .returning({ email: subscribers.email })
      return row?.email
    },

    /** Deletes the pending rows asked for before `expiredBefore`; returns how many. */
    removeExpired: (expiredBefore: Date): Promise<number> =>
      deleteRows(
        db,
        subscribers,
        eq(subscribers.status, 'pending'),
        lt(subscribers.createdAt, expiredBefore),
      ),
  }
}

export type SubscribersRepository = ReturnType<typeof createSubscribersRepository>
