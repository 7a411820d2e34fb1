/** Testimonials the owner can follow: the e-mail on arrival, the requests sent, resends, manual ones. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import {
  TestimonialListSchema,
  TestimonialRequestListSchema,
  TestimonialResponseSchema,
} from '#common/schemas/testimonials.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PUBLIC_URL = 'http://site.test'
const OWNER = 'owner@follow-up.test'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const DAY_MS = 24 * 60 * 60_000
const LINK = /http:\/\/site\.test\/testimonial\/([A-Za-z0-9_-]+)/

let smtp: TestSmtpServer
let app: TestApp
let admin: Record<string, string>
let user: Record<string, string>
let clock = new Date('2030-05-04T09:00:00.000Z')

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL, OWNER_EMAIL: OWNER },
    now: () => clock,
  })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

let sequence = 0
const uniqueEmail = () => `client-${Date.now().toString(36)}-${++sequence}@example.com`

/** Asks a new client for a testimonial; returns the request's id, the address and the link's token. */
async function requestFrom(name = 'Dana Client') {
  const email = uniqueEmail()
  const res = await app.inject({
    method: 'POST',
    url: '/api/testimonials/requests',
    headers: admin,
    payload: { name, email },
  })
  expect(res.statusCode, res.body).toBe(201)
  const { request } = res.json() as { request: { _id: string } }
  return { id: request._id, email, token: await lastToken(email) }
}

async function lastToken(email: string) {
  const mail = await smtp.waitForMailTo(email)
  const token = LINK.exec(mail.text)?.[1]
  if (!token) throw new Error(`no testimonial link in the mail: ${mail.text}`)
  return token
}

const submit = (
  token: string,
  text = 'Clear, quick and kind. Our bookings doubled.',
  name = 'Dana Client',
) =>
  app.inject({
    method: 'POST',
    url: '/api/testimonials',
    payload: { token, name, role: 'Owner', company: 'Dana & Co', text, rating: 5 },
  })

const listRequests = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/testimonials/requests',
    headers: admin,
  })
  expect(res.statusCode).toBe(200)
  return TestimonialRequestListSchema.parse(res.json()).requests
}

const resend = (id: string, headers = admin) =>
  app.inject({ method: 'POST', url: `/api/testimonials/requests/${id}/resend`, headers })

describe('a testimonial arriving', () => {
  it('mails the owner who sent it, what it says and where to review it', async () => {
    const { token } = await requestFrom('Priya Natarajan')
    const text = `Our shop finally works on phones (${Math.random().toString(36).slice(2)}).`
    expect((await submit(token, text, 'Priya Natarajan')).statusCode).toBe(201)
    const mail = await smtp.waitForMailTo(OWNER)
    expect(mail.subject).toBe('New testimonial from Priya Natarajan')
    expect(mail.text).toContain(text)
    expect(mail.text).toContain('Rating: 5 of 5')
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/testimonials`)
  })
})

describe('GET /api/testimonials/requests', () => {
  it('lists each request with when it was sent, used and expires', async () => {
    const open = await requestFrom('Open Request')
    const used = await requestFrom('Used Request')
    expect((await submit(used.token)).statusCode).toBe(201)

    const requests = await listRequests()
    const shown = requests.find((r) => r._id === open.id)
    expect(shown).toEqual({
      _id: open.id,
      name: 'Open Request',
      email: open.email,
      websiteId: null,
      sentAt: clock.toISOString(),
      usedAt: null,
      expiresAt: new Date(clock.getTime() + 30 * DAY_MS).toISOString(),
    })
    expect(requests.find((r) => r._id === used.id)?.usedAt).toBe(clock.toISOString())
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const url = '/api/testimonials/requests'
    expectError(await app.inject({ method: 'GET', url }), 401)
    expectError(await app.inject({ method: 'GET', url, headers: user }), 403)
  })
})

describe('POST /api/testimonials/requests/:id/resend', () => {
  it('mails a new link valid from now, and the old link stops working', async () => {
    const { id, email, token: oldToken } = await requestFrom()
    // A minute later (sessions live on the same clock, so a day's jump would sign the admin out).
    clock = new Date(clock.getTime() + 60_000)
    const res = await resend(id)
    expect(res.statusCode).toBe(200)
    expect(MessageResponseSchema.parse(res.json()).message).toBe('Testimonial request sent')
    const mails = smtp.mailsTo(email)
    expect(mails).toHaveLength(2)
    const newToken = LINK.exec(mails[1]!.text)?.[1]
    expect(newToken).toBeDefined()
    expect(newToken).not.toBe(oldToken)

    const listed = (await listRequests()).find((r) => r._id === id)
    expect(listed?.sentAt).toBe(clock.toISOString())
    expect(listed?.expiresAt).toBe(new Date(clock.getTime() + 30 * DAY_MS).toISOString())

    expectError(await submit(oldToken), 400, /not valid/)
    expect((await submit(newToken!)).statusCode).toBe(201)
  })

  it('answers 409 for a request already used and 404 for an unknown one', async () => {
    const { id, token } = await requestFrom()
    expect((await submit(token)).statusCode).toBe(201)
    expectError(await resend(id), 409, /already used/)
    expectError(await resend(UNKNOWN_ID), 404, 'Testimonial request not found')
  })

  it('answers 401 to a visitor and 403 to a user, and sends nothing', async () => {
    const { id, email } = await requestFrom()
    expectError(await resend(id, {}), 401)
    expectError(await resend(id, user), 403)
    expect(smtp.mailsTo(email)).toHaveLength(1)
  })
})

describe('POST /api/testimonials/manual', () => {
  const manual = (payload: Record<string, unknown>, headers = admin) =>
    app.inject({ method: 'POST', url: '/api/testimonials/manual', headers, payload })

  it('stores one received elsewhere, approved and public at once', async () => {
    const text = `Sent to me on LinkedIn (${Math.random().toString(36).slice(2)}).`
    const res = await manual({ name: 'Leo Park', role: 'CTO', company: 'Parkway', text, rating: 4 })
    expect(res.statusCode).toBe(201)
    const { testimonial } = TestimonialResponseSchema.parse(res.json())
    expect(testimonial).toMatchObject({
      name: 'Leo Park',
      role: 'CTO',
      company: 'Parkway',
      text,
      rating: 4,
      approved: true,
      status: 'approved',
    })
    const list = await app.inject({ method: 'GET', url: '/api/testimonials' })
    expect(TestimonialListSchema.parse(list.json()).testimonials.map((t) => t.text)).toContain(text)
  })

  it('answers 400 naming the field', async () => {
    expectError(await manual({ name: 'Leo Park' }), 400, /^text: /)
    expectError(await manual({ name: 'Leo Park', text: 'Great', rating: 9 }), 400, /^rating: /)
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await manual({ name: 'X', text: 'Y' }, {}), 401)
    expectError(await manual({ name: 'X', text: 'Y' }, user), 403)
  })
})
