/** SQL for the outbox (server/db/schema.ts outboxMails); the rules are in outbox.ts. */
import { and, asc, count, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { outboxMails, type OutboxMailRow } from '#server/db/schema.ts'

export type NewOutboxMail = Pick<
  typeof outboxMails.$inferInsert,
  'kind' | 'recipient' | 'subject' | 'content' | 'priority'
>
export type OutboxStatus = 'queued' | 'sent' | 'failed'

/** `queued` as the owner sees it includes the mails being sent right now. */
const statusIs = (status: OutboxStatus) =>
  status === 'queued'
    ? inArray(outboxMails.status, ['queued', 'sending'])
    : eq(outboxMails.status, status)

export function createOutboxRepository(db: Db) {
  return {
    async insert(mail: NewOutboxMail, at: Date): Promise<OutboxMailRow> {
      const [row] = await db
        .insert(outboxMails)
        .values({ ...mail, status: 'queued', nextAttemptAt: at, createdAt: at })
        .returning()
      return row!
    },

    /**
     * Claims up to `limit` mails due at `at`, transactional ones first: queued ones whose attempt
     * has come, and ones whose holder's lease ran out (it stopped mid-send). SKIP LOCKED: two
     * instances never claim one row; the lease: nobody takes it again while it is being sent.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<OutboxMailRow[]> {
      const due = db
        .select({ id: outboxMails.id })
        .from(outboxMails)
        .where(
          or(
            and(eq(outboxMails.status, 'queued'), lte(outboxMails.nextAttemptAt, at)),
            and(eq(outboxMails.status, 'sending'), lt(outboxMails.leaseUntil, at)),
          ),
        )
        .orderBy(asc(outboxMails.priority), asc(outboxMails.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      return db
        .update(outboxMails)
        .set({
          status: 'sending',
          leaseUntil: leaseUntil,
          attempts: sql`${outboxMails.attempts} + 1`,
          lastAttemptAt: at,
        })
        .where(inArray(outboxMails.id, due))
        .returning()
    },

    /** Claims mail `id`, just queued, for its first attempt; nothing when the sender took it first. */
    async claimOne(id: string, at: Date, leaseUntil: Date): Promise<OutboxMailRow | undefined> {
      const [row] = await db
        .update(outboxMails)
        .set({
          status: 'sending',
          leaseUntil,
          attempts: sql`${outboxMails.attempts} + 1`,
          lastAttemptAt: at,
        })
        .where(and(eq(outboxMails.id, id), eq(outboxMails.status, 'queued')))
        .returning()
      return row
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

    /** Deletes the records of mails sent or failed before `before`. */
    async purge(before: Date): Promise<void> {
      await db
        .delete(outboxMails)
        .where(
          and(inArray(outboxMails.status, ['sent', 'failed']), lt(outboxMails.createdAt, before)),
        )
    },
  }
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
