/** SQL for the outbox (server/db/schema.ts outboxMails); the rules are in outbox.ts. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { newsletterSends, outboxMails, type OutboxMailRow } from '#server/db/schema.ts'

export type NewOutboxMail = Pick<
  typeof outboxMails.$inferInsert,
  'kind' | 'recipient' | 'subject' | 'content' | 'priority' | 'newsletterSendId'
>
export type OutboxStatus = 'queued' | 'sent' | 'failed'

/** `queued` as the owner sees it includes the mails being sent right now. */
const statusIs = (status: OutboxStatus) =>
  status === 'queued'
    ? inArray(outboxMails.status, ['queued', 'sending'])
    : eq(outboxMails.status, status)

/**
 * A lease of `ms` from the database's clock, which every instance shares and no test moves: a
 * mail is taken from its sender only when it has really been held that long.
 */
const leaseFor = (ms: number) => sql`now() + ${ms}::float8 * interval '1 millisecond'`
/** What a claim for an attempt at `at` writes: sending, leased for `leaseMs`, one attempt more. */
const claimedAt = (at: Date, leaseMs: number) => ({
  status: 'sending' as const,
  leaseUntil: leaseFor(leaseMs),
  attempts: sql`${outboxMails.attempts} + 1`,
  lastAttemptAt: at,
})

export function createOutboxRepository(db: Db) {
  return {
    /** Writes one queued mail; `tx`, the transaction of the change that causes it, when there is one. */
    async insert(mail: NewOutboxMail, at: Date, tx: Db = db): Promise<OutboxMailRow> {
      const [row] = await tx
        .insert(outboxMails)
        .values({ ...mail, status: 'queued', nextAttemptAt: at, createdAt: at })
        .returning()
      return row!
    },

    /**
     * Claims up to `limit` mails of `priority` due at `at`, the longest waiting first: queued ones
     * whose attempt has come, and ones whose holder's lease ran out (it stopped mid-send). SKIP
     * LOCKED: two instances never claim one row; the lease: nobody takes it again while it is
     * being sent.
     */
    async claimDue(
      at: Date,
      leaseMs: number,
      limit: number,
      priority: number,
    ): Promise<OutboxMailRow[]> {
      const due = db
        .select({ id: outboxMails.id })
        .from(outboxMails)
        .where(
          and(
            eq(outboxMails.priority, priority),
            or(
              and(eq(outboxMails.status, 'queued'), lte(outboxMails.nextAttemptAt, at)),
              and(eq(outboxMails.status, 'sending'), lt(outboxMails.leaseUntil, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(outboxMails.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      return db
        .update(outboxMails)
        .set(claimedAt(at, leaseMs))
        .where(inArray(outboxMails.id, due))
        .returning()
    },

    /** Claims mail `id`, just queued, for its first attempt; nothing when the sender took it first. */
    async claimOne(id: string, at: Date, leaseMs: number): Promise<OutboxMailRow | undefined> {
      const [row] = await db
        .update(outboxMails)
        .set(claimedAt(at, leaseMs))
        .where(and(eq(outboxMails.id, id), eq(outboxMails.status, 'queued')))
        .returning()
      return row
    },

    /** Hands every mail being sent back to the queue, due at `at` (its sender is gone). */
    async releaseAll(at: Date): Promise<void> {
      await db
        .update(outboxMails)
        .set({ status: 'queued', leaseUntil: null, nextAttemptAt: at })
        .where(eq(outboxMails.status, 'sending'))
    },

    /** Sent: the body goes (it may hold a link or a token), the record stays for the owner's list. */
    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(outboxMails)
        .set({ status: 'sent', sentAt: at, leaseUntil: null, lastError: null, content: {} })
        .where(eq(outboxMails.id, id))
    },

    async markRetry(id: string, nextAttemptAt: Date, lastError: string): Promise<void> {
      await db
        .update(outboxMails)
        .set({ status: 'queued', nextAttemptAt, leaseUntil: null, lastError })
        .where(eq(outboxMails.id, id))
    },

    async markFailed(id: string, lastError: string): Promise<void> {
      await db
        .update(outboxMails)
        .set({ status: 'failed', leaseUntil: null, lastError })
        .where(eq(outboxMails.id, id))
    },

    /** Deletes the queued mails of `priority` to `to` (not one being sent); `tx` when given. */
    async removeQueued(to: string, priority: number, tx: Db = db): Promise<void> {
      await tx
        .delete(outboxMails)
        .where(
          and(
            eq(outboxMails.recipient, to),
            eq(outboxMails.priority, priority),
            eq(outboxMails.status, 'queued'),
          ),
        )
    },

    /** Queues a failed mail again, due at `at`; false when there is no failed mail `id`. */
    async requeue(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(outboxMails)
        .set({ status: 'queued', nextAttemptAt: at, attempts: 0, createdAt: at })
        .where(and(eq(outboxMails.id, id), eq(outboxMails.status, 'failed')))
        .returning({ id: outboxMails.id })
      return rows.length > 0
    },

    async findById(id: string): Promise<OutboxMailRow | undefined> {
      const [row] = await db.select().from(outboxMails).where(eq(outboxMails.id, id)).limit(1)
      return row
    },

    /** A page of mails, newest first, with the total for that status. */
    async list(
      status: OutboxStatus | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: OutboxMailRow[]; total: number }> {
      const where = status ? statusIs(status) : undefined
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(outboxMails)
          .where(where)
          .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(outboxMails).where(where),
      ])
      return { rows, total: totals?.total ?? 0 }
    },

    async counts(): Promise<{ queued: number; failed: number }> {
      const [row] = await db
        .select({
          queued: sql<number>`count(*) filter (where ${outboxMails.status} in ('queued', 'sending'))::int`,
          failed: sql<number>`count(*) filter (where ${outboxMails.status} = 'failed')::int`,
        })
        .from(outboxMails)
      return { queued: row?.queued ?? 0, failed: row?.failed ?? 0 }
    },

    /**
     * Whether delivery is failing: a mail waits after a failed attempt, and no mail was sent since
     * that attempt (the health check's "mail").
     */
    async isDeliveryFailing(): Promise<boolean> {
      const [row] = await db
        .select({
          failedAt: sql<Date | null>`max(${outboxMails.lastAttemptAt}) filter (where ${outboxMails.status} in ('queued', 'sending') and ${outboxMails.lastError} is not null)`,
          sentAt: sql<Date | null>`max(${outboxMails.sentAt})`,
        })
        .from(outboxMails)
      if (!row?.failedAt) return false
      return !row.sentAt || new Date(row.failedAt).getTime() >= new Date(row.sentAt).getTime()
    },

    /**
     * Deletes the records of mails sent or failed before `before`, but a newsletter's while its
     * send is not finished: its counts are read from them until it stores them.
     */
    async purge(before: Date): Promise<void> {
      const unfinished = db
        .select({ id: newsletterSends.id })
        .from(newsletterSends)
        .where(eq(newsletterSends.status, 'sending'))
      await db
        .delete(outboxMails)
        .where(
          and(
            inArray(outboxMails.status, ['sent', 'failed']),
            lt(outboxMails.createdAt, before),
            or(
              isNull(outboxMails.newsletterSendId),
              notInArray(outboxMails.newsletterSendId, unfinished),
            ),
          ),
        )
    },
  }
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
