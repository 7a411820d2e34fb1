/**
 * Mail to addresses nobody confirmed (contact acknowledgements, subscription confirmations) cannot
 * be aimed at one person (the review of 2026-12-01): `victim+1@`, `victim+2@`… are one mailbox,
 * and each domain and the whole site have a ceiling an hour. Limits at their real size
 * (RATE_LIMIT_SCALE 1), each post from its own client address, on an injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const HOUR_MS = 60 * 60_000

let app: TestApp
let smtp: TestSmtpServer
let clock = Date.parse('2026-03-02T09:00:00.000Z')
let count = 0

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: 'owner@site.test', RATE_LIMIT_SCALE: '1' },
    now: () => new Date(clock),
  })
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

async function contact(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages/contact',
    remoteAddress: newClientIp(),
    payload: {
      fullName: 'Sam Sender',
      email,
      subject: `Hello ${++count}`,
      message: 'A question about a website.',
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  await app.services.messages.drainBackground()
}

async function subscribe(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscribers',
    remoteAddress: newClientIp(),
    payload: { email },
  })
  expect(res.statusCode, res.body).toBe(202)
}

const mailsToDomain = (domain: string) =>
  smtp.mails.filter((m) => m.to.some((to) => to.endsWith(`@${domain}`)))

describe('mail to unconfirmed addresses', () => {
  it('counts name+tag@ as one mailbox for subscription confirmations: 3 an hour, not 10', async () => {
    clock += HOUR_MS
    for (let tag = 1; tag <= 10; tag += 1) await subscribe(`victim+${tag}@tagged.test`)
    await app.services.subscribers.drainMail()
    expect(mailsToDomain('tagged.test')).toHaveLength(ACTION_LIMITS.strangerMail.max)
  })

  it('sends one domain at most 30 an hour, whatever the addresses', async () => {
    clock += HOUR_MS
    for (let i = 0; i < 35; i += 1) await contact(`person${i}@one-domain.test`)
    const acknowledgements = mailsToDomain('one-domain.test')
    expect(acknowledgements).toHaveLength(ACTION_LIMITS.strangerMailPerDomain.max)
    // The owner still hears of every message.
    const owner = smtp.mailsTo('owner@site.test').filter((m) => m.text.includes('one-domain.test'))
    expect(owner).toHaveLength(35)
    // An hour later the domain may be mailed again.
    clock += HOUR_MS
    await contact('person-later@one-domain.test')
    expect(mailsToDomain('one-domain.test')).toHaveLength(31)
  })

  it('sends at most 100 an hour over the whole site', async () => {
    clock += HOUR_MS
    for (let i = 0; i < 105; i += 1) await subscribe(`reader@d${i % 5}-${i}.site-wide.test`)
    await app.services.subscribers.drainMail()
    const sent = smtp.mails.filter((m) => m.to.some((to) => to.endsWith('.site-wide.test')))
    expect(sent).toHaveLength(ACTION_LIMITS.strangerMailOverall.max)
  })
})
