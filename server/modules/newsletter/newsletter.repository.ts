/** SQL for newsletter sends and their queue of deliveries; the rules live in newsletter.service.ts. */
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  newsletterDeliveries,
  newsletterSends,
  subscribers,
  type NewsletterSendRow,
} from '#server/db/schema.ts'

export { isUniqueViolation } from '#server/db/errors.ts'

/** A delivery a sender holds: to whom, and the link that unsubscribes them. */
export interface ClaimedDelivery {
  id: string
  sendId: string
  postId: string
  attempts: number
  email: string
  subscriberStatus: string
  unsubscribeToken: string
}

export interface SendCounts {
  sent: number
  failed: number
  retrying: number
  unsubscribed: number
}

type DeliveryState = (typeof newsletterDeliveries.$inferSelect)['state']

export function createNewsletterRepository(db: Db) {
  return {
    /**
     * Stores the send of `postId` and one pending delivery per confirmed subscriber, in one
     * transaction. Throws a unique violation when the post was sent before.
     */
    async insertSend(postId: string, at: Date): Promise<NewsletterSendRow> {
      return db.transaction(async (tx) => {
        const [send] = await tx
          .insert(newsletterSends)
          .values({ postId, recipients: 0, createdAt: at })
          .returning()
        const d = newsletterDeliveries
        const added = await tx.execute(sql`
          insert into ${d} (${sql.identifier(d.sendId.name)}, ${sql.identifier(d.subscriberId.name)}, ${sql.identifier(d.nextAttemptAt.name)})
          select ${send!.id}::uuid, ${subscribers.id}, ${at.toISOString()}::timestamptz
          from ${subscribers} where ${subscribers.status} = 'confirmed'
          returning ${d.id}`)
        // Both drivers answer with a `rows` array.
        const recipients = (added as unknown as { rows: unknown[] }).rows.length
        const [updated] = await tx
          .update(newsletterSends)
          .set({
            recipients,
            ...(recipients === 0 ? { status: 'sent' as const, finishedAt: at } : {}),
          })
          .where(eq(newsletterSends.id, send!.id))
          .returning()
        return updated!
      })
    },

    async findByPost(postId: string): Promise<NewsletterSendRow | undefined> {
      const [row] = await db
        .select()
        .from(newsletterSends)
        .where(eq(newsletterSends.postId, postId))
      return row
    },

    /** Sent and failed deliveries of the send, and its recipients who unsubscribed since it began. */
    async countsOf(send: NewsletterSendRow): Promise<SendCounts> {
      const states = await db
        .select({
          state: newsletterDeliveries.state,
          n: count(),
          retrying:
            sql<number>`count(*) filter (where ${newsletterDeliveries.attempts} > 0)`.mapWith(
              Number,
            ),
        })
        .from(newsletterDeliveries)
        .where(eq(newsletterDeliveries.sendId, send.id))
        .groupBy(newsletterDeliveries.state)
      const [left] = await db
        .select({ n: count() })
        .from(newsletterDeliveries)
        .innerJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
        .where(
          and(
            eq(newsletterDeliveries.sendId, send.id),
            eq(subscribers.status, 'unsubscribed'),
            gte(subscribers.unsubscribedAt, send.createdAt),
          ),
        )
      const of = (state: DeliveryState) => states.find((s) => s.state === state)?.n ?? 0
      const retrying = states.find((s) => s.state === 'pending')?.retrying ?? 0
      return { sent: of('sent'), failed: of('failed'), retrying, unsubscribed: left?.n ?? 0 }
    },

    /**
     * Atomically claims up to `limit` deliveries of unfinished sends that are due at `at` (pending
     * ones whose next attempt has come, and held ones whose lease ran out: their sender stopped),
     * holding them until `leaseUntil`. SKIP LOCKED means instances sharing the database never
     * claim the same row; the lease, that nobody claims it again while it is being sent.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      const d = newsletterDeliveries
      const result = await db.execute(sql`
        update ${d} set
          ${sql.identifier(d.state.name)} = 'sending',
          ${sql.identifier(d.leaseUntil.name)} = ${leaseUntil.toISOString()}::timestamptz,
          ${sql.identifier(d.attempts.name)} = ${d.attempts} + 1
        from ${subscribers}, ${newsletterSends}
        where ${subscribers.id} = ${d.subscriberId}
          and ${newsletterSends.id} = ${d.sendId}
          and ${d.id} in (
            select due.id from ${d} as due
            join ${newsletterSends} as s on s.id = due.send_id
            where s.status = 'sending'
              and ((due.state = 'pending' and due.next_attempt_at <= ${at.toISOString()}::timestamptz)
                or (due.state = 'sending' and due.lease_until < ${at.toISOString()}::timestamptz))
            order by due.next_attempt_at, due.id
            limit ${limit}
            for update of due skip locked)
        returning ${d.id} as id, ${d.sendId} as "sendId", ${newsletterSends.postId} as "postId",
          ${d.attempts} as attempts, ${subscribers.email} as email,
          ${subscribers.status} as "subscriberStatus",
          ${subscribers.unsubscribeToken} as "unsubscribeToken"`)
      // Both drivers answer with a `rows` array.
      const { rows } = result as unknown as { rows: ClaimedDelivery[] }
      return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }))
    },

    async finish(
      id: string,
      changes: { state: DeliveryState; sentAt?: Date; lastError?: string; nextAttemptAt?: Date },
    ): Promise<void> {
      await db
        .update(newsletterDeliveries)
        .set({ ...changes, leaseUntil: null })
        .where(eq(newsletterDeliveries.id, id))
    },

    /** Hands every held delivery back to the next claim (a process alone on its database). */
    async releaseAll(): Promise<void> {
      await db
        .update(newsletterDeliveries)
        .set({ state: 'pending', leaseUntil: null })
        .where(eq(newsletterDeliveries.state, 'sending'))
    },

    /** Hands claimed deliveries back, unsent, to the next claim. */
    async release(ids: string[]): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(newsletterDeliveries)
        .set({
          state: 'pending',
          leaseUntil: null,
          attempts: sql`${newsletterDeliveries.attempts} - 1`,
        })
        .where(inArray(newsletterDeliveries.id, ids))
    },

    /** Marks sent every unfinished send with no delivery left to make. */
    async closeFinished(at: Date): Promise<void> {
      await db
        .update(newsletterSends)
        .set({ status: 'sent', finishedAt: at })
        .where(
          and(
            eq(newsletterSends.status, 'sending'),
            sql`not exists (select 1 from ${newsletterDeliveries} where ${newsletterDeliveries.sendId} = ${newsletterSends.id} and ${newsletterDeliveries.state} in ('pending', 'sending'))`,
          ),
        )
    },
  }
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>
