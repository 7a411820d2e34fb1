/**
 * A newsletter send's mails are outbox rows, queued by the newsletter job a batch at a time. kill -9
 * of the server in the middle of a send, then a restart on the same data: every confirmed
 * subscriber gets the post, and nobody gets it twice but the few held at the crash. Two instances
 * on one PostgreSQL database share a send and mail each subscriber once.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PostMutationResponseSchema } from '#common/schemas/posts.ts'
import { NewsletterResponseSchema } from '#common/schemas/subscribers.ts'
import { bearer } from '#tests/helpers/auth.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createScratchPostgres } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const ADMIN = { email: 'owner@newsletter.test', password: 'News!Letter1' }
const CONFIRM_LINK = /\/subscribe\/([A-Za-z0-9_-]+)/
/** The most mails one sender holds at once: all that may go out twice after a crash. */
const HELD_AT_MOST = 5

let smtp: TestSmtpServer
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  smtp = await startSmtpServer()
})

afterAll(async () => {
  await stopAllServers()
  for (const cleanup of cleanups) await cleanup()
  await smtp.close()
})

const baseEnv = (extra: Record<string, string>) => ({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SMTP_URL: smtp.url,
  RATE_LIMIT_SCALE: '0',
  LOG_LEVEL: 'warn',
  ...extra,
})

/** `count` confirmed subscribers, each through the mailed link as a visitor does. */
async function subscribe(server: ServerProcess, prefix: string, count: number) {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@readers.test`)
  for (const email of emails) {
    const res = await call(server.url, 'POST', '/api/subscribers', { body: { email } })
    expect(res.status).toBe(202)
  }
  for (const email of emails) {
    const mail = await smtp.waitForMailTo(email)
    const token = CONFIRM_LINK.exec(mail.text)![1]!
    const res = await call(server.url, 'POST', '/api/subscribers/confirm', { body: { token } })
    expect(res.status).toBe(200)
  }
  return emails
}

/** A published post, and the admin's headers. */
async function publishedPost(server: ServerProcess, title: string) {
  const { token } = await signInOverHttp(server.url, ADMIN)
  const headers = bearer(token)
  const created = await call(server.url, 'POST', '/api/posts', { body: {}, headers })
  const { post } = PostMutationResponseSchema.parse(created.json)
  const res = await call(server.url, 'PUT', `/api/posts/${post._id}`, {
    body: {
      title,
      slug: title.toLowerCase().replaceAll(' ', '-'),
      summary: 'Sent to every subscriber.',
      body: 'A post for the newsletter.',
      status: 'published',
    },
    headers,
  })
  expect(res.status).toBe(200)
  return { postId: post._id, headers }
}

const received = (emails: string[], title: string) =>
  emails.map((email) => smtp.mailsTo(email).filter((mail) => mail.subject === title).length)

async function waitUntilSent(server: ServerProcess, postId: string, headers: object) {
  return vi.waitFor(async () => {
    const res = await call(server.url, 'GET', `/api/posts/${postId}/newsletter`, {
      headers: headers as Record<string, string>,
    })
    const { newsletter } = NewsletterResponseSchema.parse(res.json)
    if (newsletter.status !== 'sent') throw new Error('still sending')
    return newsletter
  }, ASYNC_WORK)
}

describe('kill -9 in the middle of a newsletter send', () => {
  it('resumes after a restart: everyone gets the post, at most the held few twice', async () => {
    const dataDir = await freshDataDir('site-newsletter-')
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const env = baseEnv({ DATA_DIR: dataDir, NEWSLETTER_MESSAGES_PER_SECOND: '4' })
    const first = await startServer({ env })
    const emails = await subscribe(first, 'resume', 40)
    const title = 'Resumed after a crash'
    const { postId, headers } = await publishedPost(first, title)

    const res = await call(first.url, 'POST', `/api/posts/${postId}/send`, { headers })
    expect(res.status).toBe(202)
    expect(NewsletterResponseSchema.parse(res.json).newsletter.recipients).toBe(40)
    await vi.waitFor(() => {
      expect(received(emails, title).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(8)
    }, ASYNC_WORK)
    await first.stop('SIGKILL')
    const beforeRestart = received(emails, title).reduce((a, b) => a + b, 0)
    expect(beforeRestart).toBeLessThan(40)

    const second = await startServer({ env })
    const { token } = await signInOverHttp(second.url, ADMIN)
    const newsletter = await waitUntilSent(second, postId, bearer(token))
    const counts = received(emails, title)
    expect(counts.every((n) => n >= 1)).toBe(true)
    const twice = counts.filter((n) => n > 1)
    expect(twice.every((n) => n === 2)).toBe(true)
    expect(twice.length).toBeLessThanOrEqual(HELD_AT_MOST)
    expect(newsletter).toMatchObject({ recipients: 40, sent: 40, failed: 0 })
    // A safety net for a busy machine (two starts of the embedded database); about 30 s here.
  }, 180_000)
})

describe('two instances sharing one PostgreSQL database', () => {
  it('send each subscriber the post once between them', async () => {
    const scratch = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
    cleanups.push(() => scratch.drop())
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-newsletter-pg-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const env = baseEnv({
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      NEWSLETTER_MESSAGES_PER_SECOND: '10',
    })
    const [a, b] = await Promise.all([startServer({ env }), startServer({ env })])
    const emails = await subscribe(a, 'shared', 24)
    const title = 'Sent by two instances'
    const { postId, headers } = await publishedPost(a, title)
    expect((await call(a.url, 'POST', `/api/posts/${postId}/send`, { headers })).status).toBe(202)
    expect((await call(b.url, 'POST', `/api/posts/${postId}/send`, { headers })).status).toBe(409)

    const newsletter = await waitUntilSent(b, postId, headers)
    expect(newsletter).toMatchObject({ recipients: 24, sent: 24, failed: 0 })
    expect(received(emails, title)).toEqual(emails.map(() => 1))
  }, 180_000)
})
