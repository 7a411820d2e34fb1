/**
 * Newsletter subscribers: double opt-in (a mailed link to a page whose button confirms), one-click
 * unsubscribe, the owner's list and its CSV export. A subscription post answers the same whatever
 * the address, so nobody learns who subscribed.
 */
import { createBackgroundWork } from '#server/lib/background-work.ts'
import { createHash, randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { FastifyBaseLogger } from 'fastify'
import {
  SUBSCRIBER_CONFIRMATION_GAP_MINUTES,
  SUBSCRIBER_PENDING_DAYS,
  type SubscribeBody,
  type Subscriber,
  type SubscriberList,
} from '#common/schemas/subscribers.ts'
import type { SubscriberRow } from '#server/db/schema.ts'
import { badRequest, notFound } from '#server/lib/http-errors.ts'
import type { ActionLimits } from '#server/lib/rate-limits.ts'
import { spreadsheetSafe } from '#server/lib/spreadsheet-safe.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import { subscriptionConfirmMail } from '../mail/templates/subscription-confirm.ts'
import { isUniqueViolation, type SubscribersRepository } from './subscribers.repository.ts'

const TOKEN_BYTES = 32
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
const PENDING_TTL_MS = SUBSCRIBER_PENDING_DAYS * DAY_MS
const CONFIRMATION_GAP_MS = SUBSCRIBER_CONFIRMATION_GAP_MINUTES * MINUTE_MS
/** The API's own door has no page: its subscriptions are recorded as coming from it. */
const API_SOURCE = 'api'

const NOT_FOUND = 'Subscriber not found'
const LINK_INVALID = `This confirmation link is not valid or has expired: links work for ${SUBSCRIBER_PENDING_DAYS} days. Subscribe again to get a new one.`
const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.'
const SUBSCRIBE_ANSWER =
  'Thank you! If this address is not subscribed yet, a confirmation link is on its way: open it to start receiving new posts.'
const CONFIRMED = 'Your subscription is confirmed: new journal posts will arrive by e-mail.'
const UNSUBSCRIBED = 'You are unsubscribed: no more journal posts will be sent to this address.'

const CSV_COLUMNS = [
  'email',
  'status',
  'source',
  'requested_at',
  'confirmed_at',
  'unsubscribed_at',
] as const

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url')

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  _id: row.id,
  email: row.email,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  source: row.source,
})

/** What a confirmation link leads to: the button, or why it no longer works. */
export type ConfirmationLink =
  { state: 'open' | 'confirmed'; email: string } | { state: 'invalid'; message: string }

/** What an unsubscribe link leads to. */
export type UnsubscribeLink =
  { state: 'subscribed' | 'unsubscribed'; email: string } | { state: 'invalid'; message: string }

export function createSubscribersService({
  repo,
  mail,
  publicUrl,
  sender,
  brand,
  limits,
  now,
  log,
}: {
  repo: SubscribersRepository
  mail: MailService
  publicUrl: string
  /** Who the confirmation mail names (the site settings). */
  sender: () => Promise<{ ownerName: string; businessName: string }>
  /** The owner's look, which the mail to a visitor shows. */
  brand: () => Promise<MailBrand>
  limits: ActionLimits
  now: () => Date
  log: FastifyBaseLogger
}) {
  const background = createBackgroundWork()

  const expiredBefore = () => new Date(now().getTime() - PENDING_TTL_MS)

  /** Mails the confirmation link after the answer, so its time tells nothing about the address. */
  function mailConfirmation(email: string, token: string) {
    const work = async () => {
      // Nobody confirmed the address yet: within the allowance for such mail (per mailbox, so
      // `name+1@`, `name+2@`… are one person; per domain; for the site).
      if (!(await limits.mayMailStranger(email))) {
        log.info(
          'subscription confirmation not sent: the allowance for unconfirmed addresses is spent',
        )
        return
      }
      const content = subscriptionConfirmMail({
        link: `${publicUrl}/subscribe/${token}`,
        validDays: SUBSCRIBER_PENDING_DAYS,
        ...(await sender()),
        brand: await brand(),
      })
      await mail.send({ kind: 'subscription-confirm', to: email, ...content })
    }
    background.run(work(), log, 'could not send a subscription confirmation')
  }

  /** A new confirmation for the row: a new link, the request's time restarted. */
  async function restart(row: SubscriberRow, source: string) {
    const token = newToken()
    const at = now()
    await repo.update(row.id, {
      status: 'pending',
      source,
      confirmTokenHash: hashToken(token),
      confirmationSentAt: at,
      createdAt: at,
      confirmedAt: null,
      unsubscribedAt: null,
    })
    mailConfirmation(row.email, token)
  }

  async function sweepExpired(): Promise<number> {
    return repo.removeExpired(expiredBefore())
  }

  return {
    /** What every subscription post is answered, whatever the address. */
    answer: SUBSCRIBE_ANSWER,

    /**
     * Counts one subscription post by `client` (its IP), valid or not; throws 429 past the limit.
     * Called by each door (the API, the pages' forms) before it reads the post.
     */
    countSubscribeAttempt: (client: string) => limits.take('subscribeAttempts', client),

    /**
     * Asks for a subscription: a new address (or an unsubscribed or expired one) gets a pending
     * row and a confirmation mail; a pending one gets a new link unless one went out within
     * SUBSCRIBER_CONFIRMATION_GAP_MINUTES; a confirmed one gets nothing. The caller answers the
     * same in every case.
     */
    async subscribe(body: SubscribeBody): Promise<void> {
      const source = body.source ?? API_SOURCE
      const existing = await repo.findByEmail(body.email)
      if (!existing) {
        const token = newToken()
        try {
          await repo.insert({
            email: body.email,
            status: 'pending',
            source,
            confirmTokenHash: hashToken(token),
            confirmationSentAt: now(),
            createdAt: now(),
            unsubscribeToken: newToken(),
          })
        } catch (error) {
          // Two posts for one new address at once: the other one mails the link.
          if (isUniqueViolation(error)) return
          throw error
        }
        mailConfirmation(body.email, token)
        return
      }
      if (existing.status === 'confirmed') return
      const lastSent = existing.confirmationSentAt?.getTime() ?? 0
      if (now().getTime() - lastSent < CONFIRMATION_GAP_MS) return
      await restart(existing, source)
    },

    /** What the confirmation link with `token` leads to (the page shows it; GET changes nothing). */
    async lookUpConfirmation(token: string): Promise<ConfirmationLink> {
      const row = await repo.findByConfirmHash(hashToken(token))
      if (row?.status === 'confirmed') return { state: 'confirmed', email: row.email }
      if (row?.status === 'pending' && row.createdAt >= expiredBefore()) {
        return { state: 'open', email: row.email }
      }
      return { state: 'invalid', message: LINK_INVALID }
    },

    /**
     * Confirms the subscription the link with `token` was mailed for (again: the same answer).
     * 400 when the link is unknown, expired or was replaced by a newer one.
     */
    async confirm(token: string): Promise<{ message: string }> {
      const hash = hashToken(token)
      const confirmed = await repo.confirm(hash, expiredBefore(), now())
      if (confirmed) return { message: CONFIRMED }
      const row = await repo.findByConfirmHash(hash)
      if (row?.status === 'confirmed') return { message: CONFIRMED }
      throw badRequest(LINK_INVALID)
    },

    /** What the unsubscribe link with `token` leads to (GET changes nothing). */
    async lookUpUnsubscribe(token: string): Promise<UnsubscribeLink> {
      const row = await repo.findByUnsubscribeToken(token)
      if (!row) return { state: 'invalid', message: UNSUBSCRIBE_INVALID }
      return {
        state: row.status === 'unsubscribed' ? 'unsubscribed' : 'subscribed',
        email: row.email,
      }
    },

    /**
     * Unsubscribes the address the link names (again: the same answer), and withdraws the
     * newsletter mail still waiting for it. 404 for an unknown link.
     */
    async unsubscribe(token: string): Promise<{ message: string }> {
      const row = await repo.findByUnsubscribeToken(token)
      if (!row) throw notFound(UNSUBSCRIBE_INVALID)
      if (row.status !== 'unsubscribed') {
        await repo.transaction(async (tx) => {
          await repo.update(row.id, { status: 'unsubscribed', unsubscribedAt: now() }, tx)
          await mail.withdrawBulk(row.email, tx)
        })
      }
      return { message: UNSUBSCRIBED }
    },

    /** Every subscriber, newest first, and the counts per status (expired pending ones left out). */
    async listAdmin(): Promise<SubscriberList> {
      const before = expiredBefore()
      const [rows, counted] = await Promise.all([repo.list(before), repo.countByStatus(before)])
      const counts = { pending: 0, confirmed: 0, unsubscribed: 0 }
      for (const { status, n } of counted) counts[status] = n
      return { subscribers: rows.map(toSubscriber), total: rows.length, counts }
    },

    /** The list as CSV with the consent dates, every cell safe to open in a spreadsheet. */
    async exportCsv(): Promise<Readable> {
      const rows = await repo.list(expiredBefore())
      const csv = stringify({
        header: true,
        columns: CSV_COLUMNS,
        cast: { string: spreadsheetSafe },
      })
      for (const row of rows) {
        csv.write({
          email: row.email,
          status: row.status,
          source: row.source,
          requested_at: row.createdAt.toISOString(),
          confirmed_at: row.confirmedAt?.toISOString() ?? '',
          unsubscribed_at: row.unsubscribedAt?.toISOString() ?? '',
        })
      }
      csv.end()
      return csv
    },

    /** Deletes the subscriber and the newsletter mail still waiting for them. 404 for an unknown id. */
    async remove(id: string): Promise<void> {
      const isRemoved = await repo.transaction(async (tx) => {
        const email = await repo.remove(id, tx)
        if (email !== undefined) await mail.withdrawBulk(email, tx)
        return email !== undefined
      })
      if (!isRemoved) throw notFound(NOT_FOUND)
    },

    /** Deletes the expired pending subscribers; returns how many. */
    sweepExpired,

    /** Resolves once the confirmation mails in flight are sent or have failed. */
    drainMail: background.settled,

    /** Waits for the confirmation mails in flight (the app closes). */
    async stop() {
      await background.settled()
    },
  }
}

export type SubscribersService = ReturnType<typeof createSubscribersService>
