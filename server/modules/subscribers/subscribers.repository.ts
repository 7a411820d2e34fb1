/** SQL for newsletter subscribers; the rules live in subscribers.service.ts. */
import { and, count, desc, eq, gte, lt, ne, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { subscribers, type SubscriberRow } from '#server/db/schema.ts'

export { isUniqueViolation } from '#server/db/errors.ts'

export type SubscriberChanges = Partial<Omit<SubscriberRow, 'id' | 'email'>>

/** Every row but the pending ones asked for before `expiredBefore`. */
const isCurrent = (expiredBefore: Date) =>
  or(ne(subscribers.status, 'pending'), gte(subscribers.createdAt, expiredBefore))

export function createSubscribersRepository(db: Db) {
  return {
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

    async update(id: string, changes: SubscriberChanges): Promise<SubscriberRow | undefined> {
      const [row] = await db
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

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(subscribers)
        .where(eq(subscribers.id, id))
        .returning({ id: subscribers.id })
      return rows.length > 0
    },

    /** Deletes the pending rows asked for before `expiredBefore`; returns how many. */
    async removeExpired(expiredBefore: Date): Promise<number> {
      const rows = await db
        .delete(subscribers)
        .where(and(eq(subscribers.status, 'pending'), lt(subscribers.createdAt, expiredBefore)))
        .returning({ id: subscribers.id })
      return rows.length
    },
  }
}

export type SubscribersRepository = ReturnType<typeof createSubscribersRepository>
