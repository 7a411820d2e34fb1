/**
 * Replacing the token-signing secret (`npm run rotate-secret` calls this service through the
 * running server): every session ends at once, a token forged with the old secret is refused even
 * with the new token version, contact forms served before are no longer genuine, and nothing is
 * replaced while SESSION_SECRET is set.
 */
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionSchema } from '#common/schemas/users.ts'
import { users } from '#server/db/schema.ts'
import { readSessionSecret } from '#server/db/settings.ts'
import { asAdmin, bearer, expectError, makeSession, signIn } from '#tests/helpers/auth.ts'
import { isSpamWithToken } from '#tests/helpers/contact.ts'
import { makeAdmin, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let clock = new Date('2026-06-01T09:00:00.000Z')
let app: TestApp

beforeAll(async () => {
  app = await createTestApp({ now: () => clock })
})
afterAll(() => app.cleanup())

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

const adminCall = (target: TestApp, headers: Record<string, string>) =>
  target.inject({ method: 'GET', url: '/api/users/admin', headers })

describe('rotating the session secret', () => {
  it('ends every session at once; signing in again works', async () => {
    const first = await asAdmin(app)
    const second = await asAdmin(app)
    expect((await adminCall(app, first.headers)).statusCode).toBe(200)

    const { signedOut } = await app.services.sessionSecret.rotate()
    expect(signedOut).toBeGreaterThanOrEqual(2)

    for (const { headers } of [first, second]) {
      const res = await adminCall(app, headers)
      expectError(res, 401, 'Not authorized, token failed')
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    }
    const again = await signIn(app, first.user.email, TEST_PASSWORD)
    expect(again.statusCode, again.body).toBe(200)
    const headers = bearer(SessionSchema.parse(again.json()).token)
    expect((await adminCall(app, headers)).statusCode).toBe(200)
  })

  it('refuses a token forged with the old secret, even with the new token version', async () => {
    const admin = await makeAdmin(app)
    const old = await readSessionSecret(app.database.db)
    await app.services.sessionSecret.rotate()
    expect(await readSessionSecret(app.database.db)).not.toBe(old)

    const [row] = await app.database.db.select().from(users).where(eq(users.id, admin.id))
    expect(row!.tokenVersion).toBe(admin.tokenVersion + 1)
    const issuedAt = Math.floor(clock.getTime() / 1000)
    const sid = await makeSession(app, admin.id)
    const forged = await new SignJWT({ ver: row!.tokenVersion, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(admin.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(new TextEncoder().encode(old))
    expectError(await adminCall(app, bearer(forged)), 401)
  })

  it('turns a contact form served before it into spam; one served after goes through', async () => {
    const before = app.services.messages.issueContactToken()
    await app.services.sessionSecret.rotate()
    const after = app.services.messages.issueContactToken()
    tick(60_000)
    expect(await isSpamWithToken(app, before, 1)).toBe(true)
    expect(await isSpamWithToken(app, after, 2)).toBe(false)
  })

  it('refuses while SESSION_SECRET is set, and changes nothing', async () => {
    const pinned = await createTestApp({ env: { SESSION_SECRET: 'p'.repeat(48) } })
    try {
      const { headers } = await asAdmin(pinned)
      const stored = await readSessionSecret(pinned.database.db)
      await expect(pinned.services.sessionSecret.rotate()).rejects.toMatchObject({
        statusCode: 409,
        message: expect.stringMatching(/^SESSION_SECRET is set in the environment/),
      })
      expect((await adminCall(pinned, headers)).statusCode).toBe(200)
      expect(await readSessionSecret(pinned.database.db)).toBe(stored)
    } finally {
      await pinned.cleanup()
    }
  })
})
