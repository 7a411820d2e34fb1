/**
 * Contact messages: storing, listing, deleting, replying, and notifying the owner.
 * A contact message is stored before anything is mailed: a mail failure never loses it,
 * it stays pending and a retry loop (safe with several app instances) delivers it later.
 */
import type { FastifyBaseLogger } from 'fastify'
import { MESSAGES_PAGE_SIZE } from '#common/constants.ts'
import type {
  ContactBody,
  Message,
  MessagesList,
  MessagesPage,
  ReplyBody,
} from '#common/schemas/messages.ts'
import type { MessageRow } from '#server/db/schema.ts'
import { badGateway, notFound } from '#server/lib/http-errors.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import type { MailService } from '../mail/mail.service.ts'
import { contactNotificationMail } from '../mail/templates/contact-notification.ts'
import { replyMail } from '../mail/templates/reply.ts'
import type { MessagesRepository } from './messages.repository.ts'

/** GET /api/messages returns at most this many (newest) messages, so it never loads a whole table. */
const MESSAGES_LIST_LIMIT = 200
const NOTIFY_BATCH_SIZE = 20
/** How long an attempt owns a message; longer than the SMTP transport's own timeouts. */
const NOTIFY_LEASE_MS = 2 * 60_000
const NOTIFY_MAX_BACKOFF_MS = 60 * 60_000

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
  }
}

export function createMessagesService(deps: {
  repo: MessagesRepository
  mail: MailService
  ownerEmail: () => Promise<string | undefined>
  adminUrl: string
  log: FastifyBaseLogger
}) {
  const { repo, mail, ownerEmail, adminUrl, log } = deps
  const inFlight = new Set<Promise<unknown>>()
  let timer: NodeJS.Timeout | undefined
  let retryRun: Promise<unknown> | undefined
  let stopping = false
  // Until the retry loop starts, a failed message is due again at once (at its first run).
  let backoffBaseMs = 0

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work)).catch(() => {})
    return work
  }

  async function findOwner(): Promise<string | undefined> {
    try {
      return await ownerEmail()
    } catch (err) {
      log.warn({ err }, 'could not look up the owner e-mail for contact notifications')
      return undefined
    }
  }

  /** Sends one leased message's notification and records the outcome; never throws. */
  async function deliver(row: MessageRow, to: string): Promise<boolean> {
    try {
      const content = contactNotificationMail({ ...row, adminUrl })
      await mail.send({ to, replyTo: row.email, ...content })
    } catch (err) {
      log.warn({ err, messageId: row.id }, 'contact notification failed; it will be retried')
      await repo
        .markNotifyFailed(row.id, { baseMs: backoffBaseMs, maxMs: NOTIFY_MAX_BACKOFF_MS })
        .catch((dbErr: unknown) =>
          log.error({ err: dbErr, messageId: row.id }, 'could not record a failed notification'),
        )
      return false
    }
    try {
      await repo.markNotified(row.id)
    } catch (err) {
      // The mail went out; when the lease ends the owner may get it a second time.
      log.error({ err, messageId: row.id }, 'notification sent but not recorded')
    }
    return true
  }

  async function notifyNew(row: MessageRow): Promise<void> {
    const to = await findOwner()
    if (!to) {
      log.warn(
        { messageId: row.id },
        'no OWNER_EMAIL and no admin: contact notification left pending until there is one',
      )
      await repo.releaseNotification(row.id).catch(() => {})
      return
    }
    await deliver(row, to)
  }

  /**
   * One retry run: claims due pending messages (oldest first) and notifies the owner.
   * Claims nothing while there is nobody to notify, so pending messages simply wait.
   * Returns how many notifications were delivered.
   */
  async function retryPendingNotifications(): Promise<number> {
    const to = await findOwner()
    if (!to) return 0
    const rows = await repo.claimPendingNotifications(NOTIFY_BATCH_SIZE, NOTIFY_LEASE_MS)
    let delivered = 0
    for (const row of rows) {
      if (stopping) {
        await repo.releaseNotification(row.id).catch(() => {})
        continue
      }
      if (await deliver(row, to)) delivered += 1
    }
    if (rows.length > 0)
      log.info({ claimed: rows.length, delivered }, 'contact notification retry run')
    return delivered
  }

  return {
    /**
     * Stores a contact message and answers at once; the owner notification is sent in the
     * background, so a mail failure never rejects or loses the message.
     */
    async createFromContact(body: ContactBody): Promise<Message> {
      const row = await repo.insert(body, NOTIFY_LEASE_MS)
      void track(notifyNew(row)).catch((err: unknown) =>
        log.error({ err, messageId: row.id }, 'contact notification crashed'),
      )
      return toMessage(row)
    },

    async listAll(): Promise<MessagesList> {
      const rows = await repo.listNewest(MESSAGES_LIST_LIMIT)
      return { messages: rows.map(toMessage) }
    },

    async listAdmin(page: number): Promise<MessagesPage> {
      const { limit, offset } = pageWindow(page, MESSAGES_PAGE_SIZE)
      const [rows, total] = await Promise.all([repo.listPage(limit, offset), repo.count()])
      return {
        messages: rows.map(toMessage),
        totalMessages: total,
        page,
        pages: pageCount(total, limit),
      }
    },

    /** Throws 404 when the message does not exist. */
    async remove(id: string) {
      if (!(await repo.deleteById(id))) throw notFound(MESSAGE_NOT_FOUND)
      return { message: MESSAGE_DELETED }
    },

    /**
     * Mails the reply ("Re: <subject>", text HTML-escaped) and, with a messageId, records it.
     * Throws 404 (before sending anything) for an unknown messageId, and 502 when the mail
     * cannot be sent, in which case nothing is recorded.
     */
    async reply(body: ReplyBody) {
      if (body.messageId && !(await repo.findById(body.messageId)))
        throw notFound(MESSAGE_NOT_FOUND)
      const owner = await findOwner()
      try {
        await mail.send({
          to: body.email,
          ...replyMail(body),
          ...(owner ? { replyTo: owner } : {}),
        })
      } catch (err) {
        log.warn({ err, messageId: body.messageId }, 'reply mail failed')
        throw badGateway(REPLY_FAILED)
      }
      if (body.messageId) await repo.recordReply(body.messageId, body.replyContent)
      return { message: REPLY_SENT }
    },

    retryPendingNotifications,

    /** Retries pending notifications every `intervalMs`; runs never overlap. */
    startNotificationRetry(intervalMs: number) {
      if (timer) return
      stopping = false
      backoffBaseMs = intervalMs
      timer = setInterval(() => {
        if (retryRun) return
        retryRun = track(retryPendingNotifications())
          .catch((err: unknown) => log.warn({ err }, 'contact notification retry run failed'))
          .finally(() => {
            retryRun = undefined
          })
      }, intervalMs)
      timer.unref()
    },

    /** Stops the retry loop and resolves once every notification in flight has finished. */
    async stopNotificationRetry() {
      clearInterval(timer)
      timer = undefined
      stopping = true
      await Promise.allSettled([...inFlight])
    },
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
