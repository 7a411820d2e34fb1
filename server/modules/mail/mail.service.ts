/**
 * Every mail the site sends goes through here. `send` writes it to the outbox (outboxMails) and
 * one sender delivers the outbox: transactional mail before bulk, retried while the SMTP server
 * cannot be reached or answers 4xx (first after MAIL_RETRY_INTERVAL_MS, then at doubling waits up
 * to an hour, for 3 days), marked failed on a 5xx. A mail is claimed with a lease, so instances
 * sharing the database never send one twice, and one whose sender crashed is sent again once its
 * lease ends: at most the CLAIM_BATCH mails in flight at a crash go out twice.
 *
 * Bulk mail (newsletter deliveries) goes out one at a time at NEWSLETTER_MESSAGES_PER_SECOND at
 * most, what the SMTP server accepts, and only while no transactional mail is due: the sender
 * looks for due transactional mail again after each bulk one, so a password reset queued in the
 * middle of a newsletter waits for one bulk mail at most.
 *
 * `sendNow` sends at once and rejects on failure: the owner's reply (the specification answers
 * 502 when it cannot be sent, and nothing is recorded), and the queues that still keep their own
 * state (contact acknowledgements and notifications) until they move here.
 *
 * Every mail comes from MAIL_FROM's address under a name of the site's: the one the mail carries
 * (the owner's, on mail they write or sign), else the business's name, never MAIL_FROM's own name
 * (a generic "Site" by default).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { OutboxCounts, OutboxMail, OutboxPage, OutboxQuery } from '#common/schemas/outbox.ts'
import type { Db } from '#server/db/client.ts'
import type { OutboxMailRow } from '#server/db/schema.ts'
import { createBackgroundWork } from '#server/lib/background-work.ts'
import { createPacer } from '#server/lib/pacer.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import { isTemporaryMailFailure, mailFailureText } from './mail-failures.ts'
import type { OutboxRepository } from './outbox.repository.ts'
import type { MailTransport, OutgoingMail } from './mail.transports.ts'

/** A mail as the site writes it: what the transport sends, less its sender, which is named here. */
export interface MailContent extends Omit<OutgoingMail, 'from'> {
  /** What the mail is (password-reset, booking-booked …): the owner's outbox list shows it. */
  kind: string
  /**
   * The name to send under, always with MAIL_FROM's address: the owner's for mail they write or
   * sign; without one, the site's sender name (the business's), resolved when the mail is queued.
   */
  fromName?: string
}

/** A mail named and ready to be written to the outbox (MailService.prepare). */
export interface PreparedMail {
  readonly mail: MailContent
}

/** A mail written to the outbox, for its first attempt once its transaction committed. */
export interface QueuedMail {
  readonly id: string
  /** Bulk mail has no first attempt of its own: the sender takes it in its turn, at the pace. */
  readonly isBulk: boolean
}

/** How a mail is queued. */
interface QueueOptions {
  /** Bulk mail (a newsletter's) goes out behind every transactional mail, at the pace. */
  isBulk?: boolean
  /** The newsletter send the mail delivers: the send's counts are read from the outbox. */
  newsletterSendId?: string
}

/** Mails one sender claims at a time: also the most that can go out twice after a crash. */
const CLAIM_BATCH = 5
/** outboxMails.priority: transactional mail goes out first, bulk mail after it at the pace. */
const TRANSACTIONAL = 0
const BULK = 1
/**
 * First attempts made at once, beside the sender's one mail in transit: with it, the most mails
 * being handed to the SMTP server at any moment, so the most that can go out twice after a crash
 * (a mail the server took whose `sent` was not written yet).
 */
const IMMEDIATE_ATTEMPTS_MAX = CLAIM_BATCH - 1
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
  bulkPerSecond,
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
  /**
   * NEWSLETTER_MESSAGES_PER_SECOND: bulk mails sent per second at most. Left out where no bulk
   * mail is sent (a bench, a test of other mail): then bulk mail is not paced.
   */
  bulkPerSecond?: number
  now: () => Date
  log: FastifyBaseLogger
}) {
  const address = addressOf(from)
  const { track, settled } = createBackgroundWork()
  let running: Promise<number> | undefined
  /** First attempts in flight (mail.send, mail.attempt). */
  let attempting = 0
  let isAgain = false
  /** Once the app closes: no bulk mail is started, transactional mail still goes. */
  let isStopping = false
  // Real time, not `now`: the pace is what the SMTP server sees. `stop` ends a wait early.
  const pacer = createPacer({ gapMs: bulkPerSecond ? Math.ceil(1000 / bulkPerSecond) : 0 })

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

  /** Sends every transactional mail due now, a batch at a time; returns how many went out. */
  async function deliverTransactional(): Promise<number> {
    let sent = 0
    for (;;) {
      const rows = await repo.claimDue(now(), LEASE_MS, CLAIM_BATCH, TRANSACTIONAL)
      if (rows.length === 0) return sent
      for (const row of rows) if (await deliver(row)) sent += 1
    }
  }

  /**
   * One run of the sender: every transactional mail due, then the next bulk mail at the pace and
   * what transactional mail came meanwhile. One bulk mail a run keeps a run short (a caller that
   * waits for the run in flight waits for one bulk mail, not a newsletter); while bulk mail is
   * taken, another run follows (`isAgain`). Returns how many mails went out.
   */
  async function deliverDue(): Promise<number> {
    const sent = await deliverTransactional()
    if (isStopping) return sent
    const [bulk] = await repo.claimDue(now(), LEASE_MS, 1, BULK)
    if (!bulk) return sent
    isAgain = true
    await pacer.next()
    const isSent = await deliver(bulk)
    return sent + (isSent ? 1 : 0) + (await deliverTransactional())
  }

  /** Starts a run of the sender; once over, another if mail was queued meanwhile (`kick`). */
  function runSender(): Promise<number> {
    const run = track(deliverDue())
    running = run
    void run
      .catch((err: unknown) => log.warn({ err }, 'outbox run failed; the next one retries'))
      .finally(() => {
        running = undefined
        if (isAgain) {
          isAgain = false
          kick()
        }
      })
    return run
  }

  /** Runs the sender unless it runs already (then once more after it, for what came meanwhile). */
  function kick(): void {
    if (running) {
      isAgain = true
      return
    }
    void runSender().catch(() => {})
  }

  async function prepare(unnamed: MailContent): Promise<PreparedMail> {
    return { mail: await named(unnamed) }
  }

  async function queueIn(
    tx: Db | undefined,
    { mail }: PreparedMail,
    { isBulk = false, newsletterSendId }: QueueOptions = {},
  ): Promise<QueuedMail> {
    const row = await repo.insert(
      {
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        content: mail as unknown as Record<string, unknown>,
        priority: isBulk ? BULK : TRANSACTIONAL,
        newsletterSendId,
      },
      now(),
      tx,
    )
    return { id: row.id, isBulk }
  }

  async function attempt({ id, isBulk }: QueuedMail): Promise<void> {
    if (isBulk) return kick()
    // Past the bound, the sender's run delivers it (and the caller waits for that run).
    if (attempting >= IMMEDIATE_ATTEMPTS_MAX) {
      kick()
      return void (await running)
    }
    attempting += 1
    try {
      const at = now()
      const claimed = await repo.claimOne(id, at, LEASE_MS)
      if (claimed) await deliver(claimed)
      // The sender took it first: its run is what delivers it.
      else await running
    } finally {
      attempting -= 1
    }
  }

  return {
    /**
     * Queues one mail in the outbox and makes its first attempt (a caller that awaits it, awaits
     * the delivery, as before the outbox); a failed attempt leaves it queued for the sender.
     * Rejects only when the outbox cannot be written (the database). `bulk` mail is not tried at
     * once: it waits behind every transactional one.
     */
    async send(unnamed: MailContent, options: { isBulk?: boolean } = {}): Promise<void> {
      await attempt(await queueIn(undefined, await prepare(unnamed), options))
    },

    /**
     * The mail as it will be stored, named (its From fixed now: every attempt goes out under the
     * same one). Made before the transaction that queues it: inside one, only `tx` may be read.
     */
    prepare,

    /**
     * Writes a prepared mail to the outbox within `tx`, the transaction of the change that causes
     * it: both are kept, or neither. Once `tx` committed, `attempt` makes its first attempt (else
     * the sender's next run does).
     */
    queueIn,

    /**
     * Takes back the bulk mail to `to` that waits (a subscriber who left gets no more newsletter),
     * within `tx`, the transaction of the change that makes them leave. A mail being sent right
     * now still goes.
     */
    withdrawBulk: (to: string, tx?: Db) => repo.removeQueued(to, BULK, tx),

    /**
     * Asks for a run of the sender now (after the one in flight), for mail that waits without a
     * first attempt of its own to come: a newsletter's, after a restart handed it back.
     */
    deliverSoon: kick,

    /** The first attempt of mails queued in a transaction that has committed (bulk: the sender's turn). */
    attempt: async (...queued: QueuedMail[]) => {
      await Promise.all(queued.map(attempt))
    },

    /** Sends one mail at once; rejects when the transport fails (the caller answers for it). */
    sendNow: async (mail: MailContent) => transport.send(outgoing(await named(mail))),

    /**
     * A run of the sender (the job's, or a test's with its clock): after the run in flight, if
     * any, sends every transactional mail due and the next bulk one (the runs after it send the
     * rest: `drain` waits for them); resolves with how many went out.
     */
    deliverDue: async (): Promise<number> => {
      const inFlight = running
      for (;;) {
        if (!running) return runSender()
        // A run begun since the call sends what is due now; waiting for the ones after it would
        // wait for a whole newsletter.
        if (running !== inFlight) return running
        await running.catch(() => 0)
      }
    },

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

    /** The job runner's work (server/modules/jobs): the sender's run, and the old records' purge. */
    deliverEvery: retryBaseMs,
    purgeEvery: PURGE_EVERY_MS,
    purgeOld: () => repo.purge(new Date(now().getTime() - KEEP_RECORDS_MS)),

    /**
     * At the start of the only instance on its database (the embedded one): a mail still marked
     * as being sent was left by a crash of this site, and is queued again at once rather than
     * when its lease ends.
     */
    handBackClaims: () => repo.releaseAll(now()),

    /**
     * Resolves once the sender's run in flight is over (the app closes, after the job runner): the
     * bulk mail being paced goes at once, no other is started; transactional mail still goes.
     */
    async stop(): Promise<void> {
      isStopping = true
      pacer.stop()
      while (running) await settled()
    },
  }
}

export type MailService = ReturnType<typeof createMailService>
