/**
 * SQL for newsletter sends, their recipients and their mails' counts in the outbox; the rules live
 * in newsletter.service.ts.
 */
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  newsletterDeliveries,
  newsletterSends,
  outboxMails,
  subscribers,
  type NewsletterSendRow,
} from '#server/db/schema.ts'

export { isUniqueViolation } from '#server/db/errors.ts'

/** A recipient whose mail is not queued yet: to whom, and the link that unsubscribes them. */
export interface PendingRecipient {
  /** The delivery row. */
  id: string
  email: string
  subscriberStatus: string
  unsubscribeToken: string
}

/** Where a send's mails stand in the outbox, and its recipients who left since it began. */
export interface SendCounts {
  sent: number
  failed: number
  retrying: number
  unsubscribed: number
  /** No recipient is left to queue and no mail of the send waits or is being sent. */
  isDone: boolean
}

const d = newsletterDeliveries

/** The outbox mails of the send `id` that wait or are being sent. */
const waitingMailsOf = (id: typeof newsletterSends.id | string) =>
  and(eq(outboxMails.newsletterSendId, id), inArray(outboxMails.status, ['queued', 'sending']))

export function createNewsletterRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction: recipients marked queued and their outbox mails, together. */
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(fn),

    /**
     * Stores the send of `postId` and one pending delivery per confirmed subscriber, in one
     * transaction: the recipients are the confirmed subscribers of that moment. Throws a unique
     * violation when the post was sent before.
     */
    async insertSend(postId: string, at: Date): Promise<NewsletterSendRow> {
      return db.transaction(async (tx) => {
        const [send] = await tx
          .insert(newsletterSends)
          .values({ postId, recipients: 0, createdAt: at })
          .returning()
        const added = await tx.execute(sql`
          insert into ${d} (${sql.identifier(d.sendId.name)}, ${sql.identifier(d.subscriberId.name)})
          select ${send!.id}::uuid, ${subscribers.id}
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

    /** The sends still sending, oldest first. */
    unfinished: (): Promise<NewsletterSendRow[]> =>
      db
        .select()
        .from(newsletterSends)
        .where(eq(newsletterSends.status, 'sending'))
        .orderBy(asc(newsletterSends.createdAt)),

    /** The send's mails in the outbox, by status, and its recipients who unsubscribed since it began. */
    async countsOf(send: NewsletterSendRow): Promise<SendCounts> {
      // The pending recipients first, the mails after: a recipient leaves "pending" in the same
      // commit as its mail enters the outbox, so read in this order no recipient is ever between
      // the two counts (read at once, a batch committing in between made a send look done).
      const [pending] = await db
        .select({ n: count() })
        .from(d)
        .where(and(eq(d.sendId, send.id), eq(d.state, 'pending')))
      const [[mails], [left]] = await Promise.all([
        db
          .select({
            sent: sql<number>`count(*) filter (where ${outboxMails.status} = 'sent')`.mapWith(
              Number,
            ),
            failed: sql<number>`count(*) filter (where ${outboxMails.status} = 'failed')`.mapWith(
              Number,
            ),
            waiting:
              sql<number>`count(*) filter (where ${outboxMails.status} in ('queued', 'sending'))`.mapWith(
                Number,
              ),
            retrying:
              sql<number>`count(*) filter (where ${outboxMails.status} = 'queued' and ${outboxMails.attempts} > 0)`.mapWith(
                Number,
              ),
          })
          .from(outboxMails)
          .where(eq(outboxMails.newsletterSendId, send.id)),
        db
          .select({ n: count() })
          .from(d)
          .innerJoin(subscribers, eq(subscribers.id, d.subscriberId))
          .where(
            and(
              eq(d.sendId, send.id),
              eq(subscribers.status, 'unsubscribed'),
              gte(subscribers.unsubscribedAt, send.createdAt),
            ),
          ),
      ])
      return {
        sent: mails?.sent ?? 0,
        failed: mails?.failed ?? 0,
        retrying: mails?.retrying ?? 0,
        unsubscribed: left?.n ?? 0,
        isDone: (pending?.n ?? 0) === 0 && (mails?.waiting ?? 0) === 0,
      }
    },

    /** How many of the send's mails wait in the outbox or are being sent. */
    async waitingCount(sendId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(outboxMails).where(waitingMailsOf(sendId))
      return row?.n ?? 0
    },

    /** Up to `limit` recipients of the send whose mail is not queued yet, in a stable order. */
    pendingRecipients: (sendId: string, limit: number): Promise<PendingRecipient[]> =>
      db
        .select({
          id: d.id,
          email: subscribers.email,
          subscriberStatus: subscribers.status,
          unsubscribeToken: subscribers.unsubscribeToken,
        })
        .from(d)
        .innerJoin(subscribers, eq(subscribers.id, d.subscriberId))
        .where(and(eq(d.sendId, sendId), eq(d.state, 'pending')))
        .orderBy(asc(d.id))
        .limit(limit),

    /**
     * Within `tx`: marks queued the deliveries of `candidates` that are still pending and whose
     * subscriber is still confirmed, and skipped the other pending ones of `ids`; returns the
     * queued ones. The subscribers stay locked until `tx` ends, so an unsubscribe waits for the
     * commit and then finds the mail it withdraws; the deliveries too, so another instance's batch
     * waits and then finds them queued.
     */
    async markQueued(tx: Db, candidates: string[], ids: string[]): Promise<string[]> {
      const confirmed =
        candidates.length === 0
          ? []
          : await tx
              .select({ id: subscribers.id })
              .from(subscribers)
              .innerJoin(d, eq(d.subscriberId, subscribers.id))
              .where(and(inArray(d.id, candidates), eq(subscribers.status, 'confirmed')))
              .for('share', { of: subscribers })
      const queued =
        confirmed.length === 0
          ? []
          : await tx
              .update(d)
              .set({ state: 'queued' })
              .where(
                and(
                  inArray(d.id, candidates),
                  eq(d.state, 'pending'),
                  inArray(
                    d.subscriberId,
                    confirmed.map((row) => row.id),
                  ),
                ),
              )
              .returning({ id: d.id })
      await tx
        .update(d)
        .set({ state: 'skipped' })
        .where(and(inArray(d.id, ids), eq(d.state, 'pending')))
      return queued.map((row) => row.id)
    },

    /**
     * Marks sent every unfinished send with no recipient left to queue and no mail waiting, and
     * stores its counts: the outbox forgets its records after 90 days.
     */
    async closeFinished(at: Date): Promise<void> {
      const s = newsletterSends
      const countOf = (status: 'sent' | 'failed') =>
        sql`(select count(*) from ${outboxMails} where ${outboxMails.newsletterSendId} = ${s.id} and ${outboxMails.status} = ${status})::int`
      await db
        .update(s)
        .set({
          status: 'sent',
          finishedAt: at,
          sent: sql`${s.sent} + ${countOf('sent')}`,
          failed: sql`${s.failed} + ${countOf('failed')}`,
        })
        .where(
          and(
            eq(s.status, 'sending'),
            sql`not exists (select 1 from ${d} where ${d.sendId} = ${s.id} and ${d.state} = 'pending')`,
            sql`not exists (select 1 from ${outboxMails} where ${waitingMailsOf(s.id)})`,
          ),
        )
    },
  }
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>
