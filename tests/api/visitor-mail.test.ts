/**
 * Every mail to a visitor looks like the business: the contact acknowledgement, the owner's reply,
 * the subscription confirmation, the testimonial request and the booking's mails come in the one
 * branded layout (the owner's logo or wordmark, a band and buttons in the accent colour), as the
 * newsletter does.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iconPath } from '#common/brand-icons.ts'
import { BOOKING_DEFAULTS } from '#common/schemas/booking-settings.ts'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PUBLIC_URL = 'http://studio.test'
const ACCENT = '#0f5132'

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let settings: SiteSettings
const clock = Date.parse('2026-03-02T09:00:00.000Z')

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The accent's band over the card, as the branded layout draws it. */
const band = new RegExp(`border-top:4px solid ${escapeRegExp(ACCENT)}`)

async function uploadLogo(): Promise<string> {
  const content = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', 'image.png'))
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'logo.png')
  const request = new Request('http://upload.test', { method: 'POST', body: form })
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...admin, 'content-type': request.headers.get('content-type')! },
  })
  expect(res.statusCode).toBe(200)
  return res.json<string>()
}

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL, OWNER_EMAIL: 'owner@studio.test' },
    now: () => new Date(clock),
  })
  admin = (await asAdmin(app)).headers
  const current = SiteSettingsSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
  )
  settings = {
    ...current,
    ownerName: 'Sam Okafor',
    businessName: 'Okafor Digital',
    accentColor: ACCENT,
    logo: await uploadLogo(),
    booking: {
      ...BOOKING_DEFAULTS,
      enabled: true,
      timeZone: 'UTC',
      durations: [30],
      weekly: { ...BOOKING_DEFAULTS.weekly, mon: [{ start: '09:00', end: '17:00' }] },
      minNoticeHours: 0,
    },
  }
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: settings,
  })
  expect(res.statusCode, res.body).toBe(200)
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

function expectBranded(html: string) {
  expect(html).toMatch(band)
  const logoUrl = `${PUBLIC_URL}${iconPath(settings.logo!, 180)}`
  expect(html).toMatch(new RegExp(`<img src="${escapeRegExp(logoUrl)}" alt=""`))
  expect(html).toContain('>Okafor Digital</span>')
}

describe('mail to visitors', () => {
  it('brands the contact acknowledgement and the reply', async () => {
    const email = 'ada@visitor.test'
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      remoteAddress: newClientIp(),
      payload: { fullName: 'Ada Visitor', email, subject: 'A shop', message: 'Hello there.' },
    })
    expect(res.statusCode, res.body).toBe(201)
    await app.services.messages.drainBackground()
    expectBranded((await smtp.waitForMailTo(email)).html)

    const reply = await app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers: admin,
      payload: {
        email,
        subject: 'A shop',
        replyContent: 'Happy to help.',
        messageId: res.json<{ _id: string }>()._id,
      },
    })
    expect(reply.statusCode, reply.body).toBe(200)
    const answer = smtp.mailsTo(email).find((m) => m.subject.startsWith('Re:'))
    expect(answer).toBeDefined()
    expectBranded(answer!.html)
  })

  it('brands the subscription confirmation, its link a button in the accent', async () => {
    const email = 'reader@visitor.test'
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscribers',
      remoteAddress: newClientIp(),
      payload: { email },
    })
    expect(res.statusCode).toBe(202)
    await app.services.subscribers.drainMail()
    const mail = await smtp.waitForMailTo(email)
    expectBranded(mail.html)
    expect(mail.html).toMatch(
      new RegExp(`background:${escapeRegExp(ACCENT)}[^"]*">Confirm my subscription</a>`),
    )
  })

  it('brands the testimonial request', async () => {
    const email = 'client@visitor.test'
    const res = await app.inject({
      method: 'POST',
      url: '/api/testimonials/requests',
      headers: admin,
      payload: { name: 'Dana Client', email },
    })
    expect(res.statusCode, res.body).toBe(201)
    const mail = await smtp.waitForMailTo(email)
    expectBranded(mail.html)
    expect(mail.html).toMatch(
      new RegExp(`background:${escapeRegExp(ACCENT)}[^"]*">Write a testimonial</a>`),
    )
  })

  it("brands a booking's mails, the visitor's and the owner's", async () => {
    const email = 'booker@visitor.test'
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking',
      remoteAddress: newClientIp(),
      payload: {
        start: '2026-03-09T10:00:00.000Z',
        duration: 30,
        timeZone: 'Europe/Lisbon',
        name: 'Bo Booker',
        email,
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    expectBranded((await smtp.waitForMailTo(email)).html)
    expectBranded((await smtp.waitForMailTo('owner@studio.test')).html)
  })
})
