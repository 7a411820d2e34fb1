import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { OutboxPageSchema } from '#common/schemas/outbox.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import {
  AdminTestimonialListSchema,
  AdminTestimonialOrderResponseSchema,
  TESTIMONIAL_REQUEST_TTL_DAYS,
  TestimonialListSchema,
  TestimonialRequestResponseSchema,
  TestimonialResponseSchema,
  TestimonialSubmitResponseSchema,
  type AdminTestimonial,
} from '#common/schemas/testimonials.ts'
import { testimonialRequests, testimonials } from '#server/db/schema.ts'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeMessage, makeWebsite } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PUBLIC_URL = 'http://site.test'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const DAY_MS = 24 * 60 * 60 * 1000
const LINK = /http:\/\/site\.test\/testimonial\/([A-Za-z0-9_-]+)/

let smtp: TestSmtpServer
let app: TestApp
let admin: Record<string, string>
let user: Record<string, string>
let clock = new Date('2030-03-01T09:00:00Z')

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL }, now: () => clock })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

let sequence = 0
const uniqueEmail = () => `client-${Date.now().toString(36)}-${++sequence}@example.com`

const postRequest = (payload: Record<string, unknown>, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/testimonials/requests', headers, payload })

/** Asks `email` for a testimonial and returns the token of the link mailed to it. */
async function requestToken(fields: Record<string, unknown> = {}) {
  const email = uniqueEmail()
  const res = await postRequest({ name: 'Dana Client', email, ...fields })
  expect(res.statusCode, res.body).toBe(201)
  const mail = await smtp.waitForMailTo(email)
  const token = LINK.exec(mail.text)?.[1]
  if (!token) throw new Error(`no testimonial link in the mail: ${mail.text}`)
  return { token, email, mail, request: TestimonialRequestResponseSchema.parse(res.json()).request }
}

const testimonialBody = (token: string, fields: Record<string, unknown> = {}) => ({
  token,
  name: 'Dana Client',
  role: 'Founder',
  company: 'Dana & Co',
  text: 'Delivered on time and the site brings us calls every week.',
  rating: 5,
  ...fields,
})

const submit = (payload: Record<string, unknown>, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/testimonials', payload, remoteAddress })

async function submitted(fields: Record<string, unknown> = {}) {
  const { token, email } = await requestToken()
  const res = await submit(testimonialBody(token, fields))
  expect(res.statusCode, res.body).toBe(201)
  return { ...TestimonialSubmitResponseSchema.parse(res.json()).testimonial, email }
}

const putTestimonial = (id: string, payload: Record<string, unknown>, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/testimonials/${id}`, headers, payload })

async function approved(fields: Record<string, unknown> = {}) {
  const testimonial = await submitted(fields)
  const res = await putTestimonial(testimonial._id, { approved: true })
  expect(res.statusCode, res.body).toBe(200)
  return TestimonialResponseSchema.parse(res.json()).testimonial
}

async function publicList() {
  const res = await app.inject({ method: 'GET', url: '/api/testimonials' })
  expect(res.statusCode).toBe(200)
  return TestimonialListSchema.strict().parse(res.json()).testimonials
}

async function adminList() {
  const res = await app.inject({ method: 'GET', url: '/api/testimonials/admin', headers: admin })
  expect(res.statusCode).toBe(200)
  return AdminTestimonialListSchema.parse(res.json())
}

const adminEntry = async (id: string): Promise<AdminTestimonial | undefined> =>
  (await adminList()).testimonials.find((t) => t._id === id)

describe('POST /api/testimonials/requests', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    const payload = { name: 'Dana', email: uniqueEmail() }
    expectError(
      await app.inject({ method: 'POST', url: '/api/testimonials/requests', payload }),
      401,
    )
    expectError(await postRequest(payload, user), 403)
    expect(smtp.mailsTo(payload.email)).toEqual([])
  })

  it('mails the client a one-time link to PUBLIC_URL/testimonial/TOKEN and answers 201', async () => {
    const website = await makeWebsite(app)
    const message = await makeMessage(app)
    const { token, email, mail, request } = await requestToken({
      name: 'Dana Client',
      websiteId: website.id,
      messageId: message.id,
    })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.to).toEqual([email])
    expect(mail.text).toContain('Hello Dana Client')
    expect(mail.text).toContain(`${TESTIMONIAL_REQUEST_TTL_DAYS} days`)
    expect(mail.html).toContain(`href="${PUBLIC_URL}/testimonial/${token}"`)
    expect(request).toMatchObject({
      name: 'Dana Client',
      email,
      websiteId: website.id,
      messageId: message.id,
    })
    expect(new Date(request.expiresAt).getTime() - clock.getTime()).toBe(
      TESTIMONIAL_REQUEST_TTL_DAYS * DAY_MS,
    )
  })

  it('takes an empty or null portfolio entry (a form’s choice “None”) as none', async () => {
    for (const websiteId of ['', null]) {
      const { request } = await requestToken({ websiteId })
      expect(request.websiteId).toBeNull()
    }
  })

  it('stores only a hash of the token', async () => {
    const { token, request } = await requestToken()
    const [row] = await app.database.db
      .select()
      .from(testimonialRequests)
      .where(eq(testimonialRequests.id, request._id))
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
  })

  it('answers 400 naming the field for a missing name or a bad e-mail, and mails nobody', async () => {
    expectError(await postRequest({ email: uniqueEmail() }), 400, /name/i)
    expectError(await postRequest({ name: 'Dana', email: 'not-an-email' }), 400, /email/i)
    expectError(await postRequest({ name: 'x'.repeat(101), email: uniqueEmail() }), 400, /100/)
    expectError(
      await postRequest({ name: 'Dana', email: uniqueEmail(), websiteId: 'nope' }),
      400,
      /websiteId/,
    )
  })

  it('answers 400 for a portfolio entry or a message that does not exist', async () => {
    const email = uniqueEmail()
    expectError(
      await postRequest({ name: 'Dana', email, websiteId: UNKNOWN_ID }),
      400,
      'Portfolio entry not found',
    )
    expectError(
      await postRequest({ name: 'Dana', email, messageId: UNKNOWN_ID }),
      400,
      'Message not found',
    )
    expect(smtp.mailsTo(email)).toEqual([])
  })

  it('queues the request in the outbox when the mail server refuses it, and keeps its link', async () => {
    const email = uniqueEmail()
    smtp.setRejectAll(true)
    try {
      const res = await postRequest({ name: 'Dana', email })
      expect(res.statusCode, res.body).toBe(201)
    } finally {
      smtp.setRejectAll(false)
    }
    const rows = await app.database.db
      .select()
      .from(testimonialRequests)
      .where(eq(testimonialRequests.email, email))
    expect(rows).toHaveLength(1)
    const queued = await app.inject({
      method: 'GET',
      url: '/api/outbox?status=queued',
      headers: admin,
    })
    const mails = OutboxPageSchema.parse(queued.json()).mails.filter((m) => m.to === email)
    expect(mails).toMatchObject([{ kind: 'testimonial-request', status: 'queued', attempts: 1 }])
    expect(mails[0]!.lastError).not.toBeNull()
  })
})

describe('POST /api/testimonials', () => {
  it('stores the testimonial pending, from the link, and answers 201 without the e-mail', async () => {
    const website = await makeWebsite(app)
    const { token, email } = await requestToken({ websiteId: website.id })
    const res = await submit(testimonialBody(token, { name: '  Dana C.  ', rating: 4 }))
    expect(res.statusCode, res.body).toBe(201)
    const body = TestimonialSubmitResponseSchema.strict().parse(res.json())
    expect(body.message).toBe('Thank you! Your testimonial was sent.')
    expect(body.testimonial).toMatchObject({
      name: 'Dana C.',
      role: 'Founder',
      company: 'Dana & Co',
      rating: 4,
      websiteId: website.id,
      isSample: false,
    })
    expect(res.body).not.toContain(email)
    expect(await adminEntry(body.testimonial._id)).toMatchObject({
      status: 'pending',
      approved: false,
      email,
    })
  })

  it('takes a testimonial without a role, a company or a rating', async () => {
    const { token } = await requestToken()
    const res = await submit({ token, name: 'Sam', text: 'Great work.' })
    expect(res.statusCode, res.body).toBe(201)
    expect(TestimonialSubmitResponseSchema.parse(res.json()).testimonial).toMatchObject({
      role: '',
      company: '',
      rating: null,
    })
  })

  it('answers 400 the second time a link is used', async () => {
    const { token } = await requestToken()
    expect((await submit(testimonialBody(token))).statusCode).toBe(201)
    expectError(
      await submit(testimonialBody(token, { text: 'Again' })),
      400,
      'This testimonial link was already used: each link works once.',
    )
  })

  it('accepts exactly one of two concurrent posts with the same link', async () => {
    const { token, email } = await requestToken()
    const answers = await Promise.all([
      submit(testimonialBody(token, { text: 'First' })),
      submit(testimonialBody(token, { text: 'Second' })),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400])
    const stored = await app.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.email, email))
    expect(stored).toHaveLength(1)
  })

  it(`answers 400 once the link is more than ${TESTIMONIAL_REQUEST_TTL_DAYS} days old`, async () => {
    const start = clock
    try {
      const first = await requestToken()
      const second = await requestToken()
      clock = new Date(start.getTime() + TESTIMONIAL_REQUEST_TTL_DAYS * DAY_MS - 60_000)
      expect((await submit(testimonialBody(first.token))).statusCode).toBe(201)
      clock = new Date(start.getTime() + TESTIMONIAL_REQUEST_TTL_DAYS * DAY_MS)
      expectError(
        await submit(testimonialBody(second.token)),
        400,
        `This testimonial link has expired: links work for ${TESTIMONIAL_REQUEST_TTL_DAYS} days.`,
      )
    } finally {
      clock = start
    }
  })

  it('answers 400 to a token that was never sent', async () => {
    expectError(
      await submit(testimonialBody('a'.repeat(43))),
      400,
      'This testimonial link is not valid: check that the address is complete.',
    )
  })

  it('answers 400 naming the field, and leaves the link usable', async () => {
    const { token } = await requestToken()
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: ' ' }, /Name is required/],
      [{ text: '' }, /Testimonial is required/],
      [{ text: 'x'.repeat(2001) }, /Testimonial must be at most 2000 characters/],
      [{ role: 'x'.repeat(101) }, /Role must be at most 100 characters/],
      [{ company: 'x'.repeat(101) }, /Company must be at most 100 characters/],
      [{ rating: 6 }, /Rating must be a whole number from 1 to 5/],
      [{ rating: 0 }, /Rating must be a whole number from 1 to 5/],
      [{ rating: 2.5 }, /Rating must be a whole number from 1 to 5/],
      [{ token: '' }, /Token is required/],
    ]
    for (const [fields, message] of cases) {
      expectError(await submit(testimonialBody(token, fields)), 400, message)
    }
    expect((await submit(testimonialBody(token))).statusCode).toBe(201)
  })
})

describe('POST /api/testimonials rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1' } })
  })
  afterAll(() => limited.cleanup())

  it('answers 429 past the limit of posts from one address, valid or not', async () => {
    const post = () =>
      limited.inject({
        method: 'POST',
        url: '/api/testimonials',
        payload: { token: 'x', name: '', text: '' },
        remoteAddress: '198.51.100.60',
      })
    for (let i = 0; i < ACTION_LIMITS.testimonialAttempts.max; i += 1)
      expect((await post()).statusCode).toBe(400)
    expectError(await post(), 429, /^Too many requests, please try again in/)
    const elsewhere = await limited.inject({
      method: 'POST',
      url: '/api/testimonials',
      payload: { token: 'x', name: '', text: '' },
      remoteAddress: '198.51.100.61',
    })
    expect(elsewhere.statusCode).toBe(400)
  })
})

describe('GET /api/testimonials', () => {
  it('lists approved testimonials only, never a pending or hidden one nor an e-mail', async () => {
    const pending = await submitted({ text: 'Pending words' })
    const shown = await approved({ text: 'Approved words' })
    const hidden = await approved({ text: 'Hidden words' })
    expect((await putTestimonial(hidden._id, { approved: false })).statusCode).toBe(200)

    const res = await app.inject({ method: 'GET', url: '/api/testimonials' })
    expect(res.headers['cache-control']).toBe('public, no-cache')
    const ids = (await publicList()).map((t) => t._id)
    expect(ids).toContain(shown._id)
    expect(ids).not.toContain(pending._id)
    expect(ids).not.toContain(hidden._id)
    expect(res.body).not.toContain('@example.com')
    expect(Object.keys(TestimonialListSchema.parse(res.json()).testimonials[0]!).sort()).toEqual(
      [
        '_id',
        'company',
        'createdAt',
        'isSample',
        'name',
        'photo',
        'position',
        'rating',
        'role',
        'text',
        'websiteId',
      ].sort(),
    )
  })

  it('shows a pending testimonial once it is approved', async () => {
    const pending = await submitted()
    expect((await publicList()).map((t) => t._id)).not.toContain(pending._id)
    expect((await putTestimonial(pending._id, { approved: true })).statusCode).toBe(200)
    expect((await publicList()).map((t) => t._id)).toContain(pending._id)
  })
})

describe('GET /api/testimonials/admin', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/testimonials/admin' }), 401)
    expectError(
      await app.inject({ method: 'GET', url: '/api/testimonials/admin', headers: user }),
      403,
    )
  })

  it('lists every testimonial with its status and e-mail, and the portfolio entries', async () => {
    const website = await makeWebsite(app, { name: 'Entry to link' })
    const pending = await submitted()
    const shown = await approved()
    const hidden = await approved()
    await putTestimonial(hidden._id, { approved: false })
    const list = await adminList()
    const statusOf = (id: string) => list.testimonials.find((t) => t._id === id)?.status
    expect(statusOf(pending._id)).toBe('pending')
    expect(statusOf(shown._id)).toBe('approved')
    expect(statusOf(hidden._id)).toBe('hidden')
    expect(list.testimonials.find((t) => t._id === pending._id)?.email).toBe(pending.email)
    expect(list.websites).toContainEqual({ _id: website.id, name: 'Entry to link' })
  })
})

describe('PUT /api/testimonials/:id', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    const testimonial = await submitted()
    expectError(
      await app.inject({
        method: 'PUT',
        url: `/api/testimonials/${testimonial._id}`,
        payload: { approved: true },
      }),
      401,
    )
    expectError(await putTestimonial(testimonial._id, { approved: true }, user), 403)
    expect((await adminEntry(testimonial._id))?.status).toBe('pending')
  })

  it('edits the given fields, keeps the others, and links a portfolio entry', async () => {
    const website = await makeWebsite(app)
    const testimonial = await submitted()
    const res = await putTestimonial(testimonial._id, {
      text: 'Edited for length.',
      role: '',
      rating: null,
      websiteId: website.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(TestimonialResponseSchema.strict().parse(res.json()).testimonial).toMatchObject({
      name: testimonial.name,
      company: testimonial.company,
      text: 'Edited for length.',
      role: '',
      rating: null,
      websiteId: website.id,
      status: 'pending',
    })
    const unlinked = await putTestimonial(testimonial._id, { websiteId: null, rating: 3 })
    expect(TestimonialResponseSchema.parse(unlinked.json()).testimonial).toMatchObject({
      websiteId: null,
      rating: 3,
    })
  })

  it('approves and hides', async () => {
    const testimonial = await submitted()
    const shown = await putTestimonial(testimonial._id, { approved: true })
    expect(TestimonialResponseSchema.parse(shown.json()).testimonial).toMatchObject({
      approved: true,
      status: 'approved',
    })
    const hidden = await putTestimonial(testimonial._id, { approved: false })
    expect(TestimonialResponseSchema.parse(hidden.json()).testimonial).toMatchObject({
      approved: false,
      status: 'hidden',
    })
  })

  it('answers 400 for invalid fields or an unknown portfolio entry, 404 for an unknown id', async () => {
    const testimonial = await submitted()
    expectError(await putTestimonial(testimonial._id, { name: '' }), 400, /Name is required/)
    expectError(
      await putTestimonial(testimonial._id, { text: 'x'.repeat(2001) }),
      400,
      /Testimonial must be at most 2000 characters/,
    )
    expectError(await putTestimonial(testimonial._id, { rating: 9 }), 400, /Rating/)
    expectError(await putTestimonial(testimonial._id, { approved: 'yes' }), 400, /Approved/)
    expectError(
      await putTestimonial(testimonial._id, { websiteId: UNKNOWN_ID }),
      400,
      'Portfolio entry not found',
    )
    expectError(await putTestimonial('not-an-id', { approved: true }), 400, /id/)
    expectError(await putTestimonial(UNKNOWN_ID, { approved: true }), 404, 'Testimonial not found')
    expect((await adminEntry(testimonial._id))?.text).toBe(testimonial.text)
  })
})

describe('PUT /api/testimonials/order', () => {
  const putOrder = (ids: string[], headers = admin) =>
    app.inject({ method: 'PUT', url: '/api/testimonials/order', headers, payload: { ids } })

  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(
      await app.inject({ method: 'PUT', url: '/api/testimonials/order', payload: { ids: [] } }),
      401,
    )
    expectError(await putOrder([], user), 403)
  })

  it('sets the order of every testimonial, which the public list follows', async () => {
    const first = await approved()
    const second = await approved()
    const ids = (await adminList()).testimonials.map((t) => t._id)
    const reordered = [
      second._id,
      first._id,
      ...ids.filter((id) => ![first._id, second._id].includes(id)),
    ]
    const res = await putOrder(reordered)
    expect(res.statusCode, res.body).toBe(200)
    const body = AdminTestimonialOrderResponseSchema.parse(res.json())
    expect(body.testimonials.map((t) => t._id)).toEqual(reordered)
    expect(body.testimonials.map((t) => t.position)).toEqual(reordered.map((_, i) => i + 1))
    const shown = (await publicList()).map((t) => t._id)
    expect(shown.slice(0, 2)).toEqual([second._id, first._id])
  })

  it('answers 400 unless every testimonial is named exactly once, and keeps the order', async () => {
    await submitted()
    const ids = (await adminList()).testimonials.map((t) => t._id)
    expectError(await putOrder(ids.slice(1)), 400, 'ids must list every testimonial exactly once')
    expectError(
      await putOrder([...ids, ids[0]!]),
      400,
      'ids must list every testimonial exactly once',
    )
    expectError(
      await putOrder([...ids.slice(1), UNKNOWN_ID]),
      400,
      'ids must list every testimonial exactly once',
    )
    expectError(await putOrder(['not-an-id']), 400, /ids/)
    expect((await adminList()).testimonials.map((t) => t._id)).toEqual(ids)
  })
})

describe('DELETE /api/testimonials/:id', () => {
  const remove = (id: string, headers?: Record<string, string>) =>
    app.inject({ method: 'DELETE', url: `/api/testimonials/${id}`, headers })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const testimonial = await approved()
    expectError(await remove(testimonial._id), 401)
    expectError(await remove(testimonial._id, user), 403)
    expect(await adminEntry(testimonial._id)).toBeDefined()
  })

  it('deletes the testimonial, which leaves the public list', async () => {
    const testimonial = await approved()
    const res = await remove(testimonial._id, admin)
    expect(res.statusCode).toBe(200)
    expect(MessageResponseSchema.strict().parse(res.json())).toEqual({
      message: 'Testimonial deleted successfully',
    })
    expect(await adminEntry(testimonial._id)).toBeUndefined()
    expect((await publicList()).map((t) => t._id)).not.toContain(testimonial._id)
    expectError(await remove(testimonial._id, admin), 404, 'Testimonial not found')
  })
})

describe('the public response cache', () => {
  let cached: TestApp
  let owner: Record<string, string>
  beforeAll(async () => {
    cached = await createTestApp({
      env: { SMTP_URL: smtp.url, RESPONSE_CACHE_TTL_MS: '600000' },
    })
    owner = (await asAdmin(cached)).headers
  })
  afterAll(() => cached.cleanup())

  const listed = async () =>
    TestimonialListSchema.parse(
      (await cached.inject({ method: 'GET', url: '/api/testimonials' })).json(),
    ).testimonials.map((t) => t.text)

  it('is emptied by an approval, an edit and a deletion', async () => {
    const email = uniqueEmail()
    const asked = await cached.inject({
      method: 'POST',
      url: '/api/testimonials/requests',
      headers: owner,
      payload: { name: 'Cache Client', email },
    })
    expect(asked.statusCode).toBe(201)
    const token = LINK.exec((await smtp.waitForMailTo(email)).text)![1]!
    const sent = await cached.inject({
      method: 'POST',
      url: '/api/testimonials',
      payload: testimonialBody(token, { text: 'Cached words' }),
    })
    const id = TestimonialSubmitResponseSchema.parse(sent.json()).testimonial._id
    expect(await listed()).toEqual([])

    const put = (payload: Record<string, unknown>) =>
      cached.inject({ method: 'PUT', url: `/api/testimonials/${id}`, headers: owner, payload })
    expect((await put({ approved: true })).statusCode).toBe(200)
    expect(await listed()).toEqual(['Cached words'])
    expect((await put({ text: 'Edited words' })).statusCode).toBe(200)
    expect(await listed()).toEqual(['Edited words'])
    const deleted = await cached.inject({
      method: 'DELETE',
      url: `/api/testimonials/${id}`,
      headers: owner,
    })
    expect(deleted.statusCode).toBe(200)
    expect(await listed()).toEqual([])
  })
})
