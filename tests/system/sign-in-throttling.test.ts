/**
 * Sign-in is throttled per client IP and per account. An attacker guessing one account's password
 * from many IPs is stopped by the account limit, and the real owner, signing in from another IP,
 * is kept out for at most one window, however long the attack goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_LIMITS, RATE_LIMITS } from '#server/plugins/rate-limit.ts'
import { makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let clockOffsetMs = 0
const WINDOW_MS = ACCOUNT_LIMITS.signIn.timeWindow

beforeAll(async () => {
  app = await createTestApp({
    env: { TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '1' },
    now: () => new Date(Date.now() + clockOffsetMs),
  })
})
afterAll(() => app.cleanup())

/**
 * Moves the app's clock to one second into a fresh per-account window, so every attempt a test
 * makes is counted in one window, whatever the wall clock says or earlier tests did with the clock.
 */
const moveToWindowStart = () => {
  clockOffsetMs += WINDOW_MS - ((Date.now() + clockOffsetMs) % WINDOW_MS) + 1_000
}

let ipCounter = 0
const newIp = () => `192.0.2.${++ipCounter}`

const signIn = (email: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password },
    headers: { 'x-forwarded-for': ip },
  })

describe('POST /api/users/signin throttling', () => {
  it('locks an account after the limit of wrong guesses from many IPs, for one window at most', async () => {
    const victim = await makeUser(app)
    const max = ACCOUNT_LIMITS.signIn.max
    // Start at a window's beginning, so the lock's length is easy to state.
    moveToWindowStart()

    const guesses = []
    for (let i = 0; i < max; i++)
      guesses.push((await signIn(victim.email, `Wrong!Guess${i}`, newIp())).statusCode)
    expect(guesses).toEqual(Array<number>(max).fill(401))

    // Further guesses from fresh IPs are refused without checking the password.
    const blocked = await signIn(victim.email, `Wrong!Guess${max}`, newIp())
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: expect.stringMatching(/^Too many attempts for this account/),
    })
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000)

    // The owner, from their own IP, with the right password: locked out during this window...
    const ownerIp = newIp()
    expect((await signIn(victim.email, TEST_PASSWORD, ownerIp)).statusCode).toBe(429)

    // ...while the attacker keeps going all window long (from new IPs each time)...
    let attackerAttempts = max + 1
    for (let minute = 1; minute < WINDOW_MS / 60_000; minute++) {
      clockOffsetMs += 60_000
      expect((await signIn(victim.email, 'Wrong!Again1', newIp())).statusCode).toBe(429)
      attackerAttempts += 1
    }

    // ...and once the window is over the owner gets in, despite the attack.
    clockOffsetMs += 60_000
    const owner = await signIn(victim.email, TEST_PASSWORD, ownerIp)
    expect(owner.statusCode).toBe(200)
    expect(owner.json()).toMatchObject({ email: victim.email, token: expect.any(String) })

    // A successful sign-in clears the count: the attacker's next wrong guess is a plain 401.
    expect((await signIn(victim.email, 'Wrong!Later1', newIp())).statusCode).toBe(401)
    console.log(
      `[sign-in-throttling] per-account limit ${max} per ${WINDOW_MS / 60_000} min: ${attackerAttempts} attacker attempts ` +
        `from ${attackerAttempts} IPs -> ${max} x 401 then 429; the owner from another IP was kept out for at most one window, then 200`,
    )
  })

  it('counts attempts per account, not globally: other accounts are unaffected', async () => {
    const locked = await makeUser(app)
    const other = await makeUser(app)
    moveToWindowStart()
    for (let i = 0; i < ACCOUNT_LIMITS.signIn.max; i++)
      await signIn(locked.email, 'Wrong!Guess1', newIp())
    expect((await signIn(locked.email, TEST_PASSWORD, newIp())).statusCode).toBe(429)
    expect((await signIn(other.email, TEST_PASSWORD, newIp())).statusCode).toBe(200)
  })

  it('normalises the e-mail: case and spaces do not give an attacker fresh counters', async () => {
    const user = await makeUser(app)
    const variants = [
      user.email,
      user.email.toUpperCase(),
      ` ${user.email} `,
      `\t${user.email.toUpperCase()}`,
    ]
    moveToWindowStart()
    for (let i = 0; i < ACCOUNT_LIMITS.signIn.max; i++) {
      expect(
        (await signIn(variants[i % variants.length]!, 'Wrong!Guess1', newIp())).statusCode,
      ).toBe(401)
    }
    expect((await signIn(variants[1]!, 'Wrong!Guess1', newIp())).statusCode).toBe(429)
  })

  it('throttles per IP too: one IP guessing many accounts is stopped at the IP limit', async () => {
    const ip = newIp()
    const max = RATE_LIMITS.signIn.max
    for (let i = 0; i < max; i++) {
      expect((await signIn(`someone${i}@guess.test`, 'Wrong!Guess1', ip)).statusCode).toBe(401)
    }
    const user = await makeUser(app)
    const res = await signIn(user.email, TEST_PASSWORD, ip)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many requests/) })
    expect((await signIn(user.email, TEST_PASSWORD, newIp())).statusCode).toBe(200)
  })
})
