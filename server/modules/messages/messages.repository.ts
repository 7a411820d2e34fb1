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
  notInArray,
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
import { deleteRow, deleteRows } from '#server/lib/delete-row.ts'

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

/** An acknowledgement window no older version's queue still holds (pending or being sent). */
const isNotQueued = or(
  notInArray(contactAcknowledgements.state, ['pending', 'sending']),
  isNull(contactAcknowledgements.messageId),
)

/** `now()` plus a delay, computed by the database so every app instance shares one clock. */
const nowPlus = (ms: number) => sql`now() + ${ms}::float8 * interval '1 millisecond'`

export function createMessagesRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction: a message and the mails about it are kept together. */
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(fn),

    /**
     * Inserts a contact message; `notifiedAt` set when its notification is queued with it, null
     * when it waits for someone to notify (then queuePendingNotifications takes it).
     */
    async insert(
      values: NewMessage &
        Pick<typeof messages.$inferInsert, 'notifiedAt'> &
        Partial<Pick<typeof messages.$inferInsert, 'stage' | 'ackMessageId'>>,
      tx: Db = db,
    ): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values(values).returning()
      return row!
    },

    /**
     * Inserts a message whose owner was told some other way (a booked call's invitation): no
     * contact notification is ever sent for it. `tx`: the transaction of the booking it belongs to.
     */
    async insertNotified(
      values: NewMessage & Pick<typeof messages.$inferInsert, 'stage'>,
      at: Date,
      tx: Db = db,
    ): Promise<MessageRow> {
      const [row] = await tx
        .insert(messages)
        .values({ ...values, notifiedAt: at, createdAt: at })
        .returning()
      return row!
    },

    /** Every message from `email` (any letter case) but spam, oldest first: a client's conversation. */
    listFrom: (email: string): Promise<MessageRow[]> =>
      db
        .select()
        .from(messages)
        .where(
          and(eq(sql`lower(${messages.email})`, email.toLowerCase()), eq(messages.spam, false)),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id)),

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

    /** `tx`: the transaction of the change that moves the lead (a proposal sent or signed). */
    async setStage(id: string, stage: MessageStage, tx: Db = db): Promise<MessageRow | undefined> {
      const [row] = await tx.update(messages).set({ stage }).where(eq(messages.id, id)).returning()
      return row
    },

    /** `tx`: the transaction of the booking's change the new words tell (a move or a cancel). */
    async setSubjectAndText(
      id: string,
      words: { subject: string; message: string },
      tx: Db = db,
    ): Promise<MessageRow | undefined> {
      const [row] = await tx.update(messages).set(words).where(eq(messages.id, id)).returning()
      return row
    },

    /** `tx`: the transaction of the change the note records (a booking's move or cancel). */
    async addNote(id: string, note: MessageNote, tx: Db = db): Promise<MessageRow | undefined> {
      const [row] = await tx
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
      return deleteRow(db, messages, id)
    },

    deleteMany: (ids: string[]): Promise<number> =>
      deleteRows(db, messages, inArray(messages.id, ids)),

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
    async markNotSpam(id: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ spam: false, notifyRetryAt: null })
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

    /**
     * Claims the acknowledgement window of `email` at `at` for `messageId` unless one was claimed
     * after `since` (or an older version's queue still holds one for it); true when this call
     * claimed it. One statement, so two instances never both claim one window. The mail itself is
     * the outbox's.
     */
    async claimAcknowledgement(
      { email, messageId }: { email: string; messageId: string },
      { at, since }: { at: Date; since: Date },
      tx: Db = db,
    ): Promise<boolean> {
      const claim = {
        sentAt: at,
        messageId,
        state: 'sent' as const,
        attempts: 0,
        nextAttemptAt: null,
        leaseUntil: null,
        lastError: null,
      }
      const a = contactAcknowledgements
      const rows = await tx
        .insert(a)
        .values({ email, ...claim })
        .onConflictDoUpdate({
          target: a.email,
          set: claim,
          setWhere: and(lte(a.sentAt, since), isNotQueued),
        })
        .returning({ email: a.email })
      return rows.length > 0
    },

    /**
     * Atomically claims up to `limit` acknowledgements due at `at` (pending ones whose next attempt
     * has come, and held ones whose lease ran out: their instance stopped), holding them until
     * `leaseUntil`, with their messages. SKIP LOCKED means instances sharing the database never
     * claim the same row; the lease, that nobody claims it again while it is being sent.
     */
    async claimDueAcknowledgements(
      at: Date,
      leaseUntil: Date,
      limit: number,
    ): Promise<{ email: string; attempts: number; message: MessageRow }[]> {
      const a = contactAcknowledgements
      const claimed = await db.execute<{ email: string; attempts: number; message_id: string }>(sql`
        update ${a} set
          ${sql.identifier(a.state.name)} = 'sending',
          ${sql.identifier(a.leaseUntil.name)} = ${leaseUntil.toISOString()}::timestamptz,
          ${sql.identifier(a.attempts.name)} = ${a.attempts} + 1
        where ${a.email} in (
          select due.email from ${a} as due
          where due.message_id is not null
            and ((due.state = 'pending' and due.next_attempt_at <= ${at.toISOString()}::timestamptz)
              or (due.state = 'sending' and due.lease_until < ${at.toISOString()}::timestamptz))
          order by due.next_attempt_at nulls first, due.email
          limit ${limit}
          for update of due skip locked)
        returning ${a.email} as email, ${a.attempts} as attempts, ${a.messageId} as message_id`)
      // Both drivers answer with a `rows` array.
      const { rows } = claimed as unknown as {
        rows: { email: string; attempts: number; message_id: string }[]
      }
      if (rows.length === 0) return []
      const found = await db
        .select()
        .from(messages)
        .where(
          inArray(
            messages.id,
            rows.map((row) => row.message_id),
          ),
        )
      const byId = new Map(found.map((row) => [row.id, row]))
      return rows.flatMap((row) => {
        const message = byId.get(row.message_id)
        return message ? [{ email: row.email, attempts: Number(row.attempts), message }] : []
      })
    },

    /** Records how an attempt of the acknowledgement to `email` ended. */
    /** Marks an older version's queued acknowledgement of `email` handed to the outbox. */
    async finishAcknowledgement(
      email: string,
      changes: { state: 'sent' },
      tx: Db = db,
    ): Promise<void> {
      await tx
        .update(contactAcknowledgements)
        .set({ ...changes, leaseUntil: null })
        .where(eq(contactAcknowledgements.email, email))
    },

    async setAckMessageId(id: string, ackMessageId: string, tx: Db = db): Promise<void> {
      await tx.update(messages).set({ ackMessageId }).where(eq(messages.id, id))
    },

    /** Forgets the windows that began before `before`, but never an acknowledgement still queued. */
    async purgeAcknowledgements(before: Date): Promise<void> {
      const a = contactAcknowledgements
      await db.delete(a).where(and(lt(a.sentAt, before), isNotQueued))
    },

    /** Forgets the used form tokens that expired before `at` (they are refused as expired now). */
    purgeUsedFormTokens: (at: Date): Promise<number> =>
      deleteRows(db, usedFormTokens, lt(usedFormTokens.expiresAt, at)),

    purgeSpam: (before: Date): Promise<number> =>
      deleteRows(db, messages, eq(messages.spam, true), lt(messages.createdAt, before)),

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

    async markNotified(id: string, tx: Db = db): Promise<void> {
      await tx
        .update(messages)
        .set({ notifiedAt: sql`now()`, notifyRetryAt: null })
        .where(eq(messages.id, id))
    },

    /** Makes a leased message due at once (used when there is nobody to notify yet). */
    async releaseNotification(id: string): Promise<void> {
      await db.update(messages).set({ notifyRetryAt: null }).where(eq(messages.id, id))
    },
  }
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>
