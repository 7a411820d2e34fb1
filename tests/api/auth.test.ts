import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_TTL_SECONDS } from '#common/constants.ts'
import { SessionSchema } from '#common/schemas/users.ts'
import { asAdmin, authHeader, bearer, expectError, signIn } from '#tests/helpers/auth.ts'
import { makeAdmin, makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let clockOffsetMs = 0

beforeAll(async () => {
  app = await createTestApp({ now: () => new Date(Date.now() + clockOffsetMs) })
})
afterAll(() => app.cleanup())

const signUp = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/users/signup', payload })

/** A call that needs a signed-in user and changes nothing. */
const profileWith = (headers: Record<string, string>, user: { name: string; email: string }) =>
  app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers,
    payload: { name: user.name, email: user.email },
  })

const listUsers = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/users/admin', headers })

describe('POST /api/users/signin', () => {
  it('returns the session object for the right e-mail and password', async () => {
    const user = await makeUser(app)
    const res = await signIn(app, user.email, TEST_PASSWORD)
    expect(res.statusCode).toBe(200)
    const session = SessionSchema.strict().parse(res.json())
    expect(session).toEqual({
      _id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: false,
      token: expect.any(String),
    })
    expect((await profileWith(bearer(session.token), user)).statusCode).toBe(200)
  })

  it('accepts the e-mail with other case and surrounding spaces', async () => {
    const user = await makeUser(app)
    const res = await signIn(app, `  ${user.email.toUpperCase()} `, TEST_PASSWORD)
    expect(res.statusCode).toBe(200)
    expect(res.json().email).toBe(user.email)
  })

  it('returns a token that carries admin rights for an admin', async () => {
    const admin = await makeAdmin(app)
    const res = await signIn(app, admin.email, TEST_PASSWORD)
    expect(res.json().isAdmin).toBe(true)
    expect((await listUsers(bearer(res.json().token))).statusCode).toBe(200)
  })

  it('returns 401 for a wrong password', async () => {
    const user = await makeUser(app)
    expectError(await signIn(app, user.email, 'Wr0ng!Password'), 401, 'Invalid email or password')
  })

  it('returns the same 401 for an unknown e-mail', async () => {
    expectError(
      await signIn(app, 'nobody-here@example.com', TEST_PASSWORD),
      401,
      'Invalid email or password',
    )
  })

  it('returns 400 naming the field when the e-mail is missing or malformed', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { password: TEST_PASSWORD },
    })
    expectError(missing, 400, /email/i)
    expectError(await signIn(app, 'not-an-email', TEST_PASSWORD), 400, /email/i)
  })

  it('returns 400 naming the field when the password is empty', async () => {
    expectError(await signIn(app, 'someone@example.com', ''), 400, /password/i)
  })
})

describe('POST /api/users/signup', () => {
  const newAccount = (email = `new-${crypto.randomUUID()}@example.com`) => ({
    name: 'New Person',
    email,
    password: TEST_PASSWORD,
  })

  it('creates a plain user and returns its session', async () => {
    const account = newAccount()
    const res = await signUp(account)
    expect(res.statusCode).toBe(201)
    const session = SessionSchema.strict().parse(res.json())
    expect(session).toMatchObject({ name: 'New Person', email: account.email, isAdmin: false })
    expect((await signIn(app, account.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect((await profileWith(bearer(session.token), account)).statusCode).toBe(200)
  })

  it('stores the e-mail trimmed and lower-cased', async () => {
    const email = `Mixed-${crypto.randomUUID()}@Example.COM`
    const res = await signUp(newAccount(`  ${email} `))
    expect(res.statusCode).toBe(201)
    expect(res.json().email).toBe(email.toLowerCase())
  })

  it('ignores isAdmin in the body', async () => {
    const account = newAccount()
    const res = await signUp({ ...account, isAdmin: true })
    expect(res.statusCode).toBe(201)
    expect(res.json().isAdmin).toBe(false)
    expectError(await listUsers(bearer(res.json().token)), 403)
    const admin = await asAdmin(app)
    const stored = await app.inject({
      method: 'GET',
      url: `/api/users/${res.json()._id}`,
      headers: admin.headers,
    })
    expect(stored.json().isAdmin).toBe(false)
  })

  it('returns 409 for an e-mail that is already registered, whatever its case', async () => {
    const user = await makeUser(app)
    expectError(await signUp(newAccount(user.email.toUpperCase())), 409, /already exists/)
  })

  it('gives exactly one of two simultaneous sign-ups with the same e-mail', async () => {
    const account = newAccount()
    const results = await Promise.all([signUp(account), signUp(account)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
  })

  it.each([
    ['short', 'Sh0rt!'],
    ['without an uppercase letter', 'n0upper!case'],
    ['without a lowercase letter', 'N0LOWER!CASE'],
    ['without a digit', 'NoDigits!Here'],
    ['without a special character', 'N0Special1Char'],
  ])('returns 400 naming the password for a password %s', async (_label, password) => {
    expectError(await signUp({ ...newAccount(), password }), 400, /^password: Password must have/)
  })

  it('returns 400 naming the field when the name is missing', async () => {
    const { name: _name, ...withoutName } = newAccount()
    expectError(await signUp(withoutName), 400, /^name: Name is required/)
  })

  it('returns 400 naming the field for a malformed e-mail', async () => {
    expectError(await signUp(newAccount('not an email')), 400, /^email: /)
  })
})

describe('session tokens', () => {
  it('returns 401 without a token, with a malformed one and with a forged one', async () => {
    const user = await makeUser(app)
    expectError(await profileWith({}, user), 401)
    expectError(await profileWith(bearer('not-a-token'), user), 401)
    const { authorization } = await authHeader(app, user)
    const [header, payload] = authorization.slice('Bearer '.length).split('.')
    expectError(await profileWith(bearer(`${header}.${payload}.forgedsignature`), user), 401)
  })

  it('stop working after their expiry', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    expect((await profileWith(headers, user)).statusCode).toBe(200)
    clockOffsetMs = (SESSION_TTL_SECONDS + 60) * 1000
    try {
      expectError(await profileWith(headers, user), 401)
    } finally {
      clockOffsetMs = 0
    }
  })

  it('stop working after a password change, and the new token works', async () => {
    const user = await makeUser(app)
    const oldSession = (await signIn(app, user.email, TEST_PASSWORD)).json()
    const newPassword = 'N3w!Passw0rd'
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(oldSession.token),
      payload: {
        name: user.name,
        email: user.email,
        password: newPassword,
        currentPassword: TEST_PASSWORD,
      },
    })
    expect(res.statusCode).toBe(200)
    expectError(await profileWith(bearer(oldSession.token), user), 401)
    expect((await profileWith(bearer(res.json().token), user)).statusCode).toBe(200)
    expectError(await signIn(app, user.email, TEST_PASSWORD), 401)
    expect((await signIn(app, user.email, newPassword)).statusCode).toBe(200)
  })

  it('of a deleted user get 401 on the next request', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    const admin = await asAdmin(app)
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
    })
    expect(del.statusCode).toBe(200)
    expectError(await profileWith(headers, user), 401)
  })

  it('of a demoted admin lose admin rights on the next request', async () => {
    const demoted = await makeAdmin(app)
    const headers = await authHeader(app, demoted)
    expect((await listUsers(headers)).statusCode).toBe(200)
    const admin = await asAdmin(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/users/${demoted.id}`,
      headers: admin.headers,
      payload: { _id: demoted.id, name: demoted.name, email: demoted.email, isAdmin: false },
    })
    expect(res.statusCode).toBe(200)
    expectError(await listUsers(headers), 403)
    expect((await profileWith(headers, demoted)).statusCode).toBe(200)
  })

  it('of a promoted user gain admin rights on the next request', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    expectError(await listUsers(headers), 403)
    const admin = await asAdmin(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
      payload: { name: user.name, email: user.email, isAdmin: true },
    })
    expect(res.statusCode).toBe(200)
    expect((await listUsers(headers)).statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } })
  })
  afterAll(() => limited.cleanup())

  it.each([
    ['signin', { email: 'someone@example.com', password: 'Wr0ng!Password' }],
    ['signup', { name: 'Bot', email: 'not-valid', password: 'x' }],
    ['forget-password', { email: 'someone@example.com' }],
    ['reset-password', { token: 'nope', password: TEST_PASSWORD }],
  ])(
    'answers POST /api/users/%s with 429 JSON and retry-after once over the limit',
    async (path, payload) => {
      const call = () => limited.inject({ method: 'POST', url: `/api/users/${path}`, payload })
      expect((await call()).statusCode).not.toBe(429)
      const res = await call()
      expectError(res, 429, /Too many requests/)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    },
  )

  it('counts an IPv6 client by its /64, and an IPv4-mapped one as its IPv4 address', async () => {
    // A service's own limit (testimonial posts: 2 at this scale), an invalid post counted too.
    const post = (remoteAddress: string) =>
      limited.inject({ method: 'POST', url: '/api/testimonials', remoteAddress, payload: {} })
    const statuses = async (...addresses: string[]) => {
      const answers: number[] = []
      for (const address of addresses) answers.push((await post(address)).statusCode)
      return answers
    }
    expect(
      await statuses('2001:db8:1:2:aaaa::1', '2001:db8:1:2:bbbb::2', '2001:db8:1:2:cccc::3'),
    ).toEqual([400, 400, 429])
    expect(await statuses('2001:db8:1:3::1')).toEqual([400])
    expect(await statuses('::ffff:192.0.2.7', '192.0.2.7', '::ffff:192.0.2.7')).toEqual([
      400, 400, 429,
    ])
    expect(await statuses('192.0.2.8')).toEqual([400])
  })
})
