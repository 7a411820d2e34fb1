/**
 * drizzle/0039 and 0040 on a database from before them (migrated up to 0038), as a running site
 * has it in the middle of a send: the site then finishes that send through the outbox. Every
 * recipient the old queue had not mailed gets the post once (the one an old sender held when it
 * stopped too); the ones it had mailed or failed get nothing again and keep their counts; a
 * finished send keeps its counts.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { NewsletterResponseSchema } from '#common/schemas/subscribers.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { posts, subscribers } from '#server/db/schema.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { startSmtpServer } from '#tests/helpers/smtp.ts'
import type { TestApp } from '#tests/helpers/test-app.ts'
import { databaseMigratedBefore } from '#tests/helpers/migrated-database.ts'

const PUBLIC_URL = 'http://site.test'
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** The site over `database`, as createTestApp builds it; the newsletter and mail jobs are the test's. */
async function siteOver(database: Database, smtpUrl: string): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-test-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    MAIL_FROM: 'Site <no-reply@site.test>',
    SMTP_URL: smtpUrl,
    NEWSLETTER_MESSAGES_PER_SECOND: '100',
    RESPONSE_CACHE_TTL_MS: '0',
  })
  const app = await buildApp({
    config,
    database,
    jobsOff: ['link-checks', 'booking', 'backups', 'database-upkeep', 'newsletter', 'mail'],
    web: false,
    logger: false,
  })
  cleanups.push(() => app.close())
  return Object.assign(app, { database, cleanup: () => app.close() })
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

describe('drizzle/0039 and 0040 on a database in the middle of a send', () => {
  it('finishes the send through the outbox, once per recipient left, and keeps its counts', async () => {
    const database = await databaseMigratedBefore(39, cleanups)
    const { db } = database
    // Two posts: one sent before, one being sent, as the old queue stored them (posts and
    // subscribers have the same columns before and after).
    const [finishedPost, sendingPost] = await db
      .insert(posts)
      .values([
        { title: 'Sent before', slug: 'sent-before', status: 'published', publishedAt: new Date() },
        { title: 'Being sent', slug: 'being-sent', status: 'published', publishedAt: new Date() },
      ])
      .returning({ id: posts.id })
    const states = ['sent', 'failed', 'pending', 'retrying', 'sending', 'skipped'] as const
    const emails = Object.fromEntries(states.map((state) => [state, `${state}@old.test`]))
    const readers = await db
      .insert(subscribers)
      .values(
        states.map((state) => ({
          email: emails[state]!,
          status: 'confirmed' as const,
          confirmedAt: new Date(),
          unsubscribeToken: `token-${state}`,
        })),
      )
      .returning({ id: subscribers.id, email: subscribers.email })
    const idOf = (email: string) => readers.find((row) => row.email === email)!.id
    const [finishedSend, sendingSend] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into newsletter_sends (post_id, recipients, status, finished_at)
        values (${finishedPost!.id}, 3, 'sent', now()), (${sendingPost!.id}, 6, 'sending', null)
        returning id`),
    )
    await db.execute(sql`
      insert into newsletter_deliveries (send_id, subscriber_id, state, attempts, sent_at, last_error)
      values
        (${finishedSend!.id}, ${idOf(emails.sent!)}, 'sent', 1, now(), null),
        (${finishedSend!.id}, ${idOf(emails.pending!)}, 'sent', 1, now(), null),
        (${finishedSend!.id}, ${idOf(emails.failed!)}, 'failed', 1, null, '550 No such user')`)
    await db.execute(sql`
      insert into newsletter_deliveries (send_id, subscriber_id, state, attempts, next_attempt_at,
        lease_until, sent_at, last_error)
      values
        (${sendingSend!.id}, ${idOf(emails.sent!)}, 'sent', 1, now(), null, now(), null),
        (${sendingSend!.id}, ${idOf(emails.failed!)}, 'failed', 1, now(), null, null, '550 No such user'),
        (${sendingSend!.id}, ${idOf(emails.pending!)}, 'pending', 0, now(), null, null, null),
        (${sendingSend!.id}, ${idOf(emails.retrying!)}, 'pending', 2, now() + interval '1 hour',
          null, null, '451 Try later'),
        (${sendingSend!.id}, ${idOf(emails.sending!)}, 'sending', 1, now(),
          now() + interval '1 minute', null, null),
        (${sendingSend!.id}, ${idOf(emails.skipped!)}, 'skipped', 1, now(), null, null, null)`)

    await migrateDatabase(database)

    const deliveries = rowsOf<{ email: string; state: string }>(
      await db.execute(sql`
        select s.email, d.state from newsletter_deliveries d
        join subscribers s on s.id = d.subscriber_id
        where d.send_id = ${sendingSend!.id}`),
    )
    expect(Object.fromEntries(deliveries.map((row) => [row.email, row.state]))).toEqual({
      [emails.sent!]: 'queued',
      [emails.failed!]: 'queued',
      [emails.pending!]: 'pending',
      [emails.retrying!]: 'pending',
      [emails.sending!]: 'pending',
      [emails.skipped!]: 'skipped',
    })

    const smtp = await startSmtpServer()
    cleanups.push(() => smtp.close())
    const app = await siteOver(database, smtp.url)
    const { headers } = await asAdmin(app)
    const newsletterOf = async (postId: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/posts/${postId}/newsletter`,
        headers,
      })
      expect(res.statusCode).toBe(200)
      return NewsletterResponseSchema.parse(res.json()).newsletter
    }
    expect(await newsletterOf(sendingPost!.id)).toMatchObject({
      recipients: 6,
      sent: 1,
      failed: 1,
      status: 'sending',
    })

    // The newsletter job's rounds and the sender's, until the send is done.
    for (let round = 0; round < 2; round++) {
      await app.services.newsletter.runDue()
      await app.services.mail.drain()
    }
    const received = (state: (typeof states)[number]) =>
      smtp.mailsTo(emails[state]!).filter((mail) => mail.subject === 'Being sent').length
    expect(states.map((state) => [state, received(state)])).toEqual([
      ['sent', 0],
      ['failed', 0],
      ['pending', 1],
      ['retrying', 1],
      ['sending', 1],
      ['skipped', 0],
    ])
    expect(await newsletterOf(sendingPost!.id)).toMatchObject({
      recipients: 6,
      sent: 4,
      failed: 1,
      status: 'sent',
    })
    expect(await newsletterOf(finishedPost!.id)).toMatchObject({
      recipients: 3,
      sent: 2,
      failed: 1,
      status: 'sent',
    })
    expect(smtp.mails.filter((mail) => mail.subject === 'Sent before')).toEqual([])
  })
})
