/**
 * A newsletter's deliveries are outbox mails: they wait behind transactional mail, stay queued
 * through a temporary refusal and go out once when the SMTP server recovers, count as failed on a
 * permanent one, are withdrawn when their subscriber leaves, and a send's counts outlive the
 * outbox's records. The newsletter and mail jobs are off: each test makes the rounds itself, with
 * its clock.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OutboxPageSchema, type OutboxMail } from '#common/schemas/outbox.ts'
import { PostMutationResponseSchema } from '#common/schemas/posts.ts'
import { NewsletterResponseSchema, SubscriberListSchema } from '#common/schemas/subscribers.ts'
import { outboxMails, subscribers } from '#server/db/schema.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const CONFIRM_LINK = /http:\/\/site\.test\/subscribe\/([A-Za-z0-9_-]+)/
const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

let clock = Date.parse('2030-03-01T09:00:00Z')
let smtp: TestSmtpServer
let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      NEWSLETTER_MESSAGES_PER_SECOND: '100',
      MAIL_RETRY_INTERVAL_MS: String(MINUTE_MS),
    },
    now: () => new Date(clock),
    jobsOff: [
      'link-checks',
      'booking',
      'backups',
      'database-upkeep',
      'newsletter',
      'mail',
      'mail-records-purge',
    ],
  })
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

// A send's recipients are every confirmed subscriber: each test starts with none, and with no
// mail of an earlier test left in the outbox.
beforeEach(async () => {
  smtp.setRejectAll(false)
  await app.services.mail.drain()
  await app.database.db.delete(subscribers)
  await app.database.db.delete(outboxMails)
  // A session of the test's time (an earlier test moved the clock on by months).
  admin = (await asAdmin(app)).headers
})

let sequence = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`

/** A confirmed subscriber, through the API as a visitor subscribes. */
async function confirmedSubscriber(): Promise<string> {
  const email = `${unique('reader')}@example.com`
  const res = await app.inject({ method: 'POST', url: '/api/subscribers', payload: { email } })
  expect(res.statusCode).toBe(202)
  const token = CONFIRM_LINK.exec((await smtp.waitForMailTo(email)).text)![1]!
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/subscribers/confirm',
    payload: { token },
  })
  expect(confirmed.statusCode).toBe(200)
  return email
}

const confirmedSubscribers = async (count: number) => {
  const emails: string[] = []
  for (let i = 0; i < count; i++) emails.push(await confirmedSubscriber())
  return emails
}

/** RFC 8058 one-click unsubscribe of `email`, as a mail client posts to the mail's address. */
async function unsubscribe(email: string) {
  const [row] = await app.database.db
    .select({ token: subscribers.unsubscribeToken })
    .from(subscribers)
    .where(eq(subscribers.email, email))
  const res = await app.inject({
    method: 'POST',
    url: `/unsubscribe/${row!.token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  })
  expect(res.statusCode).toBe(200)
}

async function publishedPost() {
  const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin })
  const { post } = PostMutationResponseSchema.parse(created.json())
  const title = unique('Newsletter')
  const res = await app.inject({
    method: 'PUT',
    url: `/api/posts/${post._id}`,
    headers: admin,
    payload: {
      title,
      slug: title.toLowerCase(),
      summary: 'What it is about.',
      body: 'A post for the subscribers.',
      status: 'published',
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return { id: post._id, title }
}

async function send(postId: string) {
  const res = await app.inject({ method: 'POST', url: `/api/posts/${postId}/send`, headers: admin })
  expect(res.statusCode, res.body).toBe(202)
  return NewsletterResponseSchema.parse(res.json()).newsletter
}

async function newsletterOf(postId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/posts/${postId}/newsletter`,
    headers: admin,
  })
  expect(res.statusCode).toBe(200)
  return NewsletterResponseSchema.parse(res.json()).newsletter
}

/** Every newsletter mail in the owner's outbox list, all its pages. */
async function newsletterMails(): Promise<OutboxMail[]> {
  const mails: OutboxMail[] = []
  for (let page = 1; ; page += 1) {
    const res = await app.inject({ method: 'GET', url: `/api/outbox?page=${page}`, headers: admin })
    expect(res.statusCode).toBe(200)
    const body = OutboxPageSchema.parse(res.json())
    mails.push(...body.mails.filter((mail) => mail.kind === 'newsletter'))
    if (page >= body.pages) return mails
  }
}

/** The newsletter job's round, then the sender's runs until nothing is due, as their jobs make them. */
async function rounds() {
  await app.services.newsletter.runDue()
  await app.services.mail.drain()
  await app.services.mail.deliverDue()
  await app.services.mail.drain()
  // Closes the sends whose mails are all done.
  await app.services.newsletter.runDue()
}

const received = (emails: string[], title: string) =>
  emails.map((email) => smtp.mailsTo(email).filter((mail) => mail.subject === title).length)

describe('newsletter deliveries in the outbox', () => {
  it('sends transactional mail queued after a newsletter before the rest of the newsletter', async () => {
    const [first, second, third, fourth] = await confirmedSubscribers(4)
    const postponed = [third!, fourth!]
    for (const email of postponed) smtp.refuseRecipient(email, 451, 1)
    const post = await publishedPost()
    await send(post.id)
    await rounds()
    expect(received([first!, second!, ...postponed], post.title)).toEqual([1, 1, 0, 0])

    // While the server refuses, a visitor subscribes: their confirmation waits too, queued after
    // the newsletter's two (and due after them).
    smtp.setRejectAll(true)
    clock += 1_000
    const visitor = `${unique('visitor')}@example.com`
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email: visitor },
    })
    expect(res.statusCode).toBe(202)
    await app.services.subscribers.drainMail()
    expect(smtp.mailsTo(visitor)).toHaveLength(0)

    smtp.setRejectAll(false)
    clock += HOUR_MS
    await rounds()
    const order = smtp.mails.map((mail) => mail.to[0])
    const confirmationAt = order.indexOf(visitor)
    expect(confirmationAt).toBeGreaterThanOrEqual(0)
    for (const email of postponed) {
      expect(received([email], post.title)).toEqual([1])
      expect(order.lastIndexOf(email)).toBeGreaterThan(confirmationAt)
    }
    expect(await newsletterOf(post.id)).toMatchObject({ sent: 4, failed: 0, status: 'sent' })
  })

  it('keeps the deliveries queued through a 451, and sends each once when the server recovers', async () => {
    const readers = await confirmedSubscribers(3)
    for (const email of readers) smtp.refuseRecipient(email, 451)
    const post = await publishedPost()
    expect(await send(post.id)).toMatchObject({ recipients: 3, sent: 0, status: 'sending' })
    await rounds()

    expect(await newsletterOf(post.id)).toMatchObject({
      recipients: 3,
      sent: 0,
      failed: 0,
      retrying: 3,
      status: 'sending',
    })
    const waiting = await newsletterMails()
    expect(waiting.map((mail) => mail.to).toSorted()).toEqual(readers.toSorted())
    for (const mail of waiting) {
      expect(mail).toMatchObject({ status: 'queued', attempts: 1 })
      expect(mail.lastError).toContain('451')
    }
    // Still refused at the next attempt: still queued.
    clock += 5 * MINUTE_MS
    await rounds()
    expect(received(readers, post.title)).toEqual([0, 0, 0])
    expect(await newsletterOf(post.id)).toMatchObject({ retrying: 3, status: 'sending' })

    for (const email of readers) smtp.refuseRecipient(email, 451, 0)
    clock += HOUR_MS
    await rounds()
    expect(received(readers, post.title)).toEqual([1, 1, 1])
    expect(await newsletterOf(post.id)).toMatchObject({
      sent: 3,
      failed: 0,
      retrying: 0,
      status: 'sent',
    })
    // Later rounds send nothing again.
    clock += DAY_MS
    await rounds()
    expect(received(readers, post.title)).toEqual([1, 1, 1])
  })

  it("sends the mails that wait at the newsletter job's next round, not the mail job's", async () => {
    const readers = await confirmedSubscribers(2)
    smtp.setRejectAll(true)
    const post = await publishedPost()
    await send(post.id)
    await rounds()
    expect(received(readers, post.title)).toEqual([0, 0])

    // As after a restart: the mails wait, and only the newsletter job (every second) comes by.
    smtp.setRejectAll(false)
    clock += HOUR_MS
    await app.services.newsletter.runDue()
    await app.services.mail.drain()
    expect(received(readers, post.title)).toEqual([1, 1])
  })

  it('counts a 550 as failed, and keeps the counts once the outbox forgets its records', async () => {
    const [kept, refused] = await confirmedSubscribers(2)
    smtp.refuseRecipient(refused!, 550)
    const post = await publishedPost()
    await send(post.id)
    await rounds()

    expect(received([kept!, refused!], post.title)).toEqual([1, 0])
    expect(await newsletterOf(post.id)).toMatchObject({
      recipients: 2,
      sent: 1,
      failed: 1,
      retrying: 0,
      status: 'sent',
    })
    const failed = (await newsletterMails()).find((mail) => mail.to === refused)
    expect(failed).toMatchObject({ status: 'failed' })
    expect(failed?.lastError).toContain('550')

    clock += 91 * DAY_MS
    admin = (await asAdmin(app)).headers
    await app.services.mail.purgeOld()
    expect(await newsletterMails()).toEqual([])
    expect(await newsletterOf(post.id)).toMatchObject({ sent: 1, failed: 1, status: 'sent' })
  })

  it("keeps an unfinished send's records through the purge, so its counts stay right", async () => {
    const [delivered, waiting] = await confirmedSubscribers(2)
    smtp.refuseRecipient(waiting!, 451)
    const post = await publishedPost()
    await send(post.id)
    await rounds()
    expect(await newsletterOf(post.id)).toMatchObject({ sent: 1, retrying: 1, status: 'sending' })

    clock += 91 * DAY_MS
    admin = (await asAdmin(app)).headers
    await app.services.mail.purgeOld()
    expect((await newsletterMails()).map((mail) => mail.to).toSorted()).toEqual(
      [delivered!, waiting!].toSorted(),
    )
    expect(await newsletterOf(post.id)).toMatchObject({ sent: 1, status: 'sending' })
    smtp.refuseRecipient(waiting!, 451, 0)
  })

  it('sends nothing to a subscriber who unsubscribes or is deleted mid-send', async () => {
    const [stays, leaves, deleted] = await confirmedSubscribers(3)
    smtp.setRejectAll(true)
    const post = await publishedPost()
    await send(post.id)
    await rounds()
    expect(await newsletterOf(post.id)).toMatchObject({ retrying: 3, status: 'sending' })

    // One unsubscribes with the mail's link, the owner deletes another.
    await unsubscribe(leaves!)
    const list = SubscriberListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/subscribers', headers: admin })).json(),
    )
    const id = list.subscribers.find((s) => s.email === deleted)!._id
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/subscribers/${id}`,
      headers: admin,
    })
    expect(removed.statusCode).toBe(200)
    expect((await newsletterMails()).map((mail) => mail.to)).toEqual([stays])

    smtp.setRejectAll(false)
    clock += HOUR_MS
    await rounds()
    expect(received([stays!, leaves!, deleted!], post.title)).toEqual([1, 0, 0])
    expect(await newsletterOf(post.id)).toMatchObject({
      recipients: 3,
      sent: 1,
      failed: 0,
      unsubscribed: 1,
      status: 'sent',
    })
  })

  it('skips a subscriber who unsubscribed before their mail was queued', async () => {
    const [stays, leaves] = await confirmedSubscribers(2)
    const post = await publishedPost()
    await send(post.id)
    // Before the newsletter job's first round.
    await unsubscribe(leaves!)

    await rounds()
    expect(received([stays!, leaves!], post.title)).toEqual([1, 0])
    expect(await newsletterOf(post.id)).toMatchObject({ recipients: 2, sent: 1, status: 'sent' })
  })
})
