/**
 * Account security across the users endpoints: the breached-password rule wherever a password is
 * set, the current password for sensitive profile changes, "sign out everywhere" and the maximum
 * age of a session token. Time is the injected clock; mail is captured by an in-memory transport.
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_BREACHED,
  REVERIFY_REQUIRED,
  REVERIFY_WINDOW_MS,
  SESSION_TTL_SECONDS,
} from '#common/constants.ts'
import { PasskeySchema } from '#common/schemas/account-security.ts'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import { SessionSchema, UserPublicSchema } from '#common/schemas/users.ts'
import type { OutgoingMail } from '#server/modules/mail/mail.transports.ts'
import { authHeader, bearer, expectError, makeSession, signIn } from '#tests/helpers/auth.ts'
import { makeAdmin, makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { registrationResponse } from '#tests/helpers/passkey-authenticator.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const SESSION_SECRET = 'account-security-test-secret-0123456789'
const NEW_PASSWORD = 'Fr3sh!Lantern'
const BREACHED = ['P@ssw0rd', 'Password1!', 'Qwerty123!']

let app: TestApp
let clockOffsetMs = 0
const mails: OutgoingMail[] = []

beforeAll(async () => {
  app = await createTestApp({
    env: { SESSION_SECRET },
    now: () => new Date(Date.now() + clockOffsetMs),
    mailTransport: {
      send: async (mail) => {
        mails.push(mail)
      },
    },
  })
})
afterAll(() => app.cleanup())

type Headers = Record<string, string>

const putProfile = (headers: Headers, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload })
const signOutEverywhere = (headers: Headers) =>
  app.inject({ method: 'POST', url: '/api/users/signout-everywhere', headers })
/** A call that needs a signed-in user and changes nothing. */
const nameOnly = (headers: Headers, user: { name: string; email: string }) =>
  putProfile(headers, { name: user.name, email: user.email })

/** The mails handed to the transport for `address`, once the work done after answering is over. */
async function mailsTo(address: string) {
  await app.services.users.drainBackground()
  return mails.filter((m) => m.to === address)
}

/** Asks for a reset link and returns the token it carries. */
async function resetTokenFor(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/forget-password',
    payload: { email },
  })
  expect(res.statusCode).toBe(200)
  const link = (await mailsTo(email)).at(-1)?.text.match(/\/reset-password\/([\w-]+)/)
  if (!link?.[1]) throw new Error(`no reset link mailed to ${email}`)
  return link[1]
}

describe('common breached passwords', () => {
  it.each(BREACHED)('are refused on sign-up: %s', async (password) => {
    const email = `breached-${crypto.randomUUID()}@example.com`
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: 'Someone', email, password },
    })
    expectError(res, 400, PASSWORD_BREACHED)
    expectError(await signIn(app, email, password), 401)
  })

  it('are refused on reset, and the link stays usable', async () => {
    const user = await makeUser(app)
    const token = await resetTokenFor(user.email)
    for (const password of BREACHED) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { token, password },
      })
      expectError(res, 400, PASSWORD_BREACHED)
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: NEW_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
  })

  it('are refused on a profile change, and the password stays as it was', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    for (const password of BREACHED) {
      const res = await putProfile(headers, {
        name: user.name,
        email: user.email,
        password,
        currentPassword: TEST_PASSWORD,
      })
      expectError(res, 400, PASSWORD_BREACHED)
    }
    expect((await signIn(app, user.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect((await nameOnly(headers, user)).statusCode).toBe(200)
  })
})

describe('PUT /api/users/profile with a new password or e-mail', () => {
  it('returns 400 without the current password and changes nothing', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    const newEmail = `moved-${crypto.randomUUID()}@example.com`
    expectError(
      await putProfile(headers, { name: user.name, email: user.email, password: NEW_PASSWORD }),
      400,
      CURRENT_PASSWORD_REQUIRED,
    )
    expectError(
      await putProfile(headers, { name: user.name, email: newEmail, currentPassword: '' }),
      400,
      CURRENT_PASSWORD_REQUIRED,
    )
    expect((await signIn(app, user.email, TEST_PASSWORD)).statusCode).toBe(200)
    expectError(await signIn(app, newEmail, TEST_PASSWORD), 401)
    expect((await nameOnly(headers, user)).statusCode).toBe(200)
  })

  it('returns 401 for a wrong current password, changes nothing and keeps the session', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    const newEmail = `moved-${crypto.randomUUID()}@example.com`
    const wrong = { currentPassword: 'Wr0ng!Current' }
    expectError(
      await putProfile(headers, {
        name: user.name,
        email: user.email,
        password: NEW_PASSWORD,
        ...wrong,
      }),
      401,
      CURRENT_PASSWORD_WRONG,
    )
    const wrongForEmail = await putProfile(headers, { name: user.name, email: newEmail, ...wrong })
    expectError(wrongForEmail, 401, CURRENT_PASSWORD_WRONG)
    // Not a refused token: the browser keeps its session (see app/lib/api-client.ts).
    expect(wrongForEmail.headers['www-authenticate']).toBeUndefined()
    expect((await signIn(app, user.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect((await nameOnly(headers, user)).statusCode).toBe(200)
    expect(await mailsTo(user.email)).toEqual([])
  })

  it('checks a current password given with a name-only change too', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    expectError(
      await putProfile(headers, {
        name: 'Guess',
        email: user.email,
        currentPassword: 'Wr0ng!Guess',
      }),
      401,
      CURRENT_PASSWORD_WRONG,
    )
    const res = await putProfile(headers, {
      name: 'Right',
      email: user.email,
      currentPassword: TEST_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
  })

  it('needs no current password for a name-only change, which keeps the session', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    const res = await putProfile(headers, { name: 'Only Renamed', email: user.email, password: '' })
    expect(res.statusCode).toBe(200)
    expect(SessionSchema.parse(res.json()).name).toBe('Only Renamed')
    expect((await nameOnly(headers, user)).statusCode).toBe(200)
  })

  it('changes the password with the right current password and ends earlier sessions', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    const res = await putProfile(headers, {
      name: user.name,
      email: user.email,
      password: NEW_PASSWORD,
      currentPassword: TEST_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    const session = SessionSchema.parse(res.json())
    expectError(await nameOnly(headers, user), 401)
    expect((await nameOnly(bearer(session.token), user)).statusCode).toBe(200)
    expectError(await signIn(app, user.email, TEST_PASSWORD), 401)
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('changes the e-mail: notifies the old address, ends earlier sessions and reset links', async () => {
    const user = await makeUser(app)
    const headers = await authHeader(app, user)
    const resetToken = await resetTokenFor(user.email)
    const newEmail = `moved-${crypto.randomUUID()}@example.com`

    const res = await putProfile(headers, {
      name: user.name,
      email: newEmail,
      currentPassword: TEST_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    const session = SessionSchema.parse(res.json())
    expect(session.email).toBe(newEmail)

    const notice = (await mailsTo(user.email)).at(-1)
    expect(notice?.subject).toBe('The e-mail address of your account was changed')
    expect(notice?.text).toContain(newEmail)
    expect(await mailsTo(newEmail)).toEqual([])

    expectError(await nameOnly(headers, user), 401)
    expect((await nameOnly(bearer(session.token), session)).statusCode).toBe(200)

    // The link mailed to the old address no longer sets a password.
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: resetToken, password: NEW_PASSWORD },
    })
    expectError(reset, 400, /Invalid or expired reset link/)
    expectError(await signIn(app, newEmail, NEW_PASSWORD), 401)
    expect((await signIn(app, newEmail, TEST_PASSWORD)).statusCode).toBe(200)
    expectError(await signIn(app, user.email, TEST_PASSWORD), 401)
  })
})

describe('PUT /api/users/:id with a new e-mail', () => {
  const putUser = (headers: Headers, user: { id: string; name: string }, email: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers,
      payload: { name: user.name, email, isAdmin: false },
    })

  it("needs the admin's recent check, tells the old address and ends the account's sessions and reset links", async () => {
    const admin = await makeAdmin(app)
    const adminHeaders = await authHeader(app, admin)
    const user = await makeUser(app)
    const userHeaders = await authHeader(app, user)
    const resetToken = await resetTokenFor(user.email)
    const newEmail = `taken-over-${crypto.randomUUID()}@example.com`
    const sessionsOf = (headers: Headers) =>
      app.inject({ method: 'GET', url: '/api/users/sessions', headers })

    clockOffsetMs = REVERIFY_WINDOW_MS + 60_000
    try {
      expectError(await putUser(adminHeaders, user, newEmail), 403, REVERIFY_REQUIRED)
      expect((await sessionsOf(userHeaders)).statusCode).toBe(200)
      expect(await mailsTo(user.email)).toHaveLength(1)

      const reverified = await app.inject({
        method: 'POST',
        url: '/api/users/reverify',
        headers: adminHeaders,
        payload: { password: TEST_PASSWORD },
      })
      expect(reverified.statusCode).toBe(200)
      const res = await putUser(adminHeaders, user, newEmail)
      expect(res.statusCode).toBe(200)
      expect(UserPublicSchema.parse(res.json()).email).toBe(newEmail)
    } finally {
      clockOffsetMs = 0
    }

    const notice = (await mailsTo(user.email)).at(-1)
    expect(notice?.subject).toBe('The e-mail address of your account was changed')
    expect(notice?.text).toContain(newEmail)
    expectError(await sessionsOf(userHeaders), 401)
    expect((await sessionsOf(adminHeaders)).statusCode).toBe(200)
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: resetToken, password: NEW_PASSWORD },
    })
    expectError(reset, 400, /Invalid or expired reset link/)
  })

  it("ends the admin's own sessions when the admin changes their own e-mail there", async () => {
    const admin = await makeAdmin(app)
    const headers = await authHeader(app, admin)
    const newEmail = `self-${crypto.randomUUID()}@example.com`
    expect((await putUser(headers, { ...admin, name: admin.name }, newEmail)).statusCode).toBe(200)
    expectError(await nameOnly(headers, admin), 401)
    expect((await mailsTo(admin.email)).map((m) => m.subject)).toEqual([
      'The e-mail address of your account was changed',
    ])
  })
})

describe('POST /api/users/passkeys', () => {
  async function register(headers: Headers, name: string, credentialId?: Buffer) {
    const options = await app.inject({
      method: 'POST',
      url: '/api/users/passkeys/options',
      headers,
    })
    expect(options.statusCode).toBe(200)
    const { challenge, rp } = options.json() as { challenge: string; rp: { id: string } }
    // The test app's PUBLIC_URL is plain http on the relying party's host.
    const credential = registrationResponse({ challenge, rp }, `http://${rp.id}`, credentialId)
    return app.inject({
      method: 'POST',
      url: '/api/users/passkeys',
      headers,
      payload: { name, credential },
    })
  }

  it('stores a new passkey, and answers 409 for a credential registered already', async () => {
    const headers = await authHeader(app, await makeUser(app))
    const credentialId = Buffer.from(crypto.getRandomValues(new Uint8Array(16)))
    const first = await register(headers, 'Laptop', credentialId)
    expect(first.statusCode).toBe(201)
    expect(PasskeySchema.parse(first.json()).name).toBe('Laptop')
    expectError(await register(headers, 'Laptop again', credentialId), 409)
    const someoneElse = await authHeader(app, await makeUser(app))
    expectError(await register(someoneElse, 'Not theirs', credentialId), 409)
  })
})

describe('POST /api/users/signout-everywhere', () => {
  it('returns 401 without a token', async () => {
    expectError(await signOutEverywhere({}), 401)
  })

  it('ends every session issued before it; signing in again works', async () => {
    const user = await makeUser(app)
    const first = SessionSchema.parse((await signIn(app, user.email, TEST_PASSWORD)).json())
    const second = SessionSchema.parse((await signIn(app, user.email, TEST_PASSWORD)).json())

    const res = await signOutEverywhere(bearer(first.token))
    expect(res.statusCode).toBe(200)
    MessageResponseSchema.strict().parse(res.json())

    const refused = await nameOnly(bearer(first.token), user)
    expectError(refused, 401)
    // RFC 6750: the browser drops a session only on this answer.
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    expectError(await nameOnly(bearer(second.token), user), 401)
    expectError(await signOutEverywhere(bearer(second.token)), 401)
    const again = SessionSchema.parse((await signIn(app, user.email, TEST_PASSWORD)).json())
    expect((await nameOnly(bearer(again.token), user)).statusCode).toBe(200)
  })
})

describe('session token age', () => {
  it('is capped even when the token claims a later expiry', async () => {
    const user = await makeUser(app)
    const issuedAt = Math.floor(Date.now() / 1000)
    const sid = await makeSession(app, user.id)
    const token = await new SignJWT({ ver: user.tokenVersion, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 10 * SESSION_TTL_SECONDS)
      .sign(new TextEncoder().encode(SESSION_SECRET))
    expect((await nameOnly(bearer(token), user)).statusCode).toBe(200)
    clockOffsetMs = (SESSION_TTL_SECONDS + 60) * 1000
    try {
      expectError(await nameOnly(bearer(token), user), 401)
    } finally {
      clockOffsetMs = 0
    }
  })
})

describe('guesses of the current password', () => {
  const GUESS_BOUND = 200
  let limited: TestApp
  beforeAll(async () => {
    // Real limits, on a fixed clock so the counting window cannot roll over mid-test.
    const fixed = new Date('2026-03-02T10:01:00Z')
    limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' }, now: () => fixed })
  })
  afterAll(() => limited.cleanup())

  it('are limited per account, and name-only changes do not reset the count', async () => {
    const user = await makeUser(limited)
    const headers = await authHeader(limited, user)
    const put = (payload: object) =>
      limited.inject({ method: 'PUT', url: '/api/users/profile', headers, payload })
    const guess = (n: number) =>
      put({
        name: user.name,
        email: user.email,
        password: NEW_PASSWORD,
        currentPassword: `G${n}!x`,
      })

    // However the limit is tuned, it is reached within this many guesses.
    let refused: Awaited<ReturnType<typeof guess>> | undefined
    for (let n = 0; n < GUESS_BOUND && !refused; n += 1) {
      const res = await guess(n)
      if (res.statusCode === 429) refused = res
      else expectError(res, 401, CURRENT_PASSWORD_WRONG)
      expect((await put({ name: `Renamed ${n}`, email: user.email })).statusCode).toBe(200)
    }
    expect(refused).toBeDefined()
    expectError(refused!, 429, /Too many attempts/)
    expectError(
      await put({ name: user.name, email: user.email, currentPassword: TEST_PASSWORD }),
      429,
    )
  })
})
