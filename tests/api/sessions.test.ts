/**
 * Session records: the list with "this device", ending one (its token refused at once), the
 * recent-check window of the dangerous acts (at its boundary, with the injected clock), the
 * security log and its 90 days, and the new-device notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REVERIFY_REQUIRED, REVERIFY_WINDOW_MS, SECURITY_LOG_PER_KIND } from '#common/constants.ts'
import {
  AccountSecuritySchema,
  SecurityLogSchema,
  SessionsListSchema,
} from '#common/schemas/account-security.ts'
import { SessionSchema } from '#common/schemas/users.ts'
import type { OutgoingMail } from '#server/modules/mail/mail.transports.ts'
import { bearer, expectError } from '#tests/helpers/auth.ts'
import { makeAdmin, makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const FIREFOX =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0'
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
const DAY_MS = 24 * 60 * 60 * 1000

let app: TestApp
let clock = new Date()
const mails: OutgoingMail[] = []

beforeAll(async () => {
  app = await createTestApp({
    now: () => clock,
    env: { TRUST_PROXY: 'true' },
    mailTransport: { send: async (mail) => void mails.push(mail) },
  })
})
afterAll(() => app.cleanup())

type Headers = Record<string, string>
const later = (ms: number) => (clock = new Date(clock.getTime() + ms))

async function signInFrom(user: { email: string }, userAgent = FIREFOX, extra: Headers = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/signin',
    headers: { 'user-agent': userAgent, ...extra },
    payload: { email: user.email, password: TEST_PASSWORD },
  })
  expect(res.statusCode).toBe(200)
  return bearer(SessionSchema.parse(res.json()).token)
}

const listSessions = (headers: Headers) =>
  app.inject({ method: 'GET', url: '/api/users/sessions', headers })
const endSession = (headers: Headers, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/users/sessions/${id}`, headers })
const sessionsOf = async (headers: Headers) =>
  SessionsListSchema.parse((await listSessions(headers)).json()).sessions

describe('GET /api/users/sessions', () => {
  it('answers 401 to a visitor', async () => {
    expectError(await listSessions({}), 401)
  })

  it('lists each sign-in with its device, place and "this device"', async () => {
    const user = await makeUser(app)
    const phone = await signInFrom(user, CHROME, { 'cf-ipcountry': 'FR' })
    const laptop = await signInFrom(user, FIREFOX)
    const sessions = await sessionsOf(laptop)
    expect(sessions).toHaveLength(2)
    expect(sessions.find((s) => s.current)).toMatchObject({
      device: 'Firefox on macOS',
      place: null,
    })
    expect(sessions.find((s) => !s.current)).toMatchObject({
      device: 'Chrome on Linux',
      place: 'FR',
    })
    expect((await sessionsOf(phone)).find((s) => s.current)!.device).toBe('Chrome on Linux')
  })

  it('moves "last seen" on with use, at most once a minute', async () => {
    const user = await makeUser(app)
    const headers = await signInFrom(user)
    const [first] = await sessionsOf(headers)
    later(90_000)
    await listSessions(headers)
    const [second] = await sessionsOf(headers)
    expect(new Date(second!.lastSeenAt).getTime()).toBe(clock.getTime())
    expect(second!.createdAt).toBe(first!.createdAt)
  })
})

describe('DELETE /api/users/sessions/:id', () => {
  it('ends one session: its token is refused at once, the others go on', async () => {
    const user = await makeUser(app)
    const other = await signInFrom(user, CHROME)
    const mine = await signInFrom(user)
    const target = (await sessionsOf(mine)).find((s) => !s.current)!
    const res = await endSession(mine, target._id)
    expect(res.statusCode).toBe(200)
    expectError(await listSessions(other), 401)
    expect(await sessionsOf(mine)).toHaveLength(1)
  })

  it("answers 404 for another user's session and leaves it alone, 400 for a bad id", async () => {
    const [alice, bob] = [await makeUser(app), await makeUser(app)]
    const aliceHeaders = await signInFrom(alice)
    const bobHeaders = await signInFrom(bob)
    const [bobSession] = await sessionsOf(bobHeaders)
    expectError(await endSession(aliceHeaders, bobSession!._id), 404)
    expect((await listSessions(bobHeaders)).statusCode).toBe(200)
    expectError(await endSession(aliceHeaders, 'not-an-id'), 400)
  })

  it('keeps "sign out everywhere" ending every session', async () => {
    const user = await makeUser(app)
    const first = await signInFrom(user, CHROME)
    const second = await signInFrom(user)
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/signout-everywhere',
      headers: second,
    })
    expect(res.statusCode).toBe(200)
    expectError(await listSessions(first), 401)
    expectError(await listSessions(second), 401)
    expect(await sessionsOf(await signInFrom(user))).toHaveLength(1)
  })

  it('keeps the current session, and ends the others, on a password change', async () => {
    const user = await makeUser(app)
    const other = await signInFrom(user, CHROME)
    const mine = await signInFrom(user)
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: mine,
      payload: {
        name: user.name,
        email: user.email,
        password: 'N3w!Lantern-Path',
        currentPassword: TEST_PASSWORD,
      },
    })
    expect(res.statusCode).toBe(200)
    const fresh = bearer(SessionSchema.parse(res.json()).token)
    expectError(await listSessions(other), 401)
    expectError(await listSessions(mine), 401)
    const sessions = await sessionsOf(fresh)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.current).toBe(true)
  })
})

describe('POST /api/users/signout', () => {
  it('answers 401 to a visitor', async () => {
    expectError(await app.inject({ method: 'POST', url: '/api/users/signout' }), 401)
  })

  it("ends this device's session only: its token is refused, the other device stays", async () => {
    const user = await makeUser(app)
    const laptop = await signInFrom(user, FIREFOX)
    const phone = await signInFrom(user, CHROME)
    const res = await app.inject({ method: 'POST', url: '/api/users/signout', headers: laptop })
    expect(res.statusCode).toBe(200)
    expectError(await listSessions(laptop), 401)
    const left = await sessionsOf(phone)
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ current: true })
    expectError(
      await app.inject({ method: 'POST', url: '/api/users/signout', headers: laptop }),
      401,
    )
  })
})

describe('the recent check for dangerous acts', () => {
  const demote = (headers: Headers, target: { id: string; name: string; email: string }) =>
    app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      headers,
      payload: { name: target.name, email: target.email, isAdmin: false },
    })
  const downloadBackup = (headers: Headers) =>
    app.inject({ method: 'POST', url: '/api/operations/backups', headers })

  it('lets an admin demote another admin exactly 10 minutes after signing in, not a moment later', async () => {
    const admin = await makeAdmin(app)
    const [first, second] = [await makeAdmin(app), await makeAdmin(app)]
    const headers = await signInFrom(admin)
    later(REVERIFY_WINDOW_MS)
    expect((await demote(headers, first)).statusCode).toBe(200)
    later(1)
    expectError(await demote(headers, second), 403, REVERIFY_REQUIRED)
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/users/${second.id}`, headers }),
      403,
      REVERIFY_REQUIRED,
    )
    expectError(await downloadBackup(headers), 403, REVERIFY_REQUIRED)
    // A plain user's edit needs no recent check.
    const plain = await makeUser(app)
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/users/${plain.id}`,
      headers,
      payload: { name: 'Renamed', email: plain.email, isAdmin: false },
    })
    expect(edit.statusCode).toBe(200)
  })

  it('is needed to end another session or remove a passkey, not to sign this device out', async () => {
    const user = await makeUser(app)
    const other = await signInFrom(user, CHROME)
    const headers = await signInFrom(user)
    const otherId = (await sessionsOf(headers)).find((s) => !s.current)!._id
    later(REVERIFY_WINDOW_MS + 1)
    expectError(await endSession(headers, otherId), 403, REVERIFY_REQUIRED)
    expect((await listSessions(other)).statusCode).toBe(200)
    expectError(
      await app.inject({
        method: 'DELETE',
        url: `/api/users/passkeys/${crypto.randomUUID()}`,
        headers,
      }),
      403,
      REVERIFY_REQUIRED,
    )

    const reverified = await app.inject({
      method: 'POST',
      url: '/api/users/reverify',
      headers,
      payload: { password: TEST_PASSWORD },
    })
    expect(reverified.statusCode).toBe(200)
    expect((await endSession(headers, otherId)).statusCode).toBe(200)
    expectError(await listSessions(other), 401)

    later(REVERIFY_WINDOW_MS + 1)
    const signedOut = await app.inject({ method: 'POST', url: '/api/users/signout', headers })
    expect(signedOut.statusCode).toBe(200)
  })

  it('counts the password entered again, and a profile change with the current password', async () => {
    const admin = await makeAdmin(app)
    const target = await makeAdmin(app)
    const headers = await signInFrom(admin)
    later(REVERIFY_WINDOW_MS + 1)
    const status = AccountSecuritySchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users/security', headers })).json(),
    )
    expect(status.verifiedUntil).toBeNull()
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/users/reverify',
        headers,
        payload: { password: 'Wr0ng!Password' },
      }),
      401,
    )
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/reverify',
      headers,
      payload: { password: TEST_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(AccountSecuritySchema.parse(res.json()).verifiedUntil).toBe(
      new Date(clock.getTime() + REVERIFY_WINDOW_MS).toISOString(),
    )
    expect((await demote(headers, target)).statusCode).toBe(200)

    // The specification's call: an e-mail change carrying the current password goes through
    // however long ago the sign-in was, and counts as the check.
    later(REVERIFY_WINDOW_MS + 1)
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: admin.name, email: `moved-${admin.email}`, currentPassword: TEST_PASSWORD },
    })
    expect(changed.statusCode).toBe(200)
    const fresh = bearer(SessionSchema.parse(changed.json()).token)
    expect((await downloadBackup(fresh)).statusCode).toBe(200)
  })
})

describe('GET /api/users/security-log', () => {
  const securityLog = (headers: Headers) =>
    app.inject({ method: 'GET', url: '/api/users/security-log', headers })

  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await securityLog({}), 401)
    expectError(await securityLog(await signInFrom(await makeUser(app))), 403)
  })

  it('lists sign-ins, failures and ended sessions, newest first, for 90 days', async () => {
    const admin = await makeAdmin(app)
    const failed = await app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: admin.email, password: 'Wr0ng!Password' },
    })
    expect(failed.statusCode).toBe(401)
    later(1000)
    const other = await signInFrom(admin, CHROME)
    later(1000)
    const headers = await signInFrom(admin)
    const target = (await sessionsOf(headers)).find((s) => !s.current)!
    later(1000)
    await endSession(headers, target._id)
    const { events } = SecurityLogSchema.parse((await securityLog(headers)).json())
    const mine = events.filter((e) => e.email === admin.email).map((e) => e.type)
    expect(mine).toEqual(['session-ended', 'sign-in', 'sign-in', 'sign-in-failed'])
    expectError(await listSessions(other), 401)

    later(91 * DAY_MS)
    const again = await signInFrom(admin)
    const after = SecurityLogSchema.parse((await securityLog(again)).json()).events
    expect(after.filter((e) => e.email === admin.email).map((e) => e.type)).toEqual(['sign-in'])
  })
})

describe('the security log under a flood of failed sign-ins', () => {
  it('keeps listing the other kinds of event, and the newest failures of each kind', async () => {
    const admin = await makeAdmin(app)
    const headers = await signInFrom(admin)
    later(1000)
    const floods = 51
    for (let i = 0; i < floods; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: {
          email: `flood-${i}-${crypto.randomUUID()}@example.com`,
          password: 'Wr0ng!Pass1',
        },
      })
      expect(res.statusCode).toBe(401)
      later(1000)
    }
    const res = await app.inject({ method: 'GET', url: '/api/users/security-log', headers })
    const { events } = SecurityLogSchema.parse(res.json())
    expect(events.filter((e) => e.email === admin.email).map((e) => e.type)).toEqual(['sign-in'])
    const failures = events.filter((e) => e.type === 'sign-in-failed')
    expect(failures).toHaveLength(SECURITY_LOG_PER_KIND)
    expect(failures[0]!.email).toMatch(new RegExp(`^flood-${floods - 1}-`))
  })
})

describe('the new-device notice', () => {
  it('mails an admin on a sign-in from a device the account has not used, once', async () => {
    const admin = await makeAdmin(app)
    await signInFrom(admin, FIREFOX)
    await signInFrom(admin, FIREFOX)
    await app.services.security.drainBackground()
    expect(mails.filter((m) => m.to === admin.email)).toHaveLength(0)
    await signInFrom(admin, CHROME)
    await signInFrom(admin, CHROME)
    await app.services.security.drainBackground()
    const notices = mails.filter((m) => m.to === admin.email)
    expect(notices.map((m) => m.subject)).toEqual(['New sign-in to your account'])
    expect(notices[0]!.text).toContain('Chrome on Linux')
  })

  it('does not mail a plain user', async () => {
    const user = await makeUser(app)
    await signInFrom(user, FIREFOX)
    await signInFrom(user, CHROME)
    await app.services.security.drainBackground()
    expect(mails.filter((m) => m.to === user.email)).toHaveLength(0)
  })
})
