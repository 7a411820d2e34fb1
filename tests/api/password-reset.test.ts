import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RESET_TOKEN_TTL_MS } from '#common/constants.ts'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { passwordResetTokens } from '#server/db/schema.ts'
import type { MailTransport } from '#server/modules/mail/mail.transports.ts'
import { asAdmin, authHeader, bearer, expectError, signIn } from '#tests/helpers/auth.ts'
import { makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const PUBLIC_URL = 'http://site.test'
const NEW_PASSWORD = 'Br4nd!NewPass'
const SAME_ANSWER = {
  message: 'If an account exists for this email, a link to reset the password has been sent to it',
}

let app: TestApp
let smtp: TestSmtpServer
let clockOffsetMs = 0

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL },
    now: () => new Date(Date.now() + clockOffsetMs),
  })
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

const forget = (target: TestApp, email: string) =>
  target.inject({ method: 'POST', url: '/api/users/forget-password', payload: { email } })
const reset = (token: string, password = NEW_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, password } })

const LINK = new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}/reset-password/([A-Za-z0-9_-]+)`)

/** Asks for a reset link for `email` and returns the token from the mail that arrives. */
async function requestResetToken(email: string): Promise<string> {
  const before = smtp.mailsTo(email).length
  const res = await forget(app, email)
  expect(res.statusCode).toBe(200)
  // The mail is sent in the background: wait for it.
  await vi.waitFor(() => expect(smtp.mailsTo(email).length).toBeGreaterThan(before), ASYNC_WORK)
  const token = LINK.exec(smtp.lastMailTo(email).text)?.[1]
  if (!token) throw new Error('no reset link in the mail')
  return token
}

describe('POST /api/users/forget-password', () => {
  it('mails the user a link to PUBLIC_URL/reset-password/TOKEN', async () => {
    const user = await makeUser(app)
    const res = await forget(app, `  ${user.email.toUpperCase()} `)
    expect(res.statusCode).toBe(200)
    expect(MessageResponseSchema.strict().parse(res.json())).toEqual(SAME_ANSWER)
    const mail = await smtp.waitForMailTo(user.email)
    expect(mail.subject).toBe('Reset your password')
    expect(mail.text).toContain(user.name)
    const token = LINK.exec(mail.text)?.[1]
    // 32 random bytes in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password/${token}`)
  })

  it("comes from MAIL_FROM's address under the business name, never MAIL_FROM's name", async () => {
    const { headers } = await asAdmin(app)
    const current = SiteSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/settings', headers })).json(),
    )
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers,
      payload: { ...current, businessName: 'Okafor Digital' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const user = await makeUser(app)
    expect((await forget(app, user.email)).statusCode).toBe(200)
    const mail = await smtp.waitForMailTo(user.email)
    expect(mail.parsed.from?.value).toEqual([
      { address: 'no-reply@site.test', name: 'Okafor Digital' },
    ])
  })

  it('stores only a hash of the token', async () => {
    const user = await makeUser(app)
    const token = await requestResetToken(user.email)
    const rows = await app.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()
    expect(Math.abs(ttl - RESET_TOKEN_TTL_MS)).toBeLessThan(60_000)
  })

  it('answers an unknown e-mail with the identical body and sends no mail', async () => {
    const known = await makeUser(app)
    const unknown = `nobody-${crypto.randomUUID()}@example.com`
    const unknownRes = await forget(app, unknown)
    const knownRes = await forget(app, known.email)
    expect(unknownRes.statusCode).toBe(knownRes.statusCode)
    expect(unknownRes.body).toBe(knownRes.body)
    expect(unknownRes.json()).toEqual(SAME_ANSWER)
    await smtp.waitForMailTo(known.email)
    expect(smtp.mailsTo(unknown)).toEqual([])
  })

  it('returns 400 naming the field for a missing or malformed e-mail', async () => {
    expectError(
      await app.inject({ method: 'POST', url: '/api/users/forget-password', payload: {} }),
      400,
      /^email: Email is required/,
    )
    expectError(await forget(app, 'nope'), 400, /^email: /)
  })

  it('still answers the same 200 when the mail cannot be sent', async () => {
    let attempts = 0
    const failing: MailTransport = {
      send: async () => {
        attempts++
        throw new Error('SMTP server unavailable')
      },
    }
    const broken = await createTestApp({ mailTransport: failing })
    try {
      const user = await makeUser(broken)
      const res = await forget(broken, user.email)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(SAME_ANSWER)
      await vi.waitFor(() => expect(attempts).toBeGreaterThan(0), ASYNC_WORK)
      expect(attempts).toBe(1)
      expect((await broken.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await broken.cleanup()
    }
  })
})

describe('POST /api/users/reset-password', () => {
  it('sets the new password, ends old sessions and works only once', async () => {
    const user = await makeUser(app)
    const oldSession = await authHeader(app, user)
    const token = await requestResetToken(user.email)

    const res = await reset(token)
    expect(res.statusCode).toBe(200)
    expect(MessageResponseSchema.strict().parse(res.json())).toEqual({
      message: 'Password updated successfully',
    })

    const fresh = await signIn(app, user.email, NEW_PASSWORD)
    expect(fresh.statusCode).toBe(200)
    expectError(await signIn(app, user.email, TEST_PASSWORD), 401, 'Invalid email or password')
    const profile = { name: user.name, email: user.email }
    expectError(
      await app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: oldSession,
        payload: profile,
      }),
      401,
    )
    const withFresh = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(fresh.json().token),
      payload: profile,
    })
    expect(withFresh.statusCode).toBe(200)

    expectError(await reset(token, 'An0ther!Password'), 400, /Invalid or expired reset link/)
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('returns 400 for a token that has expired', async () => {
    const user = await makeUser(app)
    const token = await requestResetToken(user.email)
    clockOffsetMs = RESET_TOKEN_TTL_MS + 1_000
    try {
      expectError(await reset(token), 400, /Invalid or expired reset link/)
    } finally {
      clockOffsetMs = 0
    }
    expect((await signIn(app, user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('still accepts a token shortly before it expires', async () => {
    const user = await makeUser(app)
    const token = await requestResetToken(user.email)
    clockOffsetMs = RESET_TOKEN_TTL_MS - 60_000
    try {
      expect((await reset(token)).statusCode).toBe(200)
    } finally {
      clockOffsetMs = 0
    }
  })

  it('returns 400 for a token that was never issued', async () => {
    expectError(await reset('A'.repeat(43)), 400, /Invalid or expired reset link/)
  })

  it('voids the other links of the user once one is used', async () => {
    const user = await makeUser(app)
    const first = await requestResetToken(user.email)
    const second = await requestResetToken(user.email)
    expect(second).not.toBe(first)
    expect((await reset(second)).statusCode).toBe(200)
    expectError(await reset(first, 'An0ther!Password'), 400, /Invalid or expired reset link/)
  })

  it('accepts a token only once even when two resets race', async () => {
    const user = await makeUser(app)
    const token = await requestResetToken(user.email)
    const results = await Promise.all([
      reset(token, 'F1rst!Password'),
      reset(token, 'S3cond!Password'),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400])
    const winner = results[0]!.statusCode === 200 ? 'F1rst!Password' : 'S3cond!Password'
    expect((await signIn(app, user.email, winner)).statusCode).toBe(200)
  })

  it('returns 400 naming the password when it breaks the policy, and keeps the token usable', async () => {
    const user = await makeUser(app)
    const token = await requestResetToken(user.email)
    expectError(await reset(token, 'weakpass'), 400, /^password: Password must have/)
    expect((await reset(token)).statusCode).toBe(200)
  })

  it('returns 400 naming the token when it is missing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { password: NEW_PASSWORD },
    })
    expectError(res, 400, /^token: Token is required/)
  })
})
