/**
 * A long list is queued in the outbox a batch at a time, never more than QUEUED_AHEAD of a send
 * waiting at once, and every subscriber gets the post once, with their own unsubscribe link. The
 * mails are caught at the transport: the test SMTP server takes about 0.1 s a mail, and this list
 * is long. The newsletter and mail jobs are off: the test makes their rounds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxPageSchema } from '#common/schemas/outbox.ts'
import { PostMutationResponseSchema } from '#common/schemas/posts.ts'
import { NewsletterResponseSchema } from '#common/schemas/subscribers.ts'
import { subscribers } from '#server/db/schema.ts'
import type { OutgoingMail } from '#server/modules/mail/mail.transports.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PUBLIC_URL = 'http://site.test'
/** The mails of one send the job keeps waiting in the outbox (newsletter.service.ts). */
const QUEUED_AHEAD = 250
const RECIPIENTS = QUEUED_AHEAD + 30

const caught: OutgoingMail[] = []
/** While set, the transport holds every mail: the sender takes nothing off the outbox. */
let held: Promise<void> | undefined
let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp({
    env: { PUBLIC_URL, NEWSLETTER_MESSAGES_PER_SECOND: '100' },
    mailTransport: {
      send: async (mail) => {
        await held
        caught.push(mail)
      },
    },
    jobsOff: ['link-checks', 'booking', 'backups', 'database-upkeep', 'newsletter', 'mail'],
  })
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

async function publishedPost(title: string) {
  const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin })
  const { post } = PostMutationResponseSchema.parse(created.json())
  const res = await app.inject({
    method: 'PUT',
    url: `/api/posts/${post._id}`,
    headers: admin,
    payload: {
      title,
      slug: 'a-long-list',
      summary: 'For many.',
      body: 'Hello.',
      status: 'published',
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return post._id
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

async function outboxTotal() {
  const res = await app.inject({ method: 'GET', url: '/api/outbox', headers: admin })
  expect(res.statusCode).toBe(200)
  return OutboxPageSchema.parse(res.json()).total
}

describe('POST /api/posts/:id/send to a long list', () => {
  it('queues a batch at a time, and mails each subscriber once with their own link', async () => {
    // More subscribers than the API's confirmation flow should mail in a test: written directly.
    const tokens = new Map(
      Array.from({ length: RECIPIENTS }, (_, i) => [`reader-${i}@many.test`, `token-${i}`]),
    )
    await app.database.db.insert(subscribers).values(
      [...tokens].map(([email, unsubscribeToken]) => ({
        email,
        status: 'confirmed' as const,
        confirmedAt: new Date(),
        unsubscribeToken,
      })),
    )
    const title = 'To a long list'
    const postId = await publishedPost(title)
    const sent = await app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/send`,
      headers: admin,
    })
    expect(sent.statusCode).toBe(202)
    expect(NewsletterResponseSchema.parse(sent.json()).newsletter.recipients).toBe(RECIPIENTS)

    // One round of the newsletter job queues as many as may wait, and no more.
    let release = () => {}
    held = new Promise((resolve) => (release = resolve))
    await app.services.newsletter.runDue()
    expect(await outboxTotal()).toBe(QUEUED_AHEAD)
    held = undefined
    release()

    // The sender's runs empty the outbox; the next round queues the rest.
    for (let round = 0; round < 3; round++) {
      await app.services.mail.drain()
      await app.services.newsletter.runDue()
    }
    expect(await outboxTotal()).toBe(RECIPIENTS)
    expect(await newsletterOf(postId)).toMatchObject({
      recipients: RECIPIENTS,
      sent: RECIPIENTS,
      failed: 0,
      status: 'sent',
    })

    const posts = caught.filter((mail) => mail.subject === title)
    expect(posts.map((mail) => mail.to).toSorted()).toEqual([...tokens.keys()].toSorted())
    for (const mail of posts) {
      const link = `${PUBLIC_URL}/unsubscribe/${tokens.get(mail.to)}`
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      })
      expect(mail.text).toContain(link)
    }
  })
})
