/**
 * Contact messages: storing, the owner's inbox (read state, threads, search, bulk actions, CSV
 * export), spam, replying, and notifying the owner.
 * A contact message is stored before anything is mailed: a mail failure never loses it,
 * it stays pending and a retry loop (safe with several app instances) delivers it later. The
 * sender's acknowledgement is queued the same way (in contact_acknowledgements) when it fails.
 * Spam is stored too, never notified, and purged once older than SPAM_RETENTION_MS.
 */
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { FastifyBaseLogger } from 'fastify'
import {
  CONTACT_HONEYPOT_FIELD,
  MESSAGES_PAGE_SIZE,
  MESSAGES_SEARCH_COUNT_AHEAD,
} from '#common/constants.ts'
import { campaignLabel } from '#common/lead-source.ts'
import {
  MESSAGE_STAGES,
  MESSAGES_TREND_WEEKS,
  type MessageNote,
  type MessageStage,
  type NoteBody,
  type ContactBody,
  type ContactResponse,
  type Message,
  type MessagesBulkBody,
  type MessagesBulkResult,
  type MessagesList,
  type MessagesPage,
  type MessagesQuery,
  type MessagesSearch,
  type MessagesTrend,
  type MessageUpdateBody,
  type ReplyBody,
  type UnreadCount,
} from '#common/schemas/messages.ts'
import {
  CLIENT_ROOM_MESSAGE_SUBJECT,
  type ClientRoomMessage,
  type ClientRoomMessageBody,
} from '#common/schemas/client-room.ts'
import type { InquirySettings, SiteSettings } from '#common/schemas/settings.ts'
import type { MessageVisit } from '#common/schemas/stats.ts'
import type { Db } from '#server/db/client.ts'
import type { MessageRow } from '#server/db/schema.ts'
import { createBackgroundWork } from '#server/lib/background-work.ts'
import { badGateway, badRequest, notFound } from '#server/lib/http-errors.ts'
import { mailboxOf } from '#server/lib/mailbox.ts'
import type { ActionLimits } from '#server/lib/rate-limits.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import { spreadsheetSafe } from '#server/lib/spreadsheet-safe.ts'
import type { MailContent, MailService, QueuedMail } from '../mail/mail.service.ts'
import { contactAcknowledgementMail } from '../mail/templates/contact-acknowledgement.ts'
import { contactNotificationMail } from '../mail/templates/contact-notification.ts'
import { mailBrandOf } from '../mail/templates/layout.ts'
import { replyMail } from '../mail/templates/reply.ts'
import type { ContactTokens } from './contact-token.ts'
import type { MessagesRepository } from './messages.repository.ts'

/** What the mails about a message are made of, before it is stored. */
type MessageDraft = Pick<
  MessageRow,
  'fullName' | 'email' | 'subject' | 'message' | 'projectType' | 'budget' | 'timeline' | 'website'
> & { visit: MessageVisit | null }

/** How a contact message arrived: the API call, or the /contact page's form (which carries a token). */
export type ContactDoor = 'api' | 'page'

/** GET /api/messages returns at most this many (newest) messages, so it never loads a whole table. */
const MESSAGES_LIST_LIMIT = 200
const NOTIFY_BATCH_SIZE = 20
/** How long an attempt owns a message; longer than the SMTP transport's own timeouts. */
const NOTIFY_LEASE_MS = 2 * 60_000
const DAY_MS = 24 * 60 * 60_000
const WEEK_MS = 7 * DAY_MS
/** Spam is kept this long (so a wrongly caught message can still be moved back), then deleted. */
export const SPAM_RETENTION_MS = 30 * DAY_MS
const EXPORT_BATCH_SIZE = 500
/** A sender gets at most one acknowledgement in this window, however many messages they send. */
const ACKNOWLEDGEMENT_WINDOW_MS = 60 * 60_000
const ACKNOWLEDGEMENT_BATCH_SIZE = 20
const CSV_COLUMNS = [
  'Received',
  'Name',
  'E-mail',
  'Subject',
  'Message',
  'Read',
  'Replies',
  'Last reply',
  'Landing page',
  'Source',
  'Campaign',
  'Pages seen',
  'Device',
  'Project type',
  'Budget',
  'Timeline',
  'Website',
  'Stage',
]

const MESSAGE_NOT_FOUND = 'Message not found'
const MESSAGE_DELETED = 'Message deleted successfully'
const REPLY_SENT = 'Reply sent successfully'
const REPLY_FAILED = 'Failed to send reply'

function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    replyContent: row.replyContent,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    replies: row.replies,
    spam: row.spam,
    projectType: row.projectType,
    budget: row.budget,
    timeline: row.timeline,
    website: row.website,
    stage: row.stage,
    notes: row.notes,
    visit: row.visit ?? null,
  }
}

const INQUIRY_QUESTIONS = [
  ['projectType', 'projectTypes', 'Project type'],
  ['budget', 'budgets', 'Budget'],
  ['timeline', 'timelines', 'Timeline'],
] as const

/**
 * Throws 400 naming the first answer that is not one of the options the settings list (a question
 * the owner does not ask takes no answer), or a website the owner does not ask for.
 */
function requireListedAnswers(
  body: Pick<ContactBody, 'projectType' | 'budget' | 'timeline' | 'website'>,
  inquiry: InquirySettings,
) {
  for (const [field, options, label] of INQUIRY_QUESTIONS) {
    const answer = body[field]
    if (answer !== undefined && !inquiry[options].includes(answer))
      throw badRequest(`${label} must be one of the listed options`, { field })
  }
  if (body.website !== undefined && !inquiry.askWebsite)
    throw badRequest('Website is not asked for', { field: 'website' })
}

const csvRow = (row: MessageRow) => [
  row.createdAt.toISOString(),
  row.fullName,
  row.email,
  row.subject,
  row.message,
  row.readAt ? 'yes' : 'no',
  row.replies.length,
  row.replies.at(-1)?.text ?? '',
  row.visit?.landingPage ?? '',
  row.visit?.source ?? '',
  campaignLabel(row.visit?.campaign ?? null) ?? '',
  row.visit?.pagesSeen ?? '',
  row.visit?.device ?? '',
  row.projectType ?? '',
  row.budget ?? '',
  row.timeline ?? '',
  row.website ?? '',
  row.stage,
]

/** Monday 00:00 UTC of the week holding `date`. */
function weekStartOf(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS)
}

export function createMessagesService(deps: {
  repo: MessagesRepository
  mail: MailService
  ownerEmail: () => Promise<string | undefined>
  /** The site settings: the qualifying questions, and whom the sender's mail comes from. */
  siteSettings: () => Promise<SiteSettings>
  /** The right-hand side of the Message-IDs the service makes (the site's host). */
  messageIdDomain: string
  /** False when mail never leaves the machine (no SMTP server: the outbox): nobody is acknowledged. */
  canMailSenders: boolean
  adminUrl: string
  /** PUBLIC_URL: the logo's address in the owner's branded mail to senders. */
  publicUrl: string
  contactTokens: ContactTokens
  limits: ActionLimits
  /** MAIL_RETRY_INTERVAL_MS: how often notifications left pending are looked for. */
  retryIntervalMs: number
  /** Adds the message to the sender's counted visit (visit statistics) and returns that visit. */
  recordVisit: (sender: {
    ip: string
    userAgent: string | undefined
  }) => Promise<MessageVisit | null>
  now: () => Date
  log: FastifyBaseLogger
}) {
  const {
    repo,
    mail,
    ownerEmail,
    siteSettings,
    messageIdDomain,
    canMailSenders,
    adminUrl,
    publicUrl,
    contactTokens,
    limits,
    recordVisit,
    now,
    log,
  } = deps
  const { track, settled } = createBackgroundWork()

  const newMessageId = () => `<${randomUUID()}@${messageIdDomain}>`

  async function findOwner(): Promise<string | undefined> {
    try {
      return await ownerEmail()
    } catch (err) {
      log.warn({ err }, 'could not look up the owner e-mail for contact notifications')
      return undefined
    }
  }

  /** The owner's notification of `row`, to `to`: who wrote, what, the answers, the lead source. */
  const notificationOf = (row: MessageDraft, to: string, settings: SiteSettings): MailContent => ({
    kind: 'contact-notification',
    to,
    replyTo: row.email,
    ...contactNotificationMail({
      ...row,
      visit: row.visit ?? null,
      adminUrl,
      brand: mailBrandOf(settings, publicUrl),
    }),
  })

  /**
   * The acknowledgement of `row`: that the message arrived, what happens next and when, from the
   * owner's name with Reply-To the site's contact address, under the Message-ID the owner's reply
   * threads with.
   */
  const acknowledgementOf = (
    row: MessageDraft,
    messageId: string,
    settings: SiteSettings,
  ): MailContent => ({
    kind: 'contact-acknowledgement',
    to: row.email,
    fromName: settings.ownerName,
    replyTo: settings.email,
    messageId,
    ...contactAcknowledgementMail(row, settings, mailBrandOf(settings, publicUrl)),
  })

  /** Makes the first attempt of mails queued by a committed change, after the answer. */
  function attemptInBackground(queued: QueuedMail[]) {
    if (queued.length === 0) return
    void track(mail.attempt(...queued)).catch((err: unknown) =>
      log.warn({ err }, 'first attempt of a contact mail failed; the outbox retries it'),
    )
  }

  /**
   * Queues the owner's notification of `row` and marks it notified, in one transaction, and makes
   * its first attempt.
   */
  async function notifyOwner(row: MessageRow, to: string): Promise<void> {
    const prepared = await mail.prepare(notificationOf(row, to, await siteSettings()))
    const queued = await repo.transaction(async (tx) => {
      await repo.markNotified(row.id, tx)
      return mail.queueIn(tx, prepared)
    })
    attemptInBackground([queued])
  }

  /**
   * Queues the notifications still pending: messages that came while there was nobody to tell
   * (no owner e-mail and no admin yet), or moved out of spam. Claimed under a lease first, so two
   * instances never queue one twice. Returns how many were queued.
   */
  async function queuePendingNotifications(): Promise<number> {
    const to = await findOwner()
    if (!to) return 0
    const rows = await repo.claimPendingNotifications(NOTIFY_BATCH_SIZE, NOTIFY_LEASE_MS)
    for (const row of rows) await notifyOwner(row, to)
    if (rows.length > 0) log.info({ queued: rows.length }, 'pending contact notifications queued')
    return rows.length
  }

  /**
   * Hands the acknowledgements an earlier version left in its own queue (waiting for a retry) to
   * the outbox, each under the Message-ID it was given. Returns how many.
   */
  async function handOverPendingAcknowledgements(): Promise<number> {
    const at = now()
    const claimed = await repo.claimDueAcknowledgements(
      at,
      new Date(at.getTime() + NOTIFY_LEASE_MS),
      ACKNOWLEDGEMENT_BATCH_SIZE,
    )
    if (claimed.length === 0) return 0
    const settings = await siteSettings()
    const queued: QueuedMail[] = []
    for (const { email, message } of claimed) {
      const messageId = message.ackMessageId ?? newMessageId()
      const prepared = await mail.prepare(acknowledgementOf(message, messageId, settings))
      queued.push(
        await repo.transaction(async (tx) => {
          if (!message.ackMessageId) await repo.setAckMessageId(message.id, messageId, tx)
          await repo.finishAcknowledgement(email, { state: 'sent' }, tx)
          return mail.queueIn(tx, prepared)
        }),
      )
    }
    attemptInBackground(queued)
    return queued.length
  }

  /**
   * A filled honeypot, or a form token that is forged, too recent, expired or used before. The
   * page's form always carries a token, so a page post without one is spam too; API clients (the
   * specification's own among them) send none.
   */
  async function isSpam(body: ContactBody, door: ContactDoor): Promise<boolean> {
    if (body[CONTACT_HONEYPOT_FIELD]?.trim()) return true
    if (body.formToken === undefined) return door === 'page'
    const token = contactTokens.verify(body.formToken)
    return !token || !(await repo.claimFormToken(token.id, token.expiresAt))
  }

  async function purgeSpam(): Promise<number> {
    const purged = await repo.purgeSpam(new Date(now().getTime() - SPAM_RETENTION_MS))
    if (purged > 0) log.info({ purged }, 'old spam deleted')
    await repo.purgeUsedFormTokens(now())
    await repo.purgeAcknowledgements(new Date(now().getTime() - ACKNOWLEDGEMENT_WINDOW_MS))
    return purged
  }

  return {
    /** A signed timestamp for the contact form's hidden field (see contact-token.ts). */
    issueContactToken: () => contactTokens.issue(),

    /**
     * Counts one contact post by `client` (its IP), valid or not, against the attempts ceiling;
     * throws 429 past it. Called by each door before it reads the post.
     */
    countContactAttempt: (client: string) => limits.take('contactAttempts', client),

    /**
     * Stores a valid contact message from `client` (its IP) and answers at once; the owner
     * notification is sent in the background, so a mail failure never rejects or loses the
     * message. Every door (the API, the page's form) comes here, so the accepted-message limit
     * counts here: past it, a 429 and nothing stored. A post caught as spam is stored with `spam`
     * and never notified; its answer is the same as a real message's, so a bot learns nothing.
     * A message that is not spam records the sender's counted visit (`userAgent` with `client`
     * make the visitor), here on the server where nothing in the browser can hide it; a failure
     * there only leaves the visit out. `acknowledged` says whether an acknowledgement with a copy
     * goes to the sender (its first attempt is made in the background, a failure retried by the
     * retry loop). Throws 400 naming a qualifying answer that is not one of
     * the listed options, before anything is counted.
     */
    async createFromContact(
      body: ContactBody,
      { client, door, userAgent }: { client: string; door: ContactDoor; userAgent?: string },
    ): Promise<ContactResponse> {
      requireListedAnswers(body, (await siteSettings()).inquiry)
      await limits.take('contact', client)
      const spam = await isSpam(body, door)
      const { fullName, email, subject, message } = body
      const answers = {
        projectType: body.projectType ?? null,
        budget: body.budget ?? null,
        timeline: body.timeline ?? null,
        website: body.website ?? null,
      }
      const visit = spam
        ? null
        : await recordVisit({ ip: client, userAgent }).catch((err: unknown) => {
            log.warn({ err }, 'could not record the visit of a contact message')
            return null
          })
      const settings = await siteSettings()
      const at = now()
      // Rendered before the transaction, in which nothing but the transaction may be read.
      const draft: MessageDraft = { fullName, email, subject, message, visit, ...answers }
      const owner = spam ? undefined : await findOwner()
      const notification = owner
        ? await mail.prepare(notificationOf(draft, owner, settings))
        : undefined
      const mayAcknowledge =
        !spam &&
        canMailSenders &&
        (await limits.mayMailStranger(email).catch((err: unknown) => {
          log.warn({ err }, 'could not read the allowance for mail to unconfirmed addresses')
          return false
        }))
      const ackMessageId = newMessageId()
      const acknowledgement = mayAcknowledge
        ? await mail.prepare(acknowledgementOf(draft, ackMessageId, settings))
        : undefined
      // The message and its mails are kept together, or none of them: a notification is never
      // queued for a message that is not there, nor a message stored whose owner is never told.
      const { row, queued, isAcknowledged } = await repo.transaction(async (tx) => {
        const row = await repo.insert({ ...draft, spam, notifiedAt: notification ? at : null }, tx)
        const queued: QueuedMail[] = []
        if (notification) queued.push(await mail.queueIn(tx, notification))
        // One acknowledgement per mailbox (`name+tag@` counted as `name@`) and window, claimed
        // in the database so it holds across instances.
        const isAcknowledged =
          acknowledgement !== undefined &&
          (await repo.claimAcknowledgement(
            { email: mailboxOf(email), messageId: row.id },
            { at, since: new Date(at.getTime() - ACKNOWLEDGEMENT_WINDOW_MS) },
            tx,
          ))
        if (isAcknowledged) {
          await repo.setAckMessageId(row.id, ackMessageId, tx)
          queued.push(await mail.queueIn(tx, acknowledgement))
        }
        return {
          row: { ...row, ackMessageId: isAcknowledged ? ackMessageId : null },
          queued,
          isAcknowledged,
        }
      })
      attemptInBackground(queued)
      if (!spam && !owner)
        log.warn(
          { messageId: row.id },
          'no owner e-mail (settings, OWNER_EMAIL) and no admin: contact notification left pending until there is one',
        )
      // Spam answers as a first message from its address would: a bot learns nothing from it.
      const acknowledged = spam ? canMailSenders : isAcknowledged
      // The sender's answer: what the owner sees of the visit is the owner's.
      return { ...toMessage(row), spam: false, visit: null, acknowledged }
    },

    /**
     * A message a client writes in their room: in the inbox under the client's name and address,
     * in the thread of their earlier messages (at the stage their inquiry is at, and under its
     * acknowledgement's Message-ID, which the owner's reply threads with in the client's mail),
     * the owner told as of a contact message, in the same transaction.
     */
    async createFromClientRoom(
      client: { name: string; email: string; messageId: string | null },
      { message }: ClientRoomMessageBody,
    ): Promise<Message> {
      const earlier = await repo.listFrom(client.email)
      const inquiry = earlier.find((row) => row.id === client.messageId) ?? earlier[0]
      const draft: MessageDraft = {
        fullName: client.name,
        email: client.email,
        subject: CLIENT_ROOM_MESSAGE_SUBJECT,
        message,
        visit: null,
        projectType: null,
        budget: null,
        timeline: null,
        website: null,
      }
      const owner = await findOwner()
      const notification = owner
        ? await mail.prepare(notificationOf(draft, owner, await siteSettings()))
        : undefined
      const at = now()
      const { row, queued } = await repo.transaction(async (tx) => {
        const row = await repo.insert(
          {
            ...draft,
            spam: false,
            notifiedAt: notification ? at : null,
            stage: inquiry?.stage ?? 'won',
            ackMessageId: inquiry?.ackMessageId ?? null,
          },
          tx,
        )
        return { row, queued: notification ? [await mail.queueIn(tx, notification)] : [] }
      })
      attemptInBackground(queued)
      return toMessage(row)
    },

    /** The client's conversation with the owner for their room: their messages and the replies. */
    async conversationOf(email: string): Promise<ClientRoomMessage[]> {
      return (await repo.listFrom(email)).map((row) => ({
        _id: row.id,
        subject: row.subject,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
        replies: row.replies.map(({ text, sentAt }) => ({ text, sentAt })),
      }))
    },

    /**
     * The sender's counted visit (the lead source) for a booked call's inquiry, as a contact
     * message has it; null when there is none or it could not be read. Read before the booking's
     * transaction, in which nothing but that transaction may be used.
     */
    async bookingVisit({
      client,
      userAgent,
    }: {
      client: string
      userAgent?: string
    }): Promise<MessageVisit | null> {
      return recordVisit({ ip: client, userAgent }).catch((err: unknown) => {
        log.warn({ err }, 'could not record the visit of a booked call')
        return null
      })
    },

    /**
     * Puts a booked call into the inbox at stage "call" within `tx`, the booking's transaction, so
     * the inquiry and its booking are kept together or not at all. The owner got the booking's
     * invitation, so no contact notification goes out for it. The answers are checked before (by
     * requireListedAnswers).
     */
    async createFromBooking(
      tx: Db,
      booking: {
        fullName: string
        email: string
        subject: string
        message: string
        projectType?: string
        budget?: string
        timeline?: string
        visit: MessageVisit | null
      },
    ): Promise<Message> {
      const row = await repo.insertNotified(
        {
          fullName: booking.fullName,
          email: booking.email,
          subject: booking.subject,
          message: booking.message,
          spam: false,
          visit: booking.visit,
          projectType: booking.projectType ?? null,
          budget: booking.budget ?? null,
          timeline: booking.timeline ?? null,
          website: null,
          stage: 'call',
        },
        now(),
        tx,
      )
      return toMessage(row)
    },

    /** Throws 400 naming the first answer that is not one of the options the settings list. */
    async requireListedAnswers(answers: Pick<ContactBody, 'projectType' | 'budget' | 'timeline'>) {
      requireListedAnswers({ ...answers, website: undefined }, (await siteSettings()).inquiry)
    },

    async listAll(): Promise<MessagesList> {
      const rows = await repo.listNewest(MESSAGES_LIST_LIMIT)
      return { messages: rows.map(toMessage) }
    },

    async listAdmin({ page, q, filter, stage }: MessagesQuery): Promise<MessagesPage> {
      const { limit, offset } = pageWindow(page, MESSAGES_PAGE_SIZE)
      const [{ rows, total, isTotalCapped }, counted] = await Promise.all([
        repo.search(
          { q, filter, stage },
          { limit, offset, countUpTo: q ? offset + MESSAGES_SEARCH_COUNT_AHEAD : undefined },
        ),
        repo.countByStage(),
      ])
      const stageCounts = Object.fromEntries(MESSAGE_STAGES.map((s) => [s, 0])) as Record<
        MessageStage,
        number
      >
      for (const row of counted) stageCounts[row.stage] = row.count
      return {
        stageCounts,
        messages: rows.map(toMessage),
        totalMessages: total,
        page,
        pages: pageCount(total, limit),
        isTotalCapped,
      }
    },

    /** The matching messages as CSV, newest first, streamed in batches. */
    exportCsv(search: MessagesSearch): Readable {
      // Every text cell is made safe to open in a spreadsheet, whatever separator it is read with
      // (csv-stringify's own escape_formulas looks at a cell's first character only).
      const csv = stringify({
        header: true,
        columns: CSV_COLUMNS,
        cast: { string: spreadsheetSafe },
      })
      const rows = Readable.from(
        (async function* () {
          for await (const batch of repo.searchAll(search, EXPORT_BATCH_SIZE))
            for (const row of batch) yield csvRow(row)
        })(),
      )
      rows.on('error', (err) => csv.destroy(err))
      return rows.pipe(csv)
    },

    async unreadCount(): Promise<UnreadCount> {
      return { unread: await repo.countUnread() }
    },

    /** Messages per week over the last MESSAGES_TREND_WEEKS weeks, the current one last. */
    async trend(): Promise<MessagesTrend> {
      const thisWeek = weekStartOf(now())
      const first = new Date(thisWeek.getTime() - (MESSAGES_TREND_WEEKS - 1) * WEEK_MS)
      const counts = new Map(
        (await repo.countPerWeek(first)).map((w) => [w.weekStart.getTime(), w.count]),
      )
      return {
        weeks: Array.from({ length: MESSAGES_TREND_WEEKS }, (_, i) => {
          const start = first.getTime() + i * WEEK_MS
          return {
            weekStart: new Date(start).toISOString().slice(0, 10),
            count: counts.get(start) ?? 0,
          }
        }),
      }
    },

    /**
     * Marks a message read or unread, moves it to a stage, or moves it out of spam (which sends
     * its notification).
     * Throws 404 when the message does not exist.
     */
    async update(id: string, body: MessageUpdateBody): Promise<Message> {
      let row = await repo.findById(id)
      if (!row) throw notFound(MESSAGE_NOT_FOUND)
      if (body.spam === false && row.spam) {
        row = await repo.markNotSpam(id)
        const to = row && (await findOwner())
        if (row && to) await notifyOwner(row, to)
      }
      if (body.read !== undefined) [row] = await repo.setRead([id], body.read ? now() : null)
      if (row && body.stage !== undefined) row = await repo.setStage(id, body.stage)
      if (!row) throw notFound(MESSAGE_NOT_FOUND)
      return toMessage(row)
    },

    /** Whether the inbox holds the message `id`. */
    exists: async (id: string): Promise<boolean> => (await repo.findById(id)) !== undefined,

    /**
     * Moves the lead `id` to `stage` within `tx`, the transaction of what moved it (a proposal sent
     * or accepted); a lead deleted meanwhile is skipped.
     */
    async moveToStage(id: string, stage: MessageStage, tx: Db): Promise<void> {
      await repo.setStage(id, stage, tx)
    },

    /**
     * Rewrites a booked call's inquiry within `tx`, the transaction of the booking's move or
     * cancel, so the inbox shows the call as it now stands; a lead deleted meanwhile is skipped.
     */
    async retellCall(id: string, words: { subject: string; message: string }, tx: Db) {
      await repo.setSubjectAndText(id, words, tx)
    },

    /**
     * Adds a private note (never mailed), within `tx` when it records a change made in that
     * transaction (a booking's move or cancel). Throws 404 when the message does not exist.
     */
    async addNote(id: string, { text }: NoteBody, tx?: Db): Promise<{ note: MessageNote }> {
      const note = { _id: randomUUID(), text, createdAt: now().toISOString() }
      if (!(await repo.addNote(id, note, tx))) throw notFound(MESSAGE_NOT_FOUND)
      return { note }
    },

    /** Marks several messages read or unread, or deletes them; unknown ids are skipped. */
    async bulk({ ids, action }: MessagesBulkBody): Promise<MessagesBulkResult> {
      if (action === 'delete') {
        const count = await repo.deleteMany(ids)
        return { message: `${count} message${count === 1 ? '' : 's'} deleted`, count }
      }
      const rows = await repo.setRead(ids, action === 'read' ? now() : null)
      const count = rows.length
      return {
        message: `${count} message${count === 1 ? '' : 's'} marked ${action}`,
        count,
      }
    },

    /** Throws 404 when the message does not exist. */
    async remove(id: string) {
      if (!(await repo.deleteById(id))) throw notFound(MESSAGE_NOT_FOUND)
      return { message: MESSAGE_DELETED }
    },

    /**
     * Mails the reply ("Re: <subject>", text HTML-escaped) from the owner's name, Reply-To the
     * site's contact address; with a messageId, it quotes that message, threads with its
     * acknowledgement (In-Reply-To, References) and is recorded. Throws 404 (before sending
     * anything) for an unknown messageId, and 502 when the mail cannot be sent, in which case
     * nothing is recorded.
     */
    async reply(body: ReplyBody) {
      const original = body.messageId ? await repo.findById(body.messageId) : undefined
      if (body.messageId && !original) throw notFound(MESSAGE_NOT_FOUND)
      const settings = await siteSettings()
      const thread = original?.ackMessageId
        ? { inReplyTo: original.ackMessageId, references: [original.ackMessageId] }
        : {}
      try {
        await mail.sendNow({
          kind: 'reply',
          to: body.email,
          fromName: settings.ownerName,
          replyTo: settings.email,
          messageId: newMessageId(),
          ...thread,
          ...replyMail({ ...body, original, brand: mailBrandOf(settings, publicUrl) }),
        })
      } catch (err) {
        log.warn({ err, messageId: body.messageId }, 'reply mail failed')
        throw badGateway(REPLY_FAILED)
      }
      if (body.messageId) await repo.recordReply(body.messageId, body.replyContent, now())
      return { message: REPLY_SENT }
    },

    /** Resolves once the mail and purges in flight (notifications, acknowledgements) are done. */
    async drainBackground() {
      await settled()
    },

    queuePendingNotifications,
    handOverPendingAcknowledgements,
    /** How often the job runner looks for pending notifications (MAIL_RETRY_INTERVAL_MS). */
    pendingEvery: deps.retryIntervalMs,

    /** Deletes spam older than SPAM_RETENTION_MS (by the injected clock); returns how many. */
    purgeSpam,

    /** Resolves once the first attempts in flight are over (the app closes). */
    async stop() {
      await settled()
    },
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
