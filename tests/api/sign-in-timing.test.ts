/**
 * An unknown e-mail costs the same hashing work as a wrong password, so answer times do not tell
 * which e-mails have accounts; a recovery code costs one verification, not one per stored code.
 * Counted as argon2 verifications (the real library, observed), not timed: a timed comparison
 * fails on a busy machine. The clock is fixed, so two-factor codes are known.
 */
import type * as Argon2 from '@node-rs/argon2'
import { generate } from 'otplib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  RecoveryCodesSchema,
  TwoFactorRequiredSchema,
  TwoFactorSetupSchema,
} from '#common/schemas/account-security.ts'
import { SessionSchema } from '#common/schemas/users.ts'
import { bearer, signIn } from '#tests/helpers/auth.ts'
import { makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const argon2 = vi.hoisted(() => ({ verifiedHashes: [] as string[] }))

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>()
  return {
    ...original,
    verify: (hash: string, password: string) => {
      argon2.verifiedHashes.push(hash)
      return original.verify(hash, password)
    },
  }
})

let app: TestApp
const clock = new Date(Math.floor(Date.now() / 30_000) * 30_000)

beforeAll(async () => {
  app = await createTestApp({ now: () => clock })
})
afterAll(() => app.cleanup())
beforeEach(() => {
  argon2.verifiedHashes.length = 0
})

describe('POST /api/users/signin', () => {
  it('verifies one argon2id hash for an unknown e-mail, as for a wrong password', async () => {
    const user = await makeUser(app)
    argon2.verifiedHashes.length = 0

    expect((await signIn(app, user.email, 'Wr0ng!Password')).statusCode).toBe(401)
    const forWrongPassword = [...argon2.verifiedHashes]
    argon2.verifiedHashes.length = 0
    expect(
      (await signIn(app, `unknown-${crypto.randomUUID()}@example.com`, 'Wr0ng!Password'))
        .statusCode,
    ).toBe(401)
    const forUnknownEmail = [...argon2.verifiedHashes]

    expect(forWrongPassword).toHaveLength(1)
    expect(forUnknownEmail).toHaveLength(1)
    // Same algorithm and cost parameters: the hash's header (everything before salt and digest).
    const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$')
    expect(parameters(forUnknownEmail[0]!)).toBe(parameters(forWrongPassword[0]!))
    expect(parameters(forUnknownEmail[0]!)).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/)
  })
})

describe('POST /api/users/signin/2fa', () => {
  it('verifies one argon2id hash for a recovery code, whichever of the ten it is', async () => {
    const user = await makeUser(app)
    const headers = bearer(
      SessionSchema.parse((await signIn(app, user.email, TEST_PASSWORD)).json()).token,
    )
    const post = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url: `/api/users${url}`, headers, payload })
    const { secret } = TwoFactorSetupSchema.parse((await post('/2fa/setup')).json())
    const code = await generate({ secret, epoch: Math.floor(clock.getTime() / 1000) })
    const { recoveryCodes } = RecoveryCodesSchema.parse(
      (await post('/2fa/enable', { code })).json(),
    )

    for (const recoveryCode of [recoveryCodes[9]!, recoveryCodes[0]!]) {
      const { challenge } = TwoFactorRequiredSchema.parse(
        (await signIn(app, user.email, TEST_PASSWORD)).json(),
      )
      argon2.verifiedHashes.length = 0
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/signin/2fa',
        payload: { challenge, recoveryCode },
      })
      expect(res.statusCode).toBe(200)
      expect(argon2.verifiedHashes).toHaveLength(1)
    }
  })
})
