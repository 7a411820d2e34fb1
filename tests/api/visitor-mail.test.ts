/**
 * Every mail of the site looks like the business: the contact acknowledgement, the owner's reply,
 * the subscription confirmation, the testimonial request and the booking's mails to visitors, the
 * password reset, e-mail change and security notices to account holders, and the notifications to
 * the owner come in the one branded layout (the owner's logo or wordmark, a band and buttons in the
 * accent colour), as the newsletter does, From the business's or the owner's name.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { iconPath } from '#common/brand-icons.ts'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin, authHeader } from '#tests/helpers/auth.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { makeAdmin, makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

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

/** A link drawn as the layout's button: white text on the accent colour. */
const accentButton = (href: string, label: string) =>
  new RegExp(
    `<td bgcolor="${escapeRegExp(ACCENT)}"[^>]*><a href="${escapeRegExp(href)}" style="[^"]*color:#ffffff[^"]*">${escapeRegExp(label)}</a>`,
  )

/** The From header's name: the business's unless the mail is the owner's own. */
const fromName = (mail: { parsed: { from?: { value: { name: string }[] } } }) =>
  mail.parsed.from?.value[0]?.name

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

describe('mail to account holders', () => {
  it('brands the password reset, keeping its words and its link to PUBLIC_URL/reset-password/TOKEN', async () => {
    const user = await makeUser(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/forget-password',
      payload: { email: user.email },
    })
    expect(res.statusCode).toBe(200)
    const mail = await smtp.waitForMailTo(user.email)
    expect(mail.subject).toBe('Reset your password')
    expect(fromName(mail)).toBe('Okafor Digital')
    expectBranded(mail.html)
    const link = new RegExp(`${escapeRegExp(PUBLIC_URL)}/reset-password/[A-Za-z0-9_-]{43}`).exec(
      mail.text,
    )?.[0]
    expect(link).toBeDefined()
    expect(mail.html).toMatch(accentButton(link!, 'Choose a new password'))
    expect(mail.html).toContain(`Or copy this address into your browser: ${link}`)
    expect(mail.text).toContain('Open this link within one hour to choose a new password:')
    expect(mail.html).toContain('Open this link within one hour to choose a new password:')
    expect(mail.text).toContain('If you did not ask for this, ignore this mail')
  })

  it('brands the notice to the old address when the e-mail changes', async () => {
    const user = await makeUser(app)
    const newEmail = `moved-${crypto.randomUUID()}@visitor.test`
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: await authHeader(app, user),
      payload: { name: user.name, email: newEmail, currentPassword: TEST_PASSWORD },
    })
    expect(res.statusCode, res.body).toBe(200)
    await app.services.users.drainBackground()
    const mail = await smtp.waitForMailTo(user.email)
    expect(mail.subject).toBe('The e-mail address of your account was changed')
    expect(fromName(mail)).toBe('Okafor Digital')
    expectBranded(mail.html)
    expect(mail.html).toContain(newEmail)
    expect(mail.html).toMatch(accentButton(`${PUBLIC_URL}/contact`, 'Tell us it was not you'))
  })

  it('brands the security notice of a sign-in from a new device', async () => {
    const admin = await makeAdmin(app)
    for (const userAgent of [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/signin',
        headers: { 'user-agent': userAgent },
        payload: { email: admin.email, password: TEST_PASSWORD },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await app.services.security.drainBackground()
    const mail = await smtp.waitForMailTo(admin.email)
    expect(mail.subject).toBe('New sign-in to your account')
    expect(fromName(mail)).toBe('Okafor Digital')
    expectBranded(mail.html)
    expect(mail.html).toMatch(accentButton(`${PUBLIC_URL}/profile`, 'Open your profile'))
  })
})

describe('mail to the owner', () => {
  it('brands the new-message notification, its admin link a button', async () => {
    const subject = `A café site ${crypto.randomUUID().slice(0, 8)}`
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      remoteAddress: newClientIp(),
      payload: {
        fullName: 'Cy Visitor',
        email: 'cy@visitor.test',
        subject,
        message: 'We need a menu page.',
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    await app.services.messages.drainBackground()
    await vi.waitFor(
      () =>
        expect(smtp.mailsTo('owner@studio.test').map((m) => m.subject)).toContain(
          `New contact message: ${subject}`,
        ),
      ASYNC_WORK,
    )
    const mail = smtp
      .mailsTo('owner@studio.test')
      .find((m) => m.subject === `New contact message: ${subject}`)!
    expect(fromName(mail)).toBe('Okafor Digital')
    expectBranded(mail.html)
    expect(mail.html).toMatch(
      accentButton(`${PUBLIC_URL}/admin/messages`, 'Reply from the admin area'),
    )
  })

  it('brands the weekly digest', async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...settings, weeklyDigest: true },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await app.services.stats.sendWeeklyDigest()).toBe(true)
    const mail = await vi.waitFor(() => {
      const found = smtp
        .mailsTo('owner@studio.test')
        .find((m) => m.subject.startsWith("Your site's week"))
      expect(found).toBeDefined()
      return found!
    }, ASYNC_WORK)
    expect(fromName(mail)).toBe('Okafor Digital')
    expectBranded(mail.html)
    expect(mail.html).toMatch(accentButton(`${PUBLIC_URL}/admin/dashboard`, 'Open the dashboard'))
  })
})
