/**
 * Forged and stale bearer tokens: `alg: none`, another algorithm, a wrong signature, a changed
 * payload, an expired token, the token of a deleted or demoted user, a token from before a
 * password change. Every one is refused with 401 JSON on every authenticated call.
 */
import { SignJWT, UnsecuredJWT, base64url } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_TTL_SECONDS } from '#common/constants.ts'
import { loadOrCreateSessionSecret } from '#server/db/settings.ts'
import { asAdmin, authHeader, bearer, expectError, makeSession } from '#tests/helpers/auth.ts'
import { TEST_PASSWORD, makeAdmin, makeUser } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let clockOffsetMs = 0
let secret: Uint8Array
let tried = 0

beforeAll(async () => {
  app = await createTestApp({ now: () => new Date(Date.now() + clockOffsetMs) })
  secret = new TextEncoder().encode(await loadOrCreateSessionSecret(app.database.db))
})
afterAll(async () => {
  console.log(
    `[token-tampering] forged or stale tokens tried: ${tried}, each on user and admin calls; accepted: 0`,
  )
  await app.cleanup()
})

/** Calls that need a signed-in user or an admin; none of them may accept a bad token. */
const PROTECTED = [
  { method: 'GET', url: '/api/users/admin' },
  { method: 'GET', url: '/api/summary/summary' },
  { method: 'GET', url: '/api/messages/admin' },
  {
    method: 'PUT',
    url: '/api/users/profile',
    payload: { name: 'Mallory', email: 'mallory@evil.test' },
  },
] as const

async function expectRefused(token: string, label: string) {
  for (const call of PROTECTED) {
    const res = await app.inject({
      method: call.method,
      url: call.url,
      headers: bearer(token),
      ...('payload' in call ? { payload: call.payload } : {}),
    })
    expect(res.statusCode, `${label}: ${call.method} ${call.url}`).toBe(401)
    expectError(res, 401)
  }
  tried += 1
}

const now = () => Math.floor((Date.now() + clockOffsetMs) / 1000)

/** Claims as a sign-in makes them, naming a new session record of the user. */
const validClaims = async (userId: string, tokenVersion = 0) =>
  new SignJWT({ ver: tokenVersion, sid: await makeSession(app, userId) })
    .setSubject(userId)
    .setIssuedAt(now())
    .setExpirationTime(now() + 3600)

describe('forged tokens', () => {
  it('accepts a correctly signed token (the control case)', async () => {
    const admin = await makeAdmin(app)
    const token = await (
      await validClaims(admin.id)
    )
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret)
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/admin',
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses alg "none"', async () => {
    const admin = await makeAdmin(app)
    const token = new UnsecuredJWT({ ver: 0 })
      .setSubject(admin.id)
      .setIssuedAt(now())
      .setExpirationTime(now() + 3600)
      .encode()
    await expectRefused(token, 'alg none')
    // The same with the signature part left in place, and with "None"/"NONE" spellings.
    const [, payload] = token.split('.')
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const header = base64url.encode(JSON.stringify({ alg, typ: 'JWT' }))
      await expectRefused(`${header}.${payload}.`, `alg ${alg}`)
      await expectRefused(`${header}.${payload}.c2lnbmF0dXJl`, `alg ${alg} with a signature`)
    }
  })

  it('refuses other algorithms and a wrong key', async () => {
    const admin = await makeAdmin(app)
    for (const alg of ['HS384', 'HS512'] as const) {
      await expectRefused(
        await (await validClaims(admin.id)).setProtectedHeader({ alg }).sign(secret),
        alg,
      )
    }
    const otherKey = new TextEncoder().encode('an-attacker-guessed-this-secret-of-48-characters!')
    await expectRefused(
      await (await validClaims(admin.id)).setProtectedHeader({ alg: 'HS256' }).sign(otherKey),
      'wrong key',
    )
  })

  it('refuses a changed payload or signature', async () => {
    const user = await makeUser(app)
    const admin = await makeAdmin(app)
    const token = await (
      await validClaims(user.id)
    )
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    // Claim to be the admin, keeping the user's signature.
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<
      string,
      unknown
    >
    const forged = base64url.encode(JSON.stringify({ ...claims, sub: admin.id }))
    await expectRefused(`${header}.${forged}.${signature}`, 'payload swapped')
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')
    await expectRefused(`${header}.${payload}.${flipped}`, 'signature changed')
    await expectRefused(`${header}.${payload}`, 'signature missing')
    await expectRefused(`${header}.${payload}.${signature}.extra`, 'extra part')
    for (const junk of ['', 'null', 'undefined', 'x'.repeat(5_000), '....', '%00', 'Bearer']) {
      await expectRefused(junk, `junk ${junk.slice(0, 10)}`)
    }
  })

  it('refuses tokens without the expected claims', async () => {
    const admin = await makeAdmin(app)
    const sign = (builder: SignJWT) => builder.setProtectedHeader({ alg: 'HS256' }).sign(secret)
    await expectRefused(
      await sign(new SignJWT({ ver: 0 }).setIssuedAt(now()).setExpirationTime(now() + 60)),
      'no subject',
    )
    await expectRefused(
      await sign(
        new SignJWT({})
          .setSubject(admin.id)
          .setIssuedAt(now())
          .setExpirationTime(now() + 60),
      ),
      'no version',
    )
    await expectRefused(
      await sign(
        new SignJWT({ ver: '0' })
          .setSubject(admin.id)
          .setIssuedAt(now())
          .setExpirationTime(now() + 60),
      ),
      'version as a string',
    )
    await expectRefused(
      await sign(new SignJWT({ ver: 0 }).setSubject('not-a-uuid').setIssuedAt(now())),
      'bad subject',
    )
    await expectRefused(
      await sign(
        new SignJWT({ ver: 0 })
          .setSubject(admin.id)
          .setIssuedAt(now())
          .setExpirationTime(now() + 60),
      ),
      'no session',
    )
    const user = await makeUser(app)
    await expectRefused(
      await sign(
        new SignJWT({ ver: 0, sid: await makeSession(app, user.id) })
          .setSubject(admin.id)
          .setIssuedAt(now())
          .setExpirationTime(now() + 60),
      ),
      "another user's session",
    )
  })
})

describe('stale tokens', () => {
  it('refuses an expired token', async () => {
    const { user, headers } = await asAdmin(app)
    const ok = await app.inject({ method: 'GET', url: '/api/users/admin', headers })
    expect(ok.statusCode).toBe(200)
    clockOffsetMs += (SESSION_TTL_SECONDS + 60) * 1000
    try {
      await expectRefused(headers.authorization.slice('Bearer '.length), 'expired')
    } finally {
      clockOffsetMs -= (SESSION_TTL_SECONDS + 60) * 1000
    }
    // Signed by us, well-formed, but expired an hour ago.
    const expired = await new SignJWT({ ver: user.tokenVersion })
      .setSubject(user.id)
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 3600)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret)
    await expectRefused(expired, 'expired an hour ago')
  })

  it('refuses the token of a deleted user', async () => {
    const { headers } = await asAdmin(app)
    const victim = await makeUser(app)
    const victimHeaders = await authHeader(app, victim)
    const deleted = await app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers })
    expect(deleted.statusCode).toBe(200)
    await expectRefused(victimHeaders.authorization.slice('Bearer '.length), 'deleted user')
  })

  it('refuses admin calls with the token of a demoted admin, and old tokens after a password change', async () => {
    const { headers } = await asAdmin(app)
    const other = await makeAdmin(app)
    const otherHeaders = await authHeader(app, other)
    const demoted = await app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      headers,
      payload: { name: other.name, email: other.email, isAdmin: false },
    })
    expect(demoted.statusCode).toBe(200)
    const adminCall = await app.inject({
      method: 'GET',
      url: '/api/users/admin',
      headers: otherHeaders,
    })
    expectError(adminCall, 403)

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: otherHeaders,
      payload: {
        name: other.name,
        email: other.email,
        password: 'N3w!Password',
        currentPassword: TEST_PASSWORD,
      },
    })
    expect(changed.statusCode).toBe(200)
    await expectRefused(
      otherHeaders.authorization.slice('Bearer '.length),
      'before the password change',
    )
    tried += 1
  })
})
