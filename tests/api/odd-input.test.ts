/**
 * Odd input answers 4xx naming the field, never 5xx: NUL characters (PostgreSQL text cannot hold
 * them), lone surrogates (no UTF-8 form), numbers past a double's range, dates in years no call is
 * booked in (PostgreSQL has no year 0), and wrong types.
 * tests/system/fuzz.test.ts tries random such input on every route; these are the fixed cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { makeMessage, makeUser, makeWebsite, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const NUL = 'Hello\u0000World'
const LONE_SURROGATE = 'Hello\uD800World'
const UNSTORABLE = 'must not contain NUL characters or unpaired surrogates'

let app: TestApp
let admin: Record<string, string>
let websiteId: string
let messageId: string
let userId: string

beforeAll(async () => {
  app = await createTestApp({ mailTransport: { send: async () => {} } })
  admin = (await asAdmin(app)).headers
  websiteId = (await makeWebsite(app)).id
  messageId = (await makeMessage(app)).id
  userId = (await makeUser(app)).id
})
afterAll(() => app.cleanup())

const sendJson = (method: 'POST' | 'PUT', url: string, body: unknown, headers = admin) =>
  app.inject({ method, url, headers, payload: body as object })

describe('GET /api/messages/export.csv', () => {
  it('answers 400 naming the search for a NUL character, as JSON and not as a download', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/messages/export.csv?q=%00',
      headers: admin,
    })
    expectError(res, 400, `q: Search ${UNSTORABLE}`)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-disposition']).toBeUndefined()
  })
})

describe('GET /api/messages/admin', () => {
  it('answers 400 naming the search for a NUL character', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/messages/admin?q=a%00',
      headers: admin,
    })
    expectError(res, 400, `q: Search ${UNSTORABLE}`)
  })
})

describe('GET /api/websites/slug/{slug}', () => {
  it('answers 400 naming the slug for a NUL character', async () => {
    expectError(
      await app.inject({ method: 'GET', url: '/api/websites/slug/a%00b' }),
      400,
      `slug: Slug ${UNSTORABLE}`,
    )
  })
})

describe('text fields of JSON bodies', () => {
  const contact = { fullName: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' }
  const signup = { name: 'Ann', email: 'ann-odd@example.com', password: TEST_PASSWORD }

  it.each([
    [
      'POST',
      '/api/messages/contact',
      { ...contact, fullName: LONE_SURROGATE },
      'fullName: Full name',
    ],
    ['POST', '/api/messages/contact', { ...contact, message: NUL }, 'message: Message'],
    [
      'POST',
      '/api/users/signup',
      { ...signup, password: `${TEST_PASSWORD}\uDC00` },
      'password: Password',
    ],
    [
      'POST',
      '/api/users/signin',
      { email: 'ann@example.com', password: NUL },
      'password: Password',
    ],
    ['POST', '/api/faq', { question: LONE_SURROGATE, answer: 'Yes.' }, 'question: Question'],
  ] as const)('%s %s answers 400 naming the field (%#)', async (method, url, body, field) => {
    expectError(await sendJson(method, url, body), 400, `${field} ${UNSTORABLE}`)
  })

  it('PUT /api/websites/{id} answers 400 naming the image description for a lone surrogate', async () => {
    const website = (
      await app.inject({ method: 'GET', url: `/api/websites/${websiteId}`, headers: admin })
    ).json<object>()
    const res = await sendJson('PUT', `/api/websites/${websiteId}`, {
      ...website,
      imageAlt: '\uDE00x',
    })
    expectError(res, 400, `imageAlt: Image description ${UNSTORABLE}`)
  })

  it('PUT /api/settings answers 400 naming a nested field for a lone surrogate', async () => {
    const settings = (await app.inject({ method: 'GET', url: '/api/settings' })).json<{
      social: Record<string, string>
    }>()
    const body = {
      ...settings,
      social: { ...settings.social, github: `https://github.com/${LONE_SURROGATE}` },
    }
    expectError(
      await sendJson('PUT', '/api/settings', body),
      400,
      `social.github: GitHub link ${UNSTORABLE}`,
    )
  })
})

describe('numbers and types', () => {
  it('answers 400 naming the field for a number past a double’s range', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/messages/${messageId}`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"read": 1${'0'.repeat(400)}}`,
    })
    expectError(res, 400, 'read: Read must be true or false')
  })

  it.each([
    [{ name: ['Ann'] }, 'name: Name must be text'],
    [{ email: 42 }, 'email: Email must be text'],
    [{ isAdmin: 'yes' }, 'isAdmin: isAdmin must be true or false'],
  ])('answers 400 naming the field for a wrong type (%#)', async (change, message) => {
    const user = { name: 'Odd', email: 'odd@example.com', isAdmin: false }
    expectError(await sendJson('PUT', `/api/users/${userId}`, { ...user, ...change }), 400, message)
  })
})

describe('GET /api/booking/slots', () => {
  // While booking is on: only then are the dates read against the database.
  beforeAll(async () => {
    const settings = (
      await app.inject({ method: 'GET', url: '/api/settings', headers: admin })
    ).json<object>()
    const on = await sendJson('PUT', '/api/settings', {
      ...settings,
      booking: { ...BOOKING_DEFAULTS, enabled: true },
    })
    expect(on.statusCode).toBe(200)
  })

  it.each([
    ['from=0000-01-01&to=0000-01-02', 'from: From must be in the years 2000 to 2100'],
    ['from=1999-12-31&to=2000-01-01', 'from: From must be in the years 2000 to 2100'],
    ['from=2100-12-31&to=2101-01-01', 'to: To must be in the years 2000 to 2100'],
    ['from=9999-12-30&to=9999-12-31', 'from: From must be in the years 2000 to 2100'],
  ])(
    'answers 400 naming the field for a date outside the years booked (%s)',
    async (query, message) => {
      expectError(
        await app.inject({ method: 'GET', url: `/api/booking/slots?${query}` }),
        400,
        message,
      )
    },
  )
})

describe('POST /api/booking', () => {
  it('answers 400 naming the start for a time outside the years booked', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking',
      payload: {
        start: '0000-01-03T09:00:00Z',
        duration: BOOKING_DEFAULTS.durations[0],
        name: 'Ann',
        email: 'ann-booking@example.com',
        timeZone: 'UTC',
      },
    })
    expectError(res, 400, 'start: Start must be in the years 2000 to 2100')
  })
})
