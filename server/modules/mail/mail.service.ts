/**
 * Every mail the site sends goes through here. `send` writes it to the outbox (outboxMails) and
 * one sender delivers the outbox: transactional mail before bulk, retried while the SMTP server
 * cannot be reached or answers 4xx (first after MAIL_RETRY_INTERVAL_MS, then at doubling waits up
 * to an hour, for 3 days), marked failed on a 5xx. A mail is claimed with a lease, so instances
 * sharing the database never send one twice, and one whose sender crashed is sent again once its
 * lease ends: at most the CLAIM_BATCH mails in flight at a crash go out twice.
 *
 * `sendNow` sends at once and rejects on failure: the owner's reply (the specification answers
 * 502 when it cannot be sent, and nothing is recorded), and the queues that still keep their own
 * state (contact acknowledgements and notifications, newsletter deliveries) until they move here.
 *
 * Every mail comes from MAIL_FROM's address under a name of the site's: the one the mail carries
 * (the owner's, on mail they write or sign), else the business's name, never MAIL_FROM's own name
 * (a generic "Site" by default).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { OutboxCounts, OutboxMail, OutboxPage, OutboxQuery } from '#common/schemas/outbox.ts'
import type { OutboxMailRow } from '#server/db/schema.ts'
import { createBackgroundWork } from '#server/lib/background-work.ts'
import { isTemporaryMailFailure, mailFailureText } from '#server/lib/mail-retry.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import type { OutboxRepository } from './outbox.repository.ts'
import type { MailTransport, OutgoingMail } from './mail.transports.ts'

export interface MailContent {
  /** What the mail is (password-reset, booking-booked …): the owner's outbox list shows it. */
  kind: string
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /** Extra header fields (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>
  /**
   * The name to send under, always with MAIL_FROM's address: the owner's for mail they write or
   * sign; without one, the site's sender name (the business's), resolved when the mail is queued.
   */
  fromName?: string
  /** Threading headers (RFC 5322): this mail's Message-ID and the ones it answers. */
  messageId?: string
  inReplyTo?: string
  references?: string[]
  /** An iCalendar invitation: nodemailer adds it as a `text/calendar; method=...` part. */
  icalEvent?: CalendarPart
}

interface CalendarPart {
  /** The iTIP method (RFC 5546), also the part's `method` parameter: REQUEST, CANCEL ... */
  method: string
  content: string
  filename?: string
}

/** Mails one sender claims at a time: also the most that can go out twice after a crash. */
const CLAIM_BATCH = 5
/** How long a claimed mail is held before another instance may take it: past any SMTP timeout. */
const LEASE_MS = 2 * 60_000
const MAX_RETRY_WAIT_MS = 60 * 60_000
/** A temporary failure is retried this long after the mail was queued, then given up. */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000
/** Records of sent and failed mail are kept this long for the owner's list. */
const KEEP_RECORDS_MS = 90 * 24 * 60 * 60_000
const PURGE_EVERY_MS = 60 * 60_000
const PAGE_SIZE = 20

/** The bare address of a From header such as `Site <no-reply@localhost>`. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim()

function toOutboxMail(row: OutboxMailRow): OutboxMail {
  return {
    _id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    status: row.status === 'sending' ? 'queued' : row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }
}

export function createMailService({
  transport,
  from,
  senderName,
  repo,
  retryBaseMs,
  now,
  log,
}: {
  transport: MailTransport
  /** MAIL_FROM: its address is every mail's; its name is never used when `senderName` gives one. */
  from: string
  /** The name mail goes out under when it names none: the business's (else the owner's). */
  senderName: () => Promise<string>
  repo: OutboxRepository
  /** MAIL_RETRY_INTERVAL_MS: the first retry's wait, and how often the sender looks for due mail. */
  retryBaseMs: number
  now: () => Date
  log: FastifyBaseLogger
}) {
  const address = addressOf(from)
  const { track, settled } = createBackgroundWork()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let isAgain = false

  /** The mail with its sender's name: its own, else the site's (MAIL_FROM's only when that is empty). */
  const named = async (mail: MailContent): Promise<MailContent> =>
    mail.fromName ? mail : { ...mail, fromName: (await senderName()) || undefined }

  // nodemailer quotes and encodes the name of an address object, whatever it holds.
  const outgoing = ({ fromName, kind: _, ...mail }: MailContent): OutgoingMail => ({
    from: fromName ? { name: fromName, address } : from,
    ...mail,
  })

  /** The wait after the `attempts`-th failed try: the base, doubled each time, at most an hour. */
  const retryWait = (attempts: number) =>
    Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_WAIT_MS)

  async function deliver(row: OutboxMailRow): Promise<boolean> {
    try {
      // A row queued before mail was named on queueing is named now.
      await transport.send(outgoing(await named(row.content as unknown as MailContent)))
    } catch (error) {
      const text = mailFailureText(error)
      const at = now()
      const isGivenUp = at.getTime() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS
      if (isTemporaryMailFailure(error) && !isGivenUp)
        await repo.markRetry(row.id, new Date(at.getTime() + retryWait(row.attempts)), text)
      else await repo.markFailed(row.id, text)
      log.warn(
        { err: error, mailId: row.id, kind: row.kind, attempts: row.attempts },
        'mail not delivered',
      )
      return false
    }
    await repo.markSent(row.id, now())
    return true
  }

  /** Sends every mail due now, a batch at a time; returns how many went out. */
  async function deliverDue(): Promise<number> {
    let sent = 0
    for (;;) {
      const at = now()
      const rows = await repo.claimDue(at, new Date(at.getTime() + LEASE_MS), CLAIM_BATCH)
      if (rows.length === 0) return sent
      for (const row of rows) if (await deliver(row)) sent += 1
    }
  }

  /** Runs the sender unless it runs already (then once more after it, for what came meanwhile). */
  function kick(): void {
    if (running) {
      isAgain = true
      return
    }
    running = track(deliverDue())
    void running
      .catch((err: unknown) => log.warn({ err }, 'outbox run failed; the next one retries'))
      .finally(() => {
        running = undefined
        if (isAgain) {
          isAgain = false
          kick()
        }
      })
  }

  return {
    /**
     * Queues one mail in the outbox and makes its first attempt (a caller that awaits it, awaits
     * the delivery, as before the outbox); a failed attempt leaves it queued for the sender.
     * Rejects only when the outbox cannot be written (the database). `bulk` mail is not tried at
     * once: it waits behind every transactional one.
     */
    async send(unnamed: MailContent, options: { isBulk?: boolean } = {}): Promise<void> {
      // Named now and stored so: every attempt goes out under the same From.
      const mail = await named(unnamed)
      const row = await repo.insert(
        {
          kind: mail.kind,
          recipient: mail.to,
          subject: mail.subject,
          content: mail as unknown as Record<string, unknown>,
          priority: options.isBulk ? 1 : 0,
        },
        now(),
      )
      if (options.isBulk) return kick()
      const at = now()
      const claimed = await repo.claimOne(row.id, at, new Date(at.getTime() + LEASE_MS))
      if (claimed) await deliver(claimed)
      // The sender took it first: its run is what delivers it.
      else await running
    },

    /** Sends one mail at once; rejects when the transport fails (the caller answers for it). */
    sendNow: async (mail: MailContent) => transport.send(outgoing(await named(mail))),

    deliverDue,

    /** Resolves once the sender's run in flight (and what it started) is over. */
    drain: async () => {
      while (running) await settled()
    },

    async list(query: OutboxQuery): Promise<OutboxPage> {
      const window = pageWindow(query.page, PAGE_SIZE)
      const { rows, total } = await repo.list(query.status, window.limit, window.offset)
      return {
        mails: rows.map(toOutboxMail),
        total,
        page: window.page,
        pages: pageCount(total, PAGE_SIZE),
      }
    },

    /** Queues a failed mail again; false when `id` names no failed mail. */
    async retry(id: string): Promise<boolean> {
      const isQueued = await repo.requeue(id, now())
      if (isQueued) kick()
      return isQueued
    },

    counts: (): Promise<OutboxCounts> => repo.counts(),
    isDeliveryFailing: () => repo.isDeliveryFailing(),

    /** Looks for due mail every MAIL_RETRY_INTERVAL_MS (other instances' and retries), and at once. */
    start(): void {
      if (timer) return
      let purgedAt = 0
      timer = setInterval(() => {
        kick()
        const at = now().getTime()
        if (at - purgedAt < PURGE_EVERY_MS) return
        purgedAt = at
        void repo
          .purge(new Date(at - KEEP_RECORDS_MS))
          .catch((err: unknown) => log.warn({ err }, 'old outbox records not purged'))
      }, retryBaseMs)
      timer.unref()
      kick()
    },

    async stop(): Promise<void> {
      clearInterval(timer)
      timer = undefined
      while (running) await settled()
    },
  }
}

export type MailService = ReturnType<typeof createMailService>
