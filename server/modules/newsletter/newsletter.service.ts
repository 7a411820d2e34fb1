/**
 * Sending a published journal post to the confirmed subscribers, once per post. A send fixes its
 * recipients (newsletter_deliveries) and the newsletter job turns them into outbox mails, which
 * the mail sender delivers like every other mail: behind transactional mail, at the newsletter's
 * pace, retried and failed by the outbox's rules, once across restarts and instances.
 *
 * The job queues a batch at a time, each batch's mails rendered before its transaction and written
 * in it with their recipients marked queued, so a crash never queues a recipient twice; and it
 * keeps at most QUEUED_AHEAD of a send's mails waiting in the outbox. Writing every mail in the
 * send's own transaction would hold the whole list at once: a post of 1,500 words renders to about
 * 60 KB a mail, so 5,000 subscribers would take some 270 MB of memory and 12 s of rendering in one
 * request, and as much again in the outbox's table; a batch of QUEUE_BATCH takes about 1.5 MB and
 * 60 ms. A subscriber who leaves before their batch is skipped; one who leaves while their mail
 * waits has it withdrawn (subscribers.service.ts).
 */
import type { Newsletter } from '#common/schemas/subscribers.ts'
import type { Post } from '#common/schemas/posts.ts'
import type { NewsletterSendRow } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/lib/http-errors.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import { newsletterPostMail } from '../mail/templates/newsletter-post.ts'
import type { JournalService } from '../journal/journal.service.ts'
import {
  isUniqueViolation,
  type NewsletterRepository,
  type PendingRecipient,
} from './newsletter.repository.ts'

/** Recipients rendered and queued in one transaction. */
const QUEUE_BATCH = 25
/**
 * A send's mails waiting in the outbox at most: more than two of the job's rounds at the fastest
 * pace (100 a second), so the sender never waits for the job.
 */
const QUEUED_AHEAD = 250
/** How often the job queues the next mails of unfinished sends and closes finished ones. */
const TICK_MS = 1_000

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
  now,
}: {
  repo: NewsletterRepository
  journal: JournalService
  mail: MailService
  publicUrl: string
  /** The owner's name, logo and accent colour the mails show (the site settings). */
  brand: () => Promise<MailBrand>
  now: () => Date
}) {
  /**
   * The send as the owner sees it: while it is sending, counted from its outbox mails (with what
   * was counted apart from them); once finished, the counts it stored.
   */
  async function toNewsletter(row: NewsletterSendRow): Promise<Newsletter> {
    const counts = await repo.countsOf(row)
    const isFinished = row.status === 'sent'
    return {
      postId: row.postId,
      recipients: row.recipients,
      sent: row.sent + (isFinished ? 0 : counts.sent),
      failed: row.failed + (isFinished ? 0 : counts.failed),
      retrying: isFinished ? 0 : counts.retrying,
      unsubscribed: counts.unsubscribed,
      status: isFinished || counts.isDone ? 'sent' : 'sending',
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

  /** The delivery of the post to one recipient, ready for the outbox. */
  function deliveryOf(post: Post, look: MailBrand, recipient: PendingRecipient) {
    const { unsubscribeUrl, content } = mailOf(post, look, recipient.unsubscribeToken)
    return mail.prepare({
      kind: 'newsletter',
      to: recipient.email,
      ...content,
      // RFC 8058: a mail client's "unsubscribe" posts to the address, no page to go through.
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
  }

  /**
   * Queues the next batch of the send's recipients as outbox mails, in one transaction with their
   * deliveries marked queued, and hands them to the sender; returns how many were queued, or
   * null when no recipient was left to look at.
   */
  async function queueBatch(
    send: NewsletterSendRow,
    post: Post,
    look: MailBrand,
    limit: number,
  ): Promise<number | null> {
    const recipients = await repo.pendingRecipients(send.id, limit)
    if (recipients.length === 0) return null
    // Rendered before the transaction: inside it, only `tx` may be read.
    const prepared = new Map(
      await Promise.all(
        recipients
          .filter((recipient) => recipient.subscriberStatus === 'confirmed')
          .map(
            async (recipient) => [recipient.id, await deliveryOf(post, look, recipient)] as const,
          ),
      ),
    )
    const queued = await repo.transaction(async (tx) => {
      const ids = await repo.markQueued(
        tx,
        [...prepared.keys()],
        recipients.map((recipient) => recipient.id),
      )
      const mails = []
      for (const id of ids)
        mails.push(
          await mail.queueIn(tx, prepared.get(id)!, { isBulk: true, newsletterSendId: send.id }),
        )
      return mails
    })
    await mail.attempt(...queued)
    return queued.length
  }

  /** Tops up the send's waiting mails to QUEUED_AHEAD; returns how many were queued. */
  async function queueNext(send: NewsletterSendRow, look: MailBrand): Promise<number> {
    const post = await journal.getById(send.postId)
    let waiting = await repo.waitingCount(send.id)
    // What waits from before (handed back at a restart, left by a sender's run that failed) goes
    // on within the job's second, not at the mail job's next run.
    if (waiting > 0) mail.deliverSoon()
    let queued = 0
    while (waiting < QUEUED_AHEAD) {
      const added = await queueBatch(
        send,
        post,
        look,
        Math.min(QUEUED_AHEAD - waiting, QUEUE_BATCH),
      )
      if (added === null) break
      queued += added
      waiting = await repo.waitingCount(send.id)
    }
    return queued
  }

  /**
   * The job's round: queues the next mails of every unfinished send, then marks sent (with its
   * counts) each send whose mails are all done. Returns how many mails were queued.
   */
  async function runDue(): Promise<number> {
    const sends = await repo.unfinished()
    if (sends.length === 0) return 0
    const look = await brand()
    let queued = 0
    for (const send of sends) queued += await queueNext(send, look)
    await repo.closeFinished(now())
    return queued
  }

  return {
    /**
     * Starts the send of a published post to every confirmed subscriber; the newsletter job queues
     * the mails within a second, and the mail sender delivers them. 404 for an unknown post; 409
     * for a draft or a post not public yet, and for a post sent before.
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

    /** The job's round (server/modules/jobs): queues the next mails, closes finished sends. */
    runDue,

    /** How often the job runner makes a round. */
    scheduleEvery: TICK_MS,
  }
}

export type NewsletterService = ReturnType<typeof createNewsletterService>
