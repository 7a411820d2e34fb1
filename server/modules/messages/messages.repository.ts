import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { MessageNote, MessageStage, MessagesSearch } from '#common/schemas/messages.ts'
import type { Db } from '#server/db/client.ts'
import {
  contactAcknowledgements,
  messages,
  usedFormTokens,
  type MessageRow,
} from '#server/db/schema.ts'

export type NewMessage = Pick<
  typeof messages.$inferInsert,
  | 'fullName'
  | 'email'
  | 'subject'
  | 'message'
  | 'spam'
  | 'visit'
  | 'projectType'
  | 'budget'
  | 'timeline'
  | 'website'
>

const NEWEST_FIRST = [desc(messages.createdAt), desc(messages.id)] as const

// The very expression of messages_search_idx (see the messages_search migration): the planner
// uses the trigram index only for an identical expression.
const SEARCH_TEXT = sql`(${messages.fullName} || ' ' || ${messages.email} || ' ' || ${messages.subject} || ' ' || ${messages.message})`

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`

/** The inbox's conditions: spam only under the spam filter, never elsewhere. */
function searchWhere({ q, filter, stage }: MessagesSearch): SQL | undefined {
  return and(
    stage ? eq(messages.stage, stage) : undefined,
    filter === 'spam' ? eq(messages.spam, true) : not(messages.spam),
    filter === 'unread' ? isNull(messages.readAt) : undefined,
    filter === 'replied' ? isNotNull(messages.repliedAt) : undefined,
    q ? sql`${SEARCH_TEXT} ilike ${likePattern(q)}` : undefined,
  )
}

/** `now()` plus a delay, computed by the database so every app instance shares one clock. */
const nowPlus = (ms: number) => sql`now() + ${ms}::float8 * interval '1 millisecond'`

export function createMessagesRepository(db: Db) {
  return {
    /** Inserts a message already leased for `leaseMs`, so no retry run picks it up meanwhile. */
    async insert(values: NewMessage, leaseMs: number): Promise<MessageRow> {
      const [row] = await db
        .insert(messages)
        .values({ ...values, notifyRetryAt: nowPlus(leaseMs) })
        .returning()
      return row!
    },

    /**
     * Inserts a message whose owner was told some other way (a booked call's invitation): no
     * contact notification is ever sent for it.
     */
    async insertNotified(
      values: NewMessage & Pick<typeof messages.$inferInsert, 'stage'>,
      at: Date,
    ): Promise<MessageRow> {
      const [row] = await db
        .insert(messages)
        .values({ ...values, notifiedAt: at, createdAt: at })
        .returning()
      return row!
    },

    async findById(id: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1)
      return row
    },

    /**
     * One page of the inbox, newest first, and how many messages match: all of them, or, with
     * `countUpTo`, at most that many (`isTotalCapped` says there are more).
     */
    async search(
      search: MessagesSearch,
      { limit, offset, countUpTo }: { limit: number; offset: number; countUpTo?: number },
    ): Promise<{ rows: MessageRow[]; total: number; isTotalCapped: boolean }> {
      const where = searchWhere(search)
      const countAll = () => db.select({ n: count() }).from(messages).where(where)
      // Stops reading matches one past the cap, which is enough to tell that there are more.
      const countSome = (upTo: number) =>
        db.select({ n: count() }).from(
          db
            .select({ id: messages.id })
            .from(messages)
            .where(where)
            .limit(upTo + 1)
            .as('matches'),
        )
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset),
        countUpTo === undefined ? countAll() : countSome(countUpTo),
      ])
      const total = counted?.n ?? 0
      return countUpTo !== undefined && total > countUpTo
        ? { rows, total: countUpTo, isTotalCapped: true }
        : { rows, total, isTotalCapped: false }
    },

    /** Every matching message, newest first, `batchSize` rows at a time (keyset paging). */
    async *searchAll(search: MessagesSearch, batchSize: number): AsyncGenerator<MessageRow[]> {
      let after: { createdAt: Date; id: string } | undefined
      for (;;) {
        const rows = await db
          .select()
          .from(messages)
          .where(
            and(
              searchWhere(search),
              after
                ? sql`(${messages.createdAt}, ${messages.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(...NEWEST_FIRST)
          .limit(batchSize)
        if (rows.length > 0) yield rows
        if (rows.length < batchSize) return
        const last = rows.at(-1)!
        after = { createdAt: last.createdAt, id: last.id }
      }
    },

    async setStage(id: string, stage: MessageStage): Promise<MessageRow | undefined> {
      const [row] = await db.update(messages).set({ stage }).where(eq(messages.id, id)).returning()
      return row
    },

    async addNote(id: string, note: MessageNote): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ notes: sql`${messages.notes} || ${JSON.stringify([note])}::jsonb` })
        .where(eq(messages.id, id))
        .returning()
      return row
    },

    /** How many messages (spam left out) stand at each stage that has any. */
    async countByStage(): Promise<{ stage: MessageStage; count: number }[]> {
      return db
        .select({ stage: messages.stage, count: count() })
        .from(messages)
        .where(not(messages.spam))
        .groupBy(messages.stage)
    },

    async countUnread(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(isNull(messages.readAt), not(messages.spam)))
      return row?.n ?? 0
    },

    /** Messages (spam left out) per week starting on Monday, UTC, received since `since`. */
    async countPerWeek(since: Date): Promise<{ weekStart: Date; count: number }[]> {
      const week = sql<Date>`date_trunc('week', ${messages.createdAt} at time zone 'UTC')`
      const rows = await db
        .select({ week: sql<string>`to_char(${week}, 'YYYY-MM-DD')`, n: count() })
        .from(messages)
        .where(and(not(messages.spam), gte(messages.createdAt, since)))
        .groupBy(week)
      return rows.map((row) => ({ weekStart: new Date(`${row.week}T00:00:00Z`), count: row.n }))
    },

    listNewest: (limit: number) =>
      db
        .select()
        .from(messages)
        .where(not(messages.spam))
        .orderBy(...NEWEST_FIRST)
        .limit(limit),

    async deleteById(id: string): Promise<boolean> {
      const rows = await db
        .delete(messages)
        .where(eq(messages.id, id))
        .returning({ id: messages.id })
      return rows.length > 0
    },

    async deleteMany(ids: string[]): Promise<number> {
      const rows = await db
        .delete(messages)
        .where(inArray(messages.id, ids))
        .returning({ id: messages.id })
      return rows.length
    },

    /** Sets or clears the read time; a message already read keeps its first read time. */
    async setRead(ids: string[], readAt: Date | null): Promise<MessageRow[]> {
      return db
        .update(messages)
        .set({
          readAt: readAt
            ? sql`coalesce(${messages.readAt}, ${readAt.toISOString()}::timestamptz)`
            : null,
        })
        .where(inArray(messages.id, ids))
        .returning()
    },

    /** Moves a spam message to the inbox, leased for `leaseMs` while its notification goes out. */
    async markNotSpam(id: string, leaseMs: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ spam: false, notifyRetryAt: nowPlus(leaseMs) })
        .where(and(eq(messages.id, id), eq(messages.spam, true)))
        .returning()
      return row
    },

    /** Deletes spam received before `before`; returns how many. */
    /**
     * Records a one-time form token's use: true the first time, false when it was used before
     * (on any instance: the database's primary key decides).
     */
    async claimFormToken(id: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .insert(usedFormTokens)
        .values({ id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: usedFormTokens.id })
      return rows.length === 1
    },

    /** Forgets the used form tokens that expired before `at` (they are refused as expired now). */
    /**
     * Claims the acknowledgement of `email` at `at` unless one was claimed after `since`; true when
     * this call claimed it. One statement, so two instances never both claim one window.
     */
    async claimAcknowledgement(email: string, at: Date, since: Date): Promise<boolean> {
      const rows = await db
        .insert(contactAcknowledgements)
        .values({ email, sentAt: at })
        .onConflictDoUpdate({
          target: contactAcknowledgements.email,
          set: { sentAt: at },
          setWhere: lte(contactAcknowledgements.sentAt, since),
        })
        .returning({ email: contactAcknowledgements.email })
      return rows.length > 0
    },

    async setAckMessageId(id: string, ackMessageId: string): Promise<void> {
      await db.update(messages).set({ ackMessageId }).where(eq(messages.id, id))
    },

    async purgeAcknowledgements(before: Date): Promise<void> {
      await db.delete(contactAcknowledgements).where(lt(contactAcknowledgements.sentAt, before))
    },

    async purgeUsedFormTokens(at: Date): Promise<number> {
      const rows = await db
        .delete(usedFormTokens)
        .where(lt(usedFormTokens.expiresAt, at))
        .returning({ id: usedFormTokens.id })
      return rows.length
    },

    async purgeSpam(before: Date): Promise<number> {
      const rows = await db
        .delete(messages)
        .where(and(eq(messages.spam, true), lt(messages.createdAt, before)))
        .returning({ id: messages.id })
      return rows.length
    },

    /** Appends a reply to the thread (newest last); replying also marks the message read. */
    async recordReply(id: string, text: string, sentAt: Date): Promise<MessageRow | undefined> {
      const at = sentAt.toISOString()
      const [row] = await db
        .update(messages)
        .set({
          replies: sql`${messages.replies} || jsonb_build_array(jsonb_build_object('text', ${text}::text, 'sentAt', ${at}::text))`,
          replyContent: text,
          repliedAt: sentAt,
          stage: sql`case when ${messages.stage} = 'new' then 'replied' else ${messages.stage} end`,
          readAt: sql`coalesce(${messages.readAt}, ${at}::timestamptz)`,
        })
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
            not(messages.spam),
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
