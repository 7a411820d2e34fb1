/**
 * The outbox: mail the site sends is stored first and delivered by one sender, so an SMTP server
 * that refuses for a while (451) loses nothing: a password reset, a testimonial request and a
 * booking's invitations all arrive once it answers again, each exactly once; a 550 marks a mail
 * failed, and the owner's retry delivers it under the From it was queued with; the owner's list
 * shows no body, link or token; the health check says "mail" while delivery fails.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BookingSlotsSchema } from '#common/schemas/booking.ts'
import { OutboxPageSchema } from '#common/schemas/outbox.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { BOOKING_DEFAULTS, SITE_DEFAULTS } from '#common/site-defaults.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeUser } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const OWNER = 'owner@outbox.test'
const MINUTE = 60_000

let clock = Date.parse('2026-03-02T08:00:00Z')
let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let user: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      RATE_LIMIT_SCALE: '0',
      MAIL_RETRY_INTERVAL_MS: '60000',
    },
    now: () => new Date(clock),
  })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

async function outbox(query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/outbox${query}`, headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  return OutboxPageSchema.parse(res.json())
}

const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json()

/** One run of the sender, as its timer makes it, after the clock moved on by `ms`. */
async function senderRunAfter(ms: number) {
  clock += ms
  await app.services.mail.drain()
  return app.services.mail.deliverDue()
}

async function openBooking() {
  const current = SiteSettingsSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
  )
  const day = [{ start: '09:00', end: '17:00' }]
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: {
      ...current,
      booking: {
        ...BOOKING_DEFAULTS,
        enabled: true,
        weekly: { ...BOOKING_DEFAULTS.weekly, mon: day, tue: day },
        minNoticeHours: 0,
      },
    },
  })
  expect(res.statusCode, res.body).toBe(200)
}

describe('while the SMTP server answers 451', () => {
  it('keeps a contact message, a password reset, a testimonial request and a booking queued, then delivers each once', async () => {
    await openBooking()
    const member = await makeUser(app, { email: 'member@outbox.test' })
    const visitor = 'booker@outbox.test'
    const client = 'client@outbox.test'
    const writer = 'writer@outbox.test'
    // The owner's address refuses twice: the contact notification, then the booking's.
    for (const address of [member.email, visitor, client, writer])
      smtp.refuseRecipient(address, 451, 1)
    smtp.refuseRecipient(OWNER, 451, 2)

    const contact = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: {
        fullName: 'Wren Writer',
        email: writer,
        subject: 'A site for my studio',
        message: 'Could we talk about a new site?',
      },
    })
    expect(contact.statusCode, contact.body).toBe(201)
    expect(contact.json()).toMatchObject({ acknowledged: true })

    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/users/forget-password',
          payload: { email: member.email },
        })
      ).statusCode,
    ).toBeLessThan(300)
    const requested = await app.inject({
      method: 'POST',
      url: '/api/testimonials/requests',
      headers: admin,
      payload: { name: 'Casey Client', email: client },
    })
    expect(requested.statusCode, requested.body).toBeLessThan(300)
    const slots = BookingSlotsSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/booking/slots?from=2026-03-03&to=2026-03-03' })
      ).json(),
    ).slots
    const booked = await app.inject({
      method: 'POST',
      url: '/api/booking',
      payload: {
        start: slots[0]!.start,
        duration: BOOKING_DEFAULTS.durations[0],
        timeZone: 'UTC',
        name: 'Bo Booker',
        email: visitor,
      },
    })
    expect(booked.statusCode, booked.body).toBe(201)

    // The first attempts were refused: everything waits, nothing arrived, health says so.
    await app.services.mail.drain()
    await vi.waitFor(async () => {
      const queued = await outbox('?status=queued')
      // Each first attempt is over (the booking's run after its answer).
      expect(queued.mails.every((m) => m.lastError !== null)).toBe(true)
      expect(queued.mails.map((m) => m.kind).sort()).toEqual([
        'booking-booked',
        'booking-booked',
        'contact-acknowledgement',
        'contact-notification',
        'password-reset',
        'testimonial-request',
      ])
    }, ASYNC_WORK)
    for (const address of [member.email, visitor, client, writer, OWNER])
      expect(smtp.mailsTo(address)).toEqual([])
    expect(await health()).toEqual({ status: 'ok', degraded: ['mail'] })

    // Not before MAIL_RETRY_INTERVAL_MS; then each arrives once.
    expect(await senderRunAfter(MINUTE - 1)).toBe(0)
    expect(await senderRunAfter(1)).toBe(6)
    expect(await senderRunAfter(10 * MINUTE)).toBe(0)
    expect(smtp.mailsTo(member.email)).toHaveLength(1)
    expect(smtp.mailsTo(client)).toHaveLength(1)
    const [invitation, ...more] = smtp.mailsTo(visitor)
    expect(more).toEqual([])
    expect(invitation!.parsed.attachments.some((a) => a.contentType === 'text/calendar')).toBe(true)
    expect(smtp.mailsTo(OWNER).filter((m) => m.subject.startsWith('Call booked'))).toHaveLength(1)
    const [acknowledgement, ...again] = smtp.mailsTo(writer)
    expect(again).toEqual([])
    expect(acknowledgement!.subject).toMatch(/^Your message to .+ arrived$/)
    expect(
      smtp.mailsTo(OWNER).filter((m) => m.subject.startsWith('New contact message')),
    ).toHaveLength(1)
    expect(await health()).toEqual({ status: 'ok' })
    expect((await outbox('?status=queued')).total).toBe(0)
  })
})

describe('a permanent refusal (550)', () => {
  it('marks the mail failed with the answer; the owner queues it again and it goes out', async () => {
    const member = await makeUser(app, { email: 'refused@outbox.test' })
    smtp.refuseRecipient(member.email, 550, 1)
    await app.inject({
      method: 'POST',
      url: '/api/users/forget-password',
      payload: { email: member.email },
    })
    await app.services.users.drainBackground()
    const [failed] = (await outbox('?status=failed')).mails
    expect(failed).toMatchObject({ kind: 'password-reset', to: member.email, status: 'failed' })
    expect(failed!.lastError).toMatch(/550|refused/i)
    expect(smtp.mailsTo(member.email)).toEqual([])
    // The dashboard's panel counts it.
    const status = await app.inject({
      method: 'GET',
      url: '/api/operations/status',
      headers: admin,
    })
    expect(status.json()).toMatchObject({ mail: { failed: 1, queued: 0 } })
    // Renamed since it was queued: the retry still goes out under the name it was queued with.
    const current = SiteSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
    )
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...current, businessName: 'Renamed Studio' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)

    const retry = await app.inject({
      method: 'POST',
      url: `/api/outbox/${failed!._id}/retry`,
      headers: admin,
    })
    expect(retry.statusCode).toBe(202)
    await app.services.mail.drain()
    await vi.waitFor(() => expect(smtp.mailsTo(member.email)).toHaveLength(1), ASYNC_WORK)
    expect(smtp.lastMailTo(member.email).parsed.from?.value).toEqual([
      { address: 'no-reply@site.test', name: SITE_DEFAULTS.businessName },
    ])
    const [sent] = (await outbox('?status=sent')).mails.filter((m) => m._id === failed!._id)
    expect(sent).toMatchObject({ status: 'sent', lastError: null })
    expect(sent!.sentAt).not.toBeNull()
    // Only a failed mail can be queued again.
    expectError(
      await app.inject({ method: 'POST', url: `/api/outbox/${failed!._id}/retry`, headers: admin }),
      404,
    )
  })
})

describe('GET /api/outbox', () => {
  it('is the admin’s: 401 for a visitor, 403 for a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/outbox' }), 401)
    expectError(await app.inject({ method: 'GET', url: '/api/outbox', headers: user }), 403)
  })

  it('lists newest first and never shows a body, a link or a token', async () => {
    const page = await outbox()
    expect(page.total).toBeGreaterThanOrEqual(5)
    const times = page.mails.map((m) => m.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const listed = JSON.stringify(page)
    expect(listed).not.toMatch(/https?:\/\//)
    expect(listed).not.toMatch(/reset-password|\/booking\/|\/testimonial\//)
    for (const mail of page.mails)
      expect(Object.keys(mail).sort()).toEqual([
        '_id',
        'attempts',
        'createdAt',
        'kind',
        'lastError',
        'sentAt',
        'status',
        'subject',
        'to',
      ])
  })
})
