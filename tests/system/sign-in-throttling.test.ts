/**
 * Sign-in is throttled per client IP, per account and address together, and per account in total.
 * One address guessing an account's password is stopped without keeping the real owner, signing in
 * from elsewhere, out. Guesses spread over many addresses are stopped by the per-account ceiling,
 * which keeps the owner out for at most one window, however long the attack goes on. The second
 * step's wrong codes count per account, from any address (its window and notice:
 * tests/api/two-factor.test.ts).
 */
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECOND_FACTOR_GUESSES_MAX } from '#common/constants.ts'
import { TwoFactorRequiredSchema, TwoFactorSetupSchema } from '#common/schemas/account-security.ts'
import { SessionSchema } from '#common/schemas/users.ts'
import { ACCOUNT_LIMITS, RATE_LIMITS } from '#server/lib/rate-limits.ts'
import { bearer, signIn } from '#tests/helpers/auth.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { makeAdmin, makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let clockOffsetMs = 0
const WINDOW_MS = ACCOUNT_LIMITS.signIn.timeWindow

beforeAll(async () => {
  app = await createTestApp({
    env: { RATE_LIMIT_SCALE: '1' },
    now: () => new Date(Date.now() + clockOffsetMs),
  })
})
afterAll(() => app.cleanup())

describe('POST /api/users/signin throttling', () => {
  it('stops one address guessing the admin password, while the admin signs in from another', async () => {
    const admin = await makeAdmin(app)
    const attackerIp = newClientIp()

    const guesses = []
    for (let i = 0; i < ACCOUNT_LIMITS.signIn.maxPerAddress; i++)
      guesses.push((await signIn(app, admin.email, `Wrong!Guess${i}`, attackerIp)).statusCode)
    expect(guesses).toEqual(Array<number>(ACCOUNT_LIMITS.signIn.maxPerAddress).fill(401))

    // The attacking address is refused from now on, however long it keeps trying...
    for (let i = 0; i < 5; i++) {
      const blocked = await signIn(app, admin.email, `Wrong!Again${i}`, attackerIp)
      expect(blocked.statusCode).toBe(429)
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    }

    // ...and the admin, from their own address with the right password, gets in at once.
    const owner = await signIn(app, admin.email, TEST_PASSWORD, newClientIp())
    expect(owner.statusCode).toBe(200)
    expect(owner.json()).toMatchObject({ email: admin.email, isAdmin: true })
  })

  it('locks an account after the ceiling of wrong guesses from many IPs, for one window at most', async () => {
    const victim = await makeUser(app)
    const { max } = ACCOUNT_LIMITS.signIn
    // The account's window starts at its first attempt.

    const guesses = []
    for (let i = 0; i < max; i++)
      guesses.push((await signIn(app, victim.email, `Wrong!Guess${i}`, newClientIp())).statusCode)
    expect(guesses).toEqual(Array<number>(max).fill(401))

    // Further guesses from fresh IPs are refused without checking the password.
    const blocked = await signIn(app, victim.email, `Wrong!Guess${max}`, newClientIp())
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: expect.stringMatching(/^Too many attempts for this account/),
    })
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000)

    // The owner, from their own IP, with the right password: locked out during this window...
    const ownerIp = newClientIp()
    expect((await signIn(app, victim.email, TEST_PASSWORD, ownerIp)).statusCode).toBe(429)

    // ...while the attacker keeps going all window long (from new IPs each time)...
    let attackerAttempts = max + 1
    for (let minute = 1; minute < WINDOW_MS / 60_000; minute++) {
      clockOffsetMs += 60_000
      expect((await signIn(app, victim.email, 'Wrong!Again1', newClientIp())).statusCode).toBe(429)
      attackerAttempts += 1
    }

    // ...and once the window is over the owner gets in, despite the attack.
    clockOffsetMs += 60_000
    const owner = await signIn(app, victim.email, TEST_PASSWORD, ownerIp)
    expect(owner.statusCode).toBe(200)
    expect(owner.json()).toMatchObject({ email: victim.email, token: expect.any(String) })

    // A successful sign-in clears the count: the attacker's next wrong guess is a plain 401.
    expect((await signIn(app, victim.email, 'Wrong!Later1', newClientIp())).statusCode).toBe(401)
    console.log(
      `[sign-in-throttling] per-account ceiling ${max} per ${WINDOW_MS / 60_000} min: ${attackerAttempts} attacker attempts ` +
        `from ${attackerAttempts} IPs -> ${max} x 401 then 429; the owner from another IP was kept out for at most one window, then 200`,
    )
  })

  it('counts attempts per account, not globally: other accounts are unaffected', async () => {
    const locked = await makeUser(app)
    const other = await makeUser(app)
    for (let i = 0; i < ACCOUNT_LIMITS.signIn.max; i++)
      await signIn(app, locked.email, 'Wrong!Guess1', newClientIp())
    expect((await signIn(app, locked.email, TEST_PASSWORD, newClientIp())).statusCode).toBe(429)
    expect((await signIn(app, other.email, TEST_PASSWORD, newClientIp())).statusCode).toBe(200)
  })

  it('normalises the e-mail: case and spaces do not give an attacker fresh counters', async () => {
    const user = await makeUser(app)
    const variants = [
      user.email,
      user.email.toUpperCase(),
      ` ${user.email} `,
      `\t${user.email.toUpperCase()}`,
    ]
    for (let i = 0; i < ACCOUNT_LIMITS.signIn.max; i++) {
      expect(
        (await signIn(app, variants[i % variants.length]!, 'Wrong!Guess1', newClientIp()))
          .statusCode,
      ).toBe(401)
    }
    expect((await signIn(app, variants[1]!, 'Wrong!Guess1', newClientIp())).statusCode).toBe(429)
  })

  it('throttles per IP too: one IP guessing many accounts is stopped at the IP limit', async () => {
    const ip = newClientIp()
    const max = RATE_LIMITS.signIn.max
    for (let i = 0; i < max; i++) {
      expect((await signIn(app, `someone${i}@guess.test`, 'Wrong!Guess1', ip)).statusCode).toBe(401)
    }
    const user = await makeUser(app)
    const res = await signIn(app, user.email, TEST_PASSWORD, ip)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many requests/) })
    expect((await signIn(app, user.email, TEST_PASSWORD, newClientIp())).statusCode).toBe(200)
  })
})

describe('POST /api/users/signin/2fa throttling', () => {
  it("caps an account's wrong codes at its budget, from however many addresses", async () => {
    const user = await makeUser(app)
    const session = SessionSchema.parse(
      (await signIn(app, user.email, TEST_PASSWORD, newClientIp())).json(),
    )
    const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/users${url}`,
        headers,
        payload,
        remoteAddress: newClientIp(),
      })
    const epoch = () => Math.floor((Date.now() + clockOffsetMs) / 1000)
    const headers = bearer(session.token)
    const { secret } = TwoFactorSetupSchema.parse((await post('/2fa/setup', {}, headers)).json())
    const code = await generate({ secret, epoch: epoch() })
    expect((await post('/2fa/enable', { code }, headers)).statusCode).toBe(200)

    const signedIn = await signIn(app, user.email, TEST_PASSWORD, newClientIp())
    const { challenge } = TwoFactorRequiredSchema.parse(signedIn.json())
    // A code that is right at no step the check accepts (the current one and one either side).
    const accepted = await Promise.all(
      [-30, 0, 30].map((s) => generate({ secret, epoch: epoch() + s })),
    )
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !accepted.includes(c))!
    for (let i = 0; i < SECOND_FACTOR_GUESSES_MAX; i++) {
      expect((await post('/signin/2fa', { challenge, code: wrong })).statusCode).toBe(401)
    }
    const blocked = await post('/signin/2fa', { challenge, code: wrong })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: expect.stringMatching(/^Too many wrong codes for this account/),
    })
  })
})
