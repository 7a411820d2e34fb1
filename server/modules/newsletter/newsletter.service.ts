/**
 * Sending a published journal post to the confirmed subscribers, once per post. The send is a
 * queue in the database (one delivery row per subscriber): any instance's sender claims a few due
 * rows at a time under a lease, sends them at the configured pace, and records each outcome, so a
 * send survives a crash or restart and instances sharing one database never mail a row twice.
 * Only the few rows held at a crash (at most NEWSLETTER_BATCH) can go out twice, once their lease
 * runs out.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Newsletter } from '#common/schemas/subscribers.ts'
import type { Post } from '#common/schemas/posts.ts'
import type { NewsletterSendRow } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/lib/http-errors.ts'
import type { MailService } from '../mail/mail.service.ts'
import { mailFailureText, nextMailAttemptAt } from '#server/lib/mail-retry.ts'
import { createPacer } from '#server/lib/pacer.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import { newsletterPostMail } from '../mail/templates/newsletter-post.ts'
import type { JournalService } from '../journal/journal.service.ts'
import {
  isUniqueViolation,
  type ClaimedDelivery,
  type NewsletterRepository,
} from './newsletter.repository.ts'

/** Deliveries a sender holds at once: the most that can go out twice after a crash. */
const NEWSLETTER_BATCH = 5
/** How often the sender looks for due deliveries (retries, sends of other instances, resumes). */
const TICK_MS = 1_000
/** A held row's lease beyond the time its batch takes at the configured pace. */
const LEASE_MARGIN_MS = 20_000

const NOT_SENT = 'This post has not been sent to subscribers'
const ALREADY_SENT = 'This post was already sent to subscribers'
const NOT_PUBLISHED = 'Only a published post can be sent to subscribers'
/**
 * The test mail's unsubscribe link has the real link's form and a token no subscriber can have
 * (theirs are 43 characters): the page calls it not valid and a post to it answers 404.
 */
const TEST_UNSUBSCRIBE_TOKEN = 'test-send'

export function createNewsletterService({
  repo,
  journal,
  mail,
  publicUrl,
  brand,
  perSecond,
  isAlone,
  now,
  log,
}: {
  repo: NewsletterRepository
  journal: JournalService
  mail: MailService
  publicUrl: string
  /** The owner's name, logo and accent colour the mails show (the site settings). */
  brand: () => Promise<MailBrand>
  /** Mails per second at most (NEWSLETTER_MESSAGES_PER_SECOND). */
  perSecond: number
  /**
   * True when no other process can share the database (the embedded one): rows held at start are
   * then a dead process's, and go out again at once rather than when their lease runs out.
   */
  isAlone: boolean
  now: () => Date
  log: FastifyBaseLogger
}) {
  const gapMs = Math.ceil(1000 / perSecond)
  // A stop cuts a wait for the pace short.
  const pacer = createPacer({ gapMs })
  const leaseMs = LEASE_MARGIN_MS + NEWSLETTER_BATCH * gapMs
  let timer: NodeJS.Timeout | undefined
  let round: Promise<number> | undefined
  let isStopping = false
  let isFailing = false

  async function toNewsletter(row: NewsletterSendRow): Promise<Newsletter> {
    const counts = await repo.countsOf(row)
    return {
      postId: row.postId,
      recipients: row.recipients,
      sent: counts.sent,
      failed: counts.failed,
      retrying: counts.retrying,
      unsubscribed: counts.unsubscribed,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    }
  }

  /** The post as the mail every recipient gets, with the unsubscribe link of `token`. */
  const mailOf = (post: Post, look: MailBrand, token: string) => {
    const unsubscribeUrl = `${publicUrl}/unsubscribe/${token}`
    const content = newsletterPostMail({
      post,
      postUrl: `${publicUrl}/journal/${post.slug}`,
      publicUrl,
      unsubscribeUrl,
      brand: look,
    })
    return { unsubscribeUrl, content }
  }

  async function deliver(delivery: ClaimedDelivery, post: Post, look: MailBrand): Promise<void> {
    if (delivery.subscriberStatus !== 'confirmed') {
      await repo.finish(delivery.id, { state: 'skipped' })
      return
    }
    const { unsubscribeUrl, content } = mailOf(post, look, delivery.unsubscribeToken)
    try {
      await mail.sendNow({
        kind: 'newsletter',
        to: delivery.email,
        ...content,
        // RFC 8058: a mail client's "unsubscribe" posts to the address, no page to go through.
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })
    } catch (error) {
      const nextAttemptAt = nextMailAttemptAt(error, delivery.attempts, now())
      const isRetry = nextAttemptAt !== null
      log.warn(
        { err: error, attempts: delivery.attempts, isRetry },
        'newsletter mail not delivered',
      )
      await repo.finish(
        delivery.id,
        isRetry
          ? { state: 'pending', lastError: mailFailureText(error), nextAttemptAt }
          : { state: 'failed', lastError: mailFailureText(error) },
      )
      return
    }
    await repo.finish(delivery.id, { state: 'sent', sentAt: now() })
  }

  /** Sends every delivery due now, a batch at a time; returns how many were handled. */
  async function runDue(): Promise<number> {
    let handled = 0
    const postsById = new Map<string, Post>()
    while (!isStopping) {
      const at = now()
      const batch = await repo.claimDue(at, new Date(at.getTime() + leaseMs), NEWSLETTER_BATCH)
      if (batch.length === 0) break
      const look = await brand()
      for (const [index, delivery] of batch.entries()) {
        if (delivery.subscriberStatus === 'confirmed') await pacer.next()
        if (isStopping) {
          // A stop mid-batch hands the rest back at once, rather than after their lease.
          await repo.release(batch.slice(index).map((d) => d.id))
          break
        }
        let post = postsById.get(delivery.postId)
        if (!post) {
          post = await journal.getById(delivery.postId)
          postsById.set(delivery.postId, post)
        }
        await deliver(delivery, post, look)
        handled += 1
      }
    }
    // Also a send whose last rows went with their subscribers, or were done by another instance.
    await repo.closeFinished(now())
    return handled
  }

  function runRound(): Promise<number> {
    round ??= runDue()
      .then((handled) => {
        isFailing = false
        return handled
      })
      .catch((err: unknown) => {
        // Once per streak: a database outage would otherwise log this every tick.
        if (!isFailing) log.error({ err }, 'newsletter round failed; retrying every tick')
        isFailing = true
        return 0
      })
      .finally(() => {
        round = undefined
      })
    return round
  }

  return {
    /**
     * Starts the send of a published post to every confirmed subscriber; the mails go out in the
     * background. 404 for an unknown post; 409 for a draft or a post not public yet, and for a
     * post sent before.
     */
    async send(postId: string): Promise<Newsletter> {
      const post = await journal.getById(postId)
      const isPublic =
        post.status === 'published' &&
        post.publishedAt !== null &&
        new Date(post.publishedAt) <= now()
      if (!isPublic) throw conflict(NOT_PUBLISHED)
      const row = await repo.insertSend(postId, now()).catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(ALREADY_SENT) : error
      })
      if (timer) void runRound()
      return toNewsletter(row)
    },

    /**
     * Mails the post, as the newsletter would, to `to` alone (the admin asking): no subscriber
     * gets it and no send is recorded, so the post can still be sent once. Any post, a draft
     * too, so it can be checked before it goes out. 404 for an unknown post.
     */
    async sendTest(postId: string, to: string): Promise<{ message: string }> {
      const post = await journal.getById(postId)
      const { content } = mailOf(post, await brand(), TEST_UNSUBSCRIBE_TOKEN)
      // No List-Unsubscribe headers: a mail client's unsubscribe button would then act on the
      // site's sender in the owner's own mailbox, where its other notices arrive too.
      await mail.send({ kind: 'newsletter-test', to, ...content })
      return { message: `A test of this newsletter is on its way to ${to}` }
    },

    /** Where the send of the post stands. 404 when it was never sent. */
    async get(postId: string): Promise<Newsletter> {
      const row = await repo.findByPost(postId)
      if (!row) throw notFound(NOT_SENT)
      return toNewsletter(row)
    },

    /** Sends what is due now (tests call it with their clock; the schedule calls it each tick). */
    runDue: runRound,

    async startSending(): Promise<void> {
      if (timer) return
      isStopping = false
      // Before any round: a round's own claims must not be handed back.
      if (isAlone) await repo.releaseAll()
      timer = setInterval(() => void runRound(), TICK_MS)
      timer.unref()
      void runRound()
    },

    /** Stops the sender and waits for the mail being sent, if any (its batch's others wait). */
    async stopSending(): Promise<void> {
      isStopping = true
      clearInterval(timer)
      timer = undefined
      pacer.stop()
      await round
    },
  }
}

export type NewsletterService = ReturnType<typeof createNewsletterService>
