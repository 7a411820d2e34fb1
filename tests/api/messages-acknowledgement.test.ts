import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ContactResponseSchema } from '#common/schemas/messages.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { contactAcknowledgements, messages, outboxMails } from '#server/db/schema.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const OWNER = 'owner@site.test'
const HOUR_MS = 60 * 60_000
const MINUTE_MS = 60_000

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let clock = new Date('2026-03-02T09:00:00.000Z')

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      MAIL_FROM: 'Site <no-reply@site.test>',
      MAIL_RETRY_INTERVAL_MS: String(MINUTE_MS),
      RATE_LIMIT_SCALE: '0',
    },
    now: () => clock,
  })
  admin = (await asAdmin(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

const unique = () => Math.random().toString(36).slice(2, 10)

interface ContactPost {
  fullName: string
  email: string
  subject: string
  message: string
  homepage?: string
}

const contactBody = (overrides: Partial<ContactPost> = {}): ContactPost => ({
  fullName: 'Ada Lovelace',
  email: `ada-${unique()}@example.com`,
  subject: `A shop for my bakery ${unique()}`,
  message: 'Hello,\nI would like a quote for an online shop.',
  ...overrides,
})

async function postContact(body: ContactPost) {
  const res = await app.inject({ method: 'POST', url: '/api/messages/contact', payload: body })
  expect(res.statusCode).toBe(201)
  return ContactResponseSchema.parse(res.json())
}

/** Posts, then waits until the service's background mail (notification, acknowledgement) is done. */
async function postAndSettle(body: ContactPost) {
  const message = await postContact(body)
  await app.services.messages.drainBackground()
  return message
}

const acknowledgementsTo = (address: string) =>
  smtp.mailsTo(address).filter((m) => m.subject.startsWith('Your message to '))

describe('the acknowledgement of a contact message', () => {
  it('comes from the owner’s name with Reply-To the contact address and says what happens next', async () => {
    const body = contactBody()
    await postAndSettle(body)
    const [mail, ...more] = acknowledgementsTo(body.email)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe(`Your message to ${SITE_DEFAULTS.businessName} arrived`)
    expect(mail!.parsed.from?.value).toEqual([
      { name: SITE_DEFAULTS.ownerName, address: 'no-reply@site.test' },
    ])
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe(SITE_DEFAULTS.email)
    expect(mail!.text).toContain('Hi Ada,')
    expect(mail!.text).toContain(`will answer ${SITE_DEFAULTS.responseTime}`)
    expect(mail!.text).toContain('What happens next')
    expect(mail!.parsed.messageId).toMatch(/^<[\w-]+@localhost>$|^<[\w-]+@[\w.-]+>$/)
  })

  it('carries nothing the sender wrote: no subject, no message, no link, not even in the name', async () => {
    const body = contactBody({
      fullName: 'www.bank-login.example Support',
      subject: 'Your account is locked: https://bank-login.example/verify',
      message: 'Sign in at https://bank-login.example/verify within 24 hours <img src=x>',
    })
    await postAndSettle(body)
    const [mail] = acknowledgementsTo(body.email)
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain('bank-login')
      expect(part).not.toContain('locked')
      expect(part).not.toContain('<img')
    }
    expect(mail!.text).toMatch(/^Hello,/)
  })

  it('counts name+tag@ as name@: one acknowledgement an hour for the mailbox', async () => {
    const name = `tagged-${unique()}`
    const tags = ['', '+1', '+2', '+Promo']
    for (const tag of tags) await postAndSettle(contactBody({ email: `${name}${tag}@example.com` }))
    const acknowledged = tags.flatMap((tag) =>
      acknowledgementsTo(`${name}${tag}@example.com`.toLowerCase()),
    )
    expect(acknowledged).toHaveLength(1)
  })

  it('goes to an address at most once an hour, whatever it sends', async () => {
    const email = `often-${unique()}@example.com`
    await postAndSettle(contactBody({ email }))
    clock = new Date(clock.getTime() + HOUR_MS - 1_000)
    await postAndSettle(contactBody({ email }))
    expect(acknowledgementsTo(email)).toHaveLength(1)

    clock = new Date(clock.getTime() + 1_000)
    await postAndSettle(contactBody({ email }))
    expect(acknowledgementsTo(email)).toHaveLength(2)
    // The owner is told of every message.
    expect(smtp.mailsTo(OWNER).filter((m) => m.text.includes(email))).toHaveLength(3)
  })

  it('is never sent for a message stored as spam', async () => {
    const body = contactBody({ homepage: 'http://spam.example' })
    const answer = await postAndSettle(body)
    expect(answer.spam).toBe(false)
    expect(smtp.mailsTo(body.email)).toHaveLength(0)
    // The address is not used up either: its next real message is acknowledged.
    const { homepage: _, ...real } = body
    await postAndSettle(real)
    expect(acknowledgementsTo(body.email)).toHaveLength(1)
  })
})

/** The outbox's record of the acknowledgement to `email`. */
const queued = async (email: string) => {
  const rows = await app.database.db
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.recipient, email))
  return rows.find((row) => row.kind === 'contact-acknowledgement')
}

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

/** One run of the outbox's sender, as its job makes it; how many mails went out. */
async function senderRun() {
  await app.services.messages.drainBackground()
  return app.services.mail.deliverDue()
}

describe('POST /api/messages/contact acknowledged', () => {
  it('is true when an acknowledgement goes out, false within the hour, and for spam as for a first message', async () => {
    const email = `told-${unique()}@example.com`
    expect((await postAndSettle(contactBody({ email }))).acknowledged).toBe(true)
    expect((await postAndSettle(contactBody({ email }))).acknowledged).toBe(false)
    expect(acknowledgementsTo(email)).toHaveLength(1)
    // Spam answers exactly as a real first message does (the contract), and nothing is mailed.
    const spam = contactBody({ homepage: 'http://spam.example' })
    expect((await postAndSettle(spam)).acknowledged).toBe(true)
    expect(smtp.mailsTo(spam.email)).toHaveLength(0)
  })

  it('is false, and nothing is sent, when mail has no SMTP server to go through', async () => {
    const offline = await createTestApp({ env: { RATE_LIMIT_SCALE: '0' } })
    try {
      const res = await offline.inject({
        method: 'POST',
        url: '/api/messages/contact',
        payload: contactBody(),
      })
      expect(res.statusCode).toBe(201)
      expect(ContactResponseSchema.parse(res.json()).acknowledged).toBe(false)
      await offline.services.messages.drainBackground()
      expect(await offline.database.db.select().from(contactAcknowledgements)).toEqual([])
    } finally {
      await offline.cleanup()
    }
  })
})

describe('an acknowledgement the mail server refuses', () => {
  it('stays queued in the outbox and goes out once, after its wait', async () => {
    const body = contactBody()
    smtp.refuseRecipient(body.email, 451, 1)
    const message = await postAndSettle(body)
    expect(message.acknowledged).toBe(true)
    expect(acknowledgementsTo(body.email)).toHaveLength(0)
    expect(await queued(body.email)).toMatchObject({
      status: 'queued',
      attempts: 1,
      nextAttemptAt: new Date(clock.getTime() + MINUTE_MS),
      lastError: expect.stringContaining('Recipient refused'),
    })
    // Another message meanwhile is in the same window: no second acknowledgement is claimed.
    expect((await postAndSettle(contactBody({ email: body.email }))).acknowledged).toBe(false)

    advance(MINUTE_MS - 1)
    expect(await senderRun()).toBe(0)
    advance(1)
    const [first, second] = await Promise.all([senderRun(), senderRun()])
    expect(first + second).toBe(1)
    expect(await senderRun()).toBe(0)

    const [mail, ...more] = acknowledgementsTo(body.email)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe(`Your message to ${SITE_DEFAULTS.businessName} arrived`)
    expect(await queued(body.email)).toMatchObject({ status: 'sent', attempts: 2 })
    // The reply threads with the acknowledgement that finally went out.
    const [row] = await app.database.db.select().from(messages).where(eq(messages.id, message._id))
    expect(row?.ackMessageId).toBe(mail!.parsed.messageId)
  })

  it('is marked failed at once when the refusal is permanent', async () => {
    const body = contactBody()
    smtp.refuseRecipient(body.email, 550, 1)
    await postAndSettle(body)
    expect(await queued(body.email)).toMatchObject({ status: 'failed', attempts: 1 })
    advance(HOUR_MS / 2)
    expect(await senderRun()).toBe(0)
    expect(acknowledgementsTo(body.email)).toHaveLength(0)
  })

  it('left in the queue of an earlier version, is handed to the outbox and sent once', async () => {
    const body = contactBody()
    smtp.refuseRecipient(body.email, 451, 1)
    const message = await postAndSettle(body)
    // As the earlier version left it: no outbox row, its own queue holding it for a retry.
    await app.database.db.delete(outboxMails).where(eq(outboxMails.recipient, body.email))
    await app.database.db
      .update(contactAcknowledgements)
      .set({ state: 'pending', attempts: 1, nextAttemptAt: clock, messageId: message._id })
      .where(eq(contactAcknowledgements.email, body.email))
    const handOver = () => app.services.messages.handOverPendingAcknowledgements()
    const [first, second] = await Promise.all([handOver(), handOver()])
    expect(first + second).toBe(1)
    await app.services.messages.drainBackground()
    await senderRun()
    const [mail, ...more] = acknowledgementsTo(body.email)
    expect(more).toHaveLength(0)
    const [row] = await app.database.db.select().from(messages).where(eq(messages.id, message._id))
    expect(row?.ackMessageId).toBe(mail!.parsed.messageId)
    expect((await queued(body.email))?.status).toBe('sent')
    expect(await handOver()).toBe(0)
  })
})

describe('POST /api/messages/reply threading', () => {
  it('answers from the owner’s name, quotes the message and threads with the acknowledgement', async () => {
    const body = contactBody()
    const message = await postAndSettle(body)
    const [ack] = acknowledgementsTo(body.email)
    const ackId = ack!.parsed.messageId!
    const [row] = await app.database.db.select().from(messages).where(eq(messages.id, message._id))
    expect(row?.ackMessageId).toBe(ackId)

    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers: admin,
      payload: {
        email: body.email,
        subject: `Re: ${body.subject}`,
        replyContent: 'Thanks Ada, happy to help.',
        messageId: message._id,
      },
    })
    expect(res.statusCode).toBe(200)
    const reply = smtp.mailsTo(body.email).at(-1)!
    expect(reply.parsed.inReplyTo).toBe(ackId)
    expect(reply.parsed.references).toBe(ackId)
    expect(reply.parsed.messageId).not.toBe(ackId)
    expect(reply.parsed.from?.value).toEqual([
      { name: SITE_DEFAULTS.ownerName, address: 'no-reply@site.test' },
    ])
    expect(reply.parsed.replyTo?.value[0]?.address).toBe(SITE_DEFAULTS.email)
    expect(reply.text).toMatch(
      /^Thanks Ada, happy to help\.\n\nOn .+, Ada Lovelace wrote:\n> Hello,/,
    )
  })

  it('threads with nothing when the message had no acknowledgement', async () => {
    const email = `twice-${unique()}@example.com`
    await postAndSettle(contactBody({ email }))
    const second = await postAndSettle(contactBody({ email }))
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers: admin,
      payload: { email, subject: second.subject, replyContent: 'Got both.', messageId: second._id },
    })
    expect(res.statusCode).toBe(200)
    const reply = smtp.mailsTo(email).at(-1)!
    expect(reply.text).toMatch(/^Got both\./)
    expect(reply.parsed.inReplyTo).toBeUndefined()
  })
})
