/**
 * TOTP two-factor: setup, enabling with a code, the two-step sign-in, reused and wrong codes, the
 * account's budget of wrong codes, the challenge's five minutes, recovery codes and how they are
 * stored, turning it off (also with a key a restore made unreadable), and a secret rotation. The
 * clock is injected and starts at the beginning of a 30-second step, so each code's step is known.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CURRENT_PASSWORD_WRONG,
  RECOVERY_CODE_COUNT,
  REVERIFY_REQUIRED,
  REVERIFY_WINDOW_MS,
  SECOND_FACTOR_GUESSES_MAX,
  SECOND_FACTOR_WINDOW_MS,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '#common/constants.ts'
import {
  AccountSecuritySchema,
  RecoveryCodesSchema,
  TwoFactorRequiredSchema,
  TwoFactorSetupSchema,
} from '#common/schemas/account-security.ts'
import { SessionSchema } from '#common/schemas/users.ts'
import { restoreBackup, writeBackup } from '#server/db/backup.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { recoveryCodes, users } from '#server/db/schema.ts'
import { matchesRecoveryCode } from '#server/lib/recovery-codes.ts'
import { encryptWith } from '#server/lib/secret-box.ts'
import type { OutgoingMail } from '#server/modules/mail/mail.transports.ts'
import { bearer, expectError, signIn } from '#tests/helpers/auth.ts'
import { makeAdmin, makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const STEP_MS = 30_000
let app: TestApp
let clock = new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS)
const mails: OutgoingMail[] = []

beforeAll(async () => {
  app = await createTestApp({
    now: () => clock,
    mailTransport: { send: async (mail) => void mails.push(mail) },
  })
})
afterAll(() => app.cleanup())

type Headers = Record<string, string>
const post = (url: string, headers: Headers, payload?: object) =>
  app.inject({ method: 'POST', url: `/api/users${url}`, headers, payload })

/** Moves the injected clock on by whole 30-second steps (codes of earlier steps are used up). */
const nextStep = (steps = 1) => (clock = new Date(clock.getTime() + steps * STEP_MS))

/** The code for the injected clock's current step. */
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) })

async function signedIn(user: { email: string }) {
  return SessionSchema.parse((await signIn(app, user.email, TEST_PASSWORD)).json())
}

/** A user with two-factor on: their secret, recovery codes and headers of the enabling session. */
async function withTwoFactor(makeAccount = makeUser) {
  const user = await makeAccount(app)
  const session = await signedIn(user)
  const headers = bearer(session.token)
  const setup = TwoFactorSetupSchema.parse((await post('/2fa/setup', headers)).json())
  const enabled = await post('/2fa/enable', headers, { code: await codeNow(setup.secret) })
  expect(enabled.statusCode).toBe(200)
  const { recoveryCodes } = RecoveryCodesSchema.parse(enabled.json())
  nextStep()
  return { user, secret: setup.secret, recoveryCodes, headers }
}

async function challengeFor(user: { email: string }) {
  const res = await signIn(app, user.email, TEST_PASSWORD)
  expect(res.statusCode).toBe(200)
  const body = res.json() as Record<string, unknown>
  expect(body).not.toHaveProperty('token')
  return TwoFactorRequiredSchema.parse(body).challenge
}

const secondStep = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/users/signin/2fa', payload })

async function mailsTo(address: string) {
  await app.services.security.drainBackground()
  return mails.filter((m) => m.to === address)
}

/** A six-digit code that is not the current one. */
const wrongCode = async (secret: string) =>
  (await codeNow(secret)) === '000000' ? '111111' : '000000'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

const storedCodes = (userId: string) =>
  app.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))

describe('POST /api/users/2fa/setup', () => {
  it('answers 401 to a visitor', async () => {
    expectError(await post('/2fa/setup', {}), 401)
  })

  it('answers the secret, its otpauth URL and a QR code drawn here, and stores the secret encrypted', async () => {
    const user = await makeUser(app)
    const res = await post('/2fa/setup', bearer((await signedIn(user)).token))
    expect(res.statusCode).toBe(200)
    const setup = TwoFactorSetupSchema.parse(res.json())
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//)
    expect(new URL(setup.otpauthUrl).searchParams.get('secret')).toBe(setup.secret)
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString('utf8')
    expect(svg).toContain('<svg')
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.totpPendingSecret).toBeTruthy()
    expect(row!.totpPendingSecret).not.toContain(setup.secret)
    expect(row!.totpSecret).toBeNull()
  })
})

describe('POST /api/users/2fa/enable', () => {
  it('refuses a wrong code, and a code before any setup, with 400', async () => {
    const user = await makeUser(app)
    const headers = bearer((await signedIn(user)).token)
    expectError(await post('/2fa/enable', headers, { code: '123456' }), 400)
    const setup = TwoFactorSetupSchema.parse((await post('/2fa/setup', headers)).json())
    const wrong = (await codeNow(setup.secret)) === '000000' ? '111111' : '000000'
    expectError(await post('/2fa/enable', headers, { code: wrong }), 400)
    expectError(await post('/2fa/enable', headers, { code: 'abc' }), 400)
    const status = AccountSecuritySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users/security', headers })).json(),
    )
    expect(status.twoFactorEnabled).toBe(false)
  })

  it('turns two-factor on, answers ten different recovery codes and mails the account', async () => {
    const { user, recoveryCodes, headers } = await withTwoFactor()
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
      'Two-factor sign-in was turned on',
    ])
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT)
    const status = AccountSecuritySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users/security', headers })).json(),
    )
    expect(status).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 })
    expectError(await post('/2fa/setup', headers), 409)
  })
})

describe('POST /api/users/2fa/setup and /2fa/enable', () => {
  it('need the password from the last 10 minutes, like the other dangerous acts', async () => {
    const user = await makeUser(app)
    const headers = bearer((await signedIn(user)).token)
    const setup = TwoFactorSetupSchema.parse((await post('/2fa/setup', headers)).json())
    clock = new Date(clock.getTime() + REVERIFY_WINDOW_MS + STEP_MS)
    expectError(await post('/2fa/setup', headers), 403, REVERIFY_REQUIRED)
    expectError(
      await post('/2fa/enable', headers, { code: await codeNow(setup.secret) }),
      403,
      REVERIFY_REQUIRED,
    )
    const status = AccountSecuritySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users/security', headers })).json(),
    )
    expect(status.twoFactorEnabled).toBe(false)
    expect(await mailsTo(user.email)).toEqual([])

    expect((await post('/reverify', headers, { password: TEST_PASSWORD })).statusCode).toBe(200)
    const again = TwoFactorSetupSchema.parse((await post('/2fa/setup', headers)).json())
    const enabled = await post('/2fa/enable', headers, { code: await codeNow(again.secret) })
    expect(enabled.statusCode).toBe(200)
    nextStep()
  })
})

describe('POST /api/users/signin', () => {
  it('answers the session as before for an account without two-factor', async () => {
    const user = await makeUser(app)
    const res = await signIn(app, user.email, TEST_PASSWORD)
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json() as object).sort()).toEqual(
      ['_id', 'email', 'isAdmin', 'name', 'token'].sort(),
    )
  })

  it('answers a challenge and no token when two-factor is on', async () => {
    const { user } = await withTwoFactor()
    await challengeFor(user)
  })
})

describe('POST /api/users/signin/2fa', () => {
  it('refuses a wrong code with 401 and signs in with the right one', async () => {
    const { user, secret } = await withTwoFactor()
    const challenge = await challengeFor(user)
    const right = await codeNow(secret)
    expectError(
      await secondStep({ challenge, code: right === '000000' ? '111111' : '000000' }),
      401,
    )
    const res = await secondStep({ challenge, code: right })
    expect(res.statusCode).toBe(200)
    const session = SessionSchema.parse(res.json())
    expect(session._id).toBe(user.id)
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/sessions',
      headers: bearer(session.token),
    })
    expect(me.statusCode).toBe(200)
  })

  it('refuses a code already used within its window, and the same challenge twice', async () => {
    const { user, secret } = await withTwoFactor()
    const code = await codeNow(secret)
    const first = await challengeFor(user)
    expect((await secondStep({ challenge: first, code })).statusCode).toBe(200)
    expectError(await secondStep({ challenge: first, code }), 401)
    const second = await challengeFor(user)
    expectError(await secondStep({ challenge: second, code }), 401)
    // The next step's code still works with a challenge still open.
    nextStep()
    expect((await secondStep({ challenge: second, code: await codeNow(secret) })).statusCode).toBe(
      200,
    )
  })

  it('accepts one step of clock drift, not two', async () => {
    const { user, secret } = await withTwoFactor()
    const challenge = await challengeFor(user)
    const twoAhead = await generate({ secret, epoch: Math.floor(clock.getTime() / 1000) + 60 })
    expectError(await secondStep({ challenge, code: twoAhead }), 401)
    const oneAhead = await generate({ secret, epoch: Math.floor(clock.getTime() / 1000) + 30 })
    expect((await secondStep({ challenge, code: oneAhead })).statusCode).toBe(200)
    nextStep(2)
  })

  it('refuses a challenge once five minutes have passed', async () => {
    const { user, secret } = await withTwoFactor()
    const early = await challengeFor(user)
    const late = await challengeFor(user)
    clock = new Date(clock.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS - 1000)
    expect((await secondStep({ challenge: early, code: await codeNow(secret) })).statusCode).toBe(
      200,
    )
    clock = new Date(clock.getTime() + 1000)
    nextStep()
    expectError(await secondStep({ challenge: late, code: await codeNow(secret) }), 401)
    nextStep()
  })

  it('refuses an unknown challenge, and a body with both or neither of code and recovery code', async () => {
    expectError(await secondStep({ challenge: 'nope', code: '123456' }), 401)
    expectError(await secondStep({ challenge: 'nope' }), 400)
    expectError(
      await secondStep({ challenge: 'nope', code: '123456', recoveryCode: 'abcde-fghjk' }),
      400,
    )
  })

  it('takes a recovery code once, counts it, and mails an admin', async () => {
    const { user, recoveryCodes } = await withTwoFactor(makeAdmin)
    const challenge = await challengeFor(user)
    const res = await secondStep({ challenge, recoveryCode: recoveryCodes[0]!.toUpperCase() })
    expect(res.statusCode).toBe(200)
    const headers = bearer(SessionSchema.parse(res.json()).token)
    const again = await challengeFor(user)
    expectError(await secondStep({ challenge: again, recoveryCode: recoveryCodes[0] }), 401)
    const status = AccountSecuritySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users/security', headers })).json(),
    )
    expect(status.recoveryCodesLeft).toBe(9)
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain(
      'A recovery code was used to sign in',
    )
  })
})

describe('a recovery code used twice at once', () => {
  it('signs in exactly one of the two', async () => {
    const { user, recoveryCodes: codes } = await withTwoFactor()
    const [first, second] = [await challengeFor(user), await challengeFor(user)]
    const answers = await Promise.all([
      secondStep({ challenge: first, recoveryCode: codes[4] }),
      secondStep({ challenge: second, recoveryCode: codes[4] }),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401])
  })
})

describe('the account budget of wrong second-factor codes', () => {
  it('answers 429 after 10 wrong codes across challenges and addresses, even to the right code, until the window passes', async () => {
    const { user, secret, recoveryCodes } = await withTwoFactor()
    const windowStart = clock
    for (let i = 0; i < SECOND_FACTOR_GUESSES_MAX; i++) {
      // A fresh challenge each time, from another address: neither resets nor splits the count.
      const challenge = await challengeFor(user)
      const payload =
        i % 2 === 0
          ? { challenge, code: await wrongCode(secret) }
          : { challenge, recoveryCode: 'zzzzz-zzzzz' }
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/signin/2fa',
        payload,
        remoteAddress: `198.51.100.${i + 1}`,
      })
      expectError(res, 401)
    }
    const challenge = await challengeFor(user)
    const refused = await secondStep({ challenge, code: await codeNow(secret) })
    expectError(refused, 429, /^Too many wrong codes for this account, please try again in/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expectError(await secondStep({ challenge, recoveryCode: recoveryCodes[0] }), 429)

    const notices = (await mailsTo(user.email)).filter(
      (m) => m.subject === 'Too many wrong sign-in codes for your account',
    )
    expect(notices).toHaveLength(1)

    clock = new Date(windowStart.getTime() + SECOND_FACTOR_WINDOW_MS)
    nextStep()
    const later = await challengeFor(user)
    expect((await secondStep({ challenge: later, code: await codeNow(secret) })).statusCode).toBe(
      200,
    )
  })

  it('does not count right codes', async () => {
    const { user, secret } = await withTwoFactor()
    for (let i = 0; i < SECOND_FACTOR_GUESSES_MAX - 1; i++) {
      expectError(
        await secondStep({ challenge: await challengeFor(user), code: await wrongCode(secret) }),
        401,
      )
    }
    const challenge = await challengeFor(user)
    expect((await secondStep({ challenge, code: await codeNow(secret) })).statusCode).toBe(200)
    nextStep()
    expectError(
      await secondStep({ challenge: await challengeFor(user), code: await wrongCode(secret) }),
      401,
    )
    expect(
      (await secondStep({ challenge: await challengeFor(user), code: await codeNow(secret) }))
        .statusCode,
    ).toBe(429)
    clock = new Date(clock.getTime() + SECOND_FACTOR_WINDOW_MS)
  })
})

describe('stored recovery codes', () => {
  it('are salted argon2id hashes, found by a short lookup, and none is a SHA-256 of a code', async () => {
    const { user, recoveryCodes: codes } = await withTwoFactor()
    const rows = await storedCodes(user.id)
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT)
    const plain = codes.map((code) => code.replace('-', ''))
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/)
      for (const code of plain) {
        expect(row.codeHash).not.toContain(sha256(code))
        expect(row.codeHash).not.toContain(code)
      }
    }
    expect(new Set(rows.map((row) => row.codeHash.split('$')[4])).size).toBe(RECOVERY_CODE_COUNT)
    expect(rows.map((row) => row.lookup).sort()).toEqual(plain.map((c) => c.slice(0, 2)).sort())
  })

  it('stored as a bare SHA-256 before, are hashed again at the next start and still work once', async () => {
    const { user } = await withTwoFactor()
    const legacy = ['abcde-fghjk', 'mnpqr-stuvw']
    await app.database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    await app.database.db
      .insert(recoveryCodes)
      .values(legacy.map((code) => ({ userId: user.id, codeHash: sha256(code.replace('-', '')) })))

    await migrateDatabase(app.database)
    const rows = await storedCodes(user.id)
    expect(rows.map((row) => row.codeHash)).toEqual([
      expect.stringMatching(/^\$argon2id\$/),
      expect.stringMatching(/^\$argon2id\$/),
    ])

    const challenge = await challengeFor(user)
    expect((await secondStep({ challenge, recoveryCode: legacy[1] })).statusCode).toBe(200)
    const again = await challengeFor(user)
    expectError(await secondStep({ challenge: again, recoveryCode: legacy[1] }), 401)
    expect((await secondStep({ challenge: again, recoveryCode: legacy[0] })).statusCode).toBe(200)
  })
})

describe('a backup', () => {
  it('holds no recovery code and no SHA-256 of one, and the restored codes still match', async () => {
    const { user, recoveryCodes: codes } = await withTwoFactor()
    const legacy = await withTwoFactor()
    const legacyCode = 'qrstu-vwxyz'
    await app.database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, legacy.user.id))
    await app.database.db
      .insert(recoveryCodes)
      .values({ userId: legacy.user.id, codeHash: sha256(legacyCode.replace('-', '')) })
    await migrateDatabase(app.database)

    const dir = await mkdtemp(path.join(os.tmpdir(), 'two-factor-backup-'))
    const target = await openDatabase({ kind: 'pglite' })
    try {
      const file = path.join(dir, 'backup.jsonl.gz')
      await writeBackup(app.database, file)
      const text = gunzipSync(await readFile(file)).toString('utf8')
      for (const code of [...codes, legacyCode]) {
        for (const form of [code, code.replace('-', ''), code.toUpperCase()]) {
          expect(text).not.toContain(form)
          expect(text).not.toContain(sha256(form))
        }
      }

      await migrateDatabase(target)
      await restoreBackup(target, file)
      const restored = await target.db.select().from(recoveryCodes)
      const byUser = (userId: string) => restored.filter((row) => row.userId === userId)
      expect(
        await Promise.all(byUser(user.id).map((row) => matchesRecoveryCode(row, codes[3]!))),
      ).toContain(true)
      const [legacyRow] = byUser(legacy.user.id)
      expect(await matchesRecoveryCode(legacyRow!, legacyCode)).toBe(true)
    } finally {
      await target.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('POST /api/users/2fa/recovery-codes', () => {
  it('replaces the codes (the old ones stop working) within the recent-check window only', async () => {
    const { user, recoveryCodes, headers } = await withTwoFactor(makeAdmin)
    const res = await post('/2fa/recovery-codes', headers)
    expect(res.statusCode).toBe(200)
    const fresh = RecoveryCodesSchema.parse(res.json()).recoveryCodes
    expect(fresh).toHaveLength(10)
    const challenge = await challengeFor(user)
    expectError(await secondStep({ challenge, recoveryCode: recoveryCodes[1] }), 401)
    expect((await secondStep({ challenge, recoveryCode: fresh[0] })).statusCode).toBe(200)
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain(
      'New recovery codes were made',
    )
    clock = new Date(clock.getTime() + REVERIFY_WINDOW_MS + 1000)
    expectError(await post('/2fa/recovery-codes', headers), 403)
  })
})

describe('POST /api/users/2fa/disable', () => {
  it('needs the current password and a code, then signs in with the password alone', async () => {
    const { user, secret, headers } = await withTwoFactor(makeAdmin)
    expectError(await post('/2fa/disable', headers, { code: await codeNow(secret) }), 400)
    expectError(
      await post('/2fa/disable', headers, {
        currentPassword: 'Wr0ng!Password',
        code: await codeNow(secret),
      }),
      401,
      CURRENT_PASSWORD_WRONG,
    )
    const right = await codeNow(secret)
    expectError(
      await post('/2fa/disable', headers, {
        currentPassword: TEST_PASSWORD,
        code: right === '000000' ? '111111' : '000000',
      }),
      400,
    )
    const res = await post('/2fa/disable', headers, { currentPassword: TEST_PASSWORD, code: right })
    expect(res.statusCode).toBe(200)
    SessionSchema.parse((await signIn(app, user.email, TEST_PASSWORD)).json())
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain(
      'Two-factor sign-in was turned off',
    )
  })
})

describe('POST /api/users/2fa/disable after a restore', () => {
  it('turns two-factor off with the password and a recovery code when the key cannot be read, and it can be set up again', async () => {
    const { user, secret, recoveryCodes: codes, headers } = await withTwoFactor()
    // What a restore leaves: the key sealed under a signing secret this site no longer has.
    const sealedElsewhere = encryptWith('a-secret-from-before-the-restore-0123456789', secret)
    await app.database.db
      .update(users)
      .set({ totpSecret: sealedElsewhere })
      .where(eq(users.id, user.id))

    expectError(
      await post('/2fa/disable', headers, {
        currentPassword: TEST_PASSWORD,
        code: await codeNow(secret),
      }),
      400,
      /cannot be read/,
    )
    expectError(
      await post('/2fa/disable', headers, {
        currentPassword: 'Wr0ng!Password',
        recoveryCode: codes[0],
      }),
      401,
      CURRENT_PASSWORD_WRONG,
    )
    expectError(
      await post('/2fa/disable', headers, {
        currentPassword: TEST_PASSWORD,
        recoveryCode: 'zzzzz-zzzzz',
      }),
      400,
    )
    const off = await post('/2fa/disable', headers, {
      currentPassword: TEST_PASSWORD,
      recoveryCode: codes[0],
    })
    expect(off.statusCode).toBe(200)

    const setup = TwoFactorSetupSchema.parse((await post('/2fa/setup', headers)).json())
    expect(
      (await post('/2fa/enable', headers, { code: await codeNow(setup.secret) })).statusCode,
    ).toBe(200)
    nextStep()
    const challenge = await challengeFor(user)
    expect((await secondStep({ challenge, code: await codeNow(setup.secret) })).statusCode).toBe(
      200,
    )
  })
})

describe('a rotation of the token-signing secret', () => {
  it('keeps two-factor working: the secret is sealed again under the new one', async () => {
    const { user, secret } = await withTwoFactor()
    const [before] = await app.database.db.select().from(users).where(eq(users.id, user.id))
    await app.services.sessionSecret.rotate()
    const [after] = await app.database.db.select().from(users).where(eq(users.id, user.id))
    expect(after!.totpSecret).not.toBe(before!.totpSecret)
    const challenge = await challengeFor(user)
    expect((await secondStep({ challenge, code: await codeNow(secret) })).statusCode).toBe(200)
  })
})
