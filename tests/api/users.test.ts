import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PASSWORD_BREACHED, USERS_PAGE_SIZE } from '#common/constants.ts'
import { MessageResponseSchema } from '#common/schemas/common.ts'
import { SessionSchema, UserPublicSchema, UsersPageSchema } from '#common/schemas/users.ts'
import { users, type UserRow } from '#server/db/schema.ts'
import { hashPassword } from '#server/lib/passwords.ts'
import { asAdmin, asUser, authHeader, bearer, expectError, signIn } from '#tests/helpers/auth.ts'
import { makeAdmin, makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.cleanup())

type Headers = Record<string, string>
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

const editBody = (user: Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin'>, changes = {}) => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  isAdmin: user.isAdmin,
  ...changes,
})

const getUser = (target: TestApp, id: string, headers: Headers) =>
  target.inject({ method: 'GET', url: `/api/users/${id}`, headers })
const putUser = (target: TestApp, id: string, headers: Headers, payload: object) =>
  target.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload })
const deleteUser = (target: TestApp, id: string, headers: Headers) =>
  target.inject({ method: 'DELETE', url: `/api/users/${id}`, headers })
const listPage = (headers: Headers, page?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/users/admin',
    headers,
    query: page === undefined ? {} : { page },
  })
const putProfile = (headers: Headers, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload })

describe('admin calls for each role', () => {
  const adminCalls: Array<
    [string, (headers: Headers, target: UserRow) => ReturnType<typeof listPage>]
  > = [
    ['GET /api/users/admin', (headers) => listPage(headers)],
    ['GET /api/users/:id', (headers, target) => getUser(app, target.id, headers)],
    ['PUT /api/users/:id', (headers, target) => putUser(app, target.id, headers, editBody(target))],
    ['DELETE /api/users/:id', (headers, target) => deleteUser(app, target.id, headers)],
  ]

  describe.each(adminCalls)('%s', (_name, call) => {
    it('returns 401 without a token', async () => {
      expectError(await call({}, await makeUser(app)), 401)
    })

    it('returns 401 with a bad token', async () => {
      expectError(await call({ authorization: 'Bearer nonsense' }, await makeUser(app)), 401)
      expectError(await call({ authorization: 'Basic abc' }, await makeUser(app)), 401)
    })

    it('returns 403 for a signed-in user who is not an admin', async () => {
      const { headers } = await asUser(app)
      expectError(await call(headers, await makeUser(app)), 403)
    })

    it('answers 200 for an admin', async () => {
      const { headers } = await asAdmin(app)
      expect((await call(headers, await makeUser(app))).statusCode).toBe(200)
    })
  })
})

describe('PUT /api/users/profile', () => {
  it('returns 401 without a token or with a bad one', async () => {
    const payload = { name: 'Someone', email: 'someone@example.com' }
    expectError(await putProfile({}, payload), 401)
    expectError(await putProfile({ authorization: 'Bearer nonsense' }, payload), 401)
  })

  it('updates name and e-mail and returns a session with a working token', async () => {
    const { user, headers } = await asUser(app)
    const email = `Renamed-${crypto.randomUUID()}@Example.com `
    const res = await putProfile(headers, {
      name: '  Renamed  ',
      email,
      password: '',
      currentPassword: TEST_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    const session = SessionSchema.strict().parse(res.json())
    expect(session).toEqual({
      _id: user.id,
      name: 'Renamed',
      email: email.trim().toLowerCase(),
      isAdmin: false,
      token: expect.any(String),
    })
    const again = await putProfile(bearer(session.token), { name: 'Renamed', email: session.email })
    expect(again.statusCode).toBe(200)
    // An empty password keeps the current one.
    expect((await signIn(app, session.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('keeps an admin an admin and cannot make a user one', async () => {
    const admin = await asAdmin(app)
    const adminRes = await putProfile(admin.headers, { name: 'Boss', email: admin.user.email })
    expect(adminRes.json().isAdmin).toBe(true)
    const user = await asUser(app)
    const userRes = await putProfile(user.headers, {
      name: 'U',
      email: user.user.email,
      isAdmin: true,
    })
    expect(userRes.statusCode).toBe(200)
    expect(userRes.json().isAdmin).toBe(false)
    expectError(await listPage(user.headers), 403)
  })

  it('returns 409 when the e-mail belongs to another account', async () => {
    const other = await makeUser(app)
    const { user, headers } = await asUser(app)
    expectError(
      await putProfile(headers, {
        name: user.name,
        email: other.email,
        currentPassword: TEST_PASSWORD,
      }),
      409,
      /already exists/,
    )
  })

  it('returns 400 naming the field for a missing name or a weak password', async () => {
    const { user, headers } = await asUser(app)
    expectError(await putProfile(headers, { email: user.email }), 400, /^name: /)
    expectError(
      await putProfile(headers, { name: user.name, email: user.email, password: 'weak' }),
      400,
      /^password: /,
    )
  })
})

describe('GET /api/users/admin', () => {
  it('pages all users, 12 a page, in a stable order and without password fields', async () => {
    const { headers } = await asAdmin(app)
    const created = await Promise.all(
      Array.from({ length: USERS_PAGE_SIZE + 2 }, () => makeUser(app)),
    )

    const first = UsersPageSchema.parse((await listPage(headers)).json())
    const total = first.totalUsers
    const pages = Math.ceil(total / USERS_PAGE_SIZE)
    expect(total).toBeGreaterThanOrEqual(USERS_PAGE_SIZE + 3)
    expect(first).toMatchObject({ page: 1, pages })
    expect(first.users).toHaveLength(USERS_PAGE_SIZE)

    const seen = [...first.users]
    for (let page = 2; page <= pages; page++) {
      const res = await listPage(headers, String(page))
      expect(res.statusCode).toBe(200)
      const body = UsersPageSchema.parse(res.json())
      expect(body).toMatchObject({ page, pages, totalUsers: total })
      expect(body.users).toHaveLength(
        page < pages ? USERS_PAGE_SIZE : total - USERS_PAGE_SIZE * (pages - 1),
      )
      seen.push(...body.users)
    }
    expect(new Set(seen.map((u) => u._id)).size).toBe(total)
    expect(seen.map((u) => u._id)).toEqual(expect.arrayContaining(created.map((u) => u.id)))
    for (const user of seen)
      expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'isAdmin', 'name'])
    expect(JSON.stringify(seen)).not.toMatch(/password|argon2/i)

    const again = UsersPageSchema.parse((await listPage(headers, '1')).json())
    expect(again.users.map((u) => u._id)).toEqual(first.users.map((u) => u._id))
  })

  it.each(['0', '-3', 'abc', '1.5', ''])('treats page=%j as page 1', async (page) => {
    const { headers } = await asAdmin(app)
    const first = (await listPage(headers)).json()
    const res = await listPage(headers, page)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(first)
    expect(res.json().page).toBe(1)
  })

  it('returns an empty list past the last page', async () => {
    const { headers } = await asAdmin(app)
    const res = await listPage(headers, '9999')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ users: [], page: 9999 })
  })
})

describe('GET /api/users/:id', () => {
  it('returns the public user', async () => {
    const { headers } = await asAdmin(app)
    const user = await makeUser(app)
    const res = await getUser(app, user.id, headers)
    expect(res.statusCode).toBe(200)
    expect(UserPublicSchema.strict().parse(res.json())).toEqual({
      _id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: false,
    })
  })

  it('returns 404 for an unknown id and 400 naming the id for a malformed one', async () => {
    const { headers } = await asAdmin(app)
    expectError(await getUser(app, UNKNOWN_ID, headers), 404, 'User not found')
    expectError(await getUser(app, 'not-a-uuid', headers), 400, /^id: /)
  })
})

describe('PUT /api/users/:id', () => {
  it('updates name, e-mail and admin flag and returns the public user', async () => {
    const { headers } = await asAdmin(app)
    const user = await makeUser(app)
    const email = `EDITED-${crypto.randomUUID()}@example.com`
    const res = await putUser(
      app,
      user.id,
      headers,
      editBody(user, { name: 'Edited', email, isAdmin: true }),
    )
    expect(res.statusCode).toBe(200)
    const expected = { _id: user.id, name: 'Edited', email: email.toLowerCase(), isAdmin: true }
    expect(UserPublicSchema.strict().parse(res.json())).toEqual(expected)
    expect((await getUser(app, user.id, headers)).json()).toEqual(expected)
    // The new e-mail ended the account's sessions: signed in again with it, the user is an admin.
    expectError(await listPage(await authHeader(app, user)), 401)
    const session = SessionSchema.parse((await signIn(app, email, TEST_PASSWORD)).json())
    expect((await listPage(bearer(session.token))).statusCode).toBe(200)
  })

  it('accepts a body without _id', async () => {
    const { headers } = await asAdmin(app)
    const user = await makeUser(app)
    const { _id, ...body } = editBody(user, { name: 'No Id' })
    const res = await putUser(app, user.id, headers, body)
    expect(res.statusCode).toBe(200)
    expect(res.json().name).toBe('No Id')
  })

  it('returns 400 when the body _id names another user', async () => {
    const { headers } = await asAdmin(app)
    const [user, other] = [await makeUser(app), await makeUser(app)]
    expectError(await putUser(app, user.id, headers, editBody(user, { _id: other.id })), 400, /_id/)
  })

  it('returns 409 when the e-mail belongs to another account', async () => {
    const { headers } = await asAdmin(app)
    const [user, other] = [await makeUser(app), await makeUser(app)]
    const res = await putUser(
      app,
      user.id,
      headers,
      editBody(user, { email: other.email.toUpperCase() }),
    )
    expectError(res, 409, /already exists/)
  })

  it('returns 404 for an unknown id', async () => {
    const { headers } = await asAdmin(app)
    const user = await makeUser(app)
    const res = await putUser(app, UNKNOWN_ID, headers, editBody(user, { _id: UNKNOWN_ID }))
    expectError(res, 404, 'User not found')
  })

  it.each([
    ['name', { name: '' }, /^name: Name is required/],
    ['email', { email: 'nope' }, /^email: /],
    ['isAdmin', { isAdmin: 'yes' }, /^isAdmin: /],
  ])('returns 400 naming %s when it is invalid', async (_field, changes, message) => {
    const { headers } = await asAdmin(app)
    const user = await makeUser(app)
    expectError(await putUser(app, user.id, headers, editBody(user, changes)), 400, message)
  })

  it('never changes the password', async () => {
    const { headers } = await asAdmin(app)
    const user = await makeUser(app)
    const res = await putUser(app, user.id, headers, editBody(user, { password: 'Oth3r!Password' }))
    expect(res.statusCode).toBe(200)
    expect((await signIn(app, user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})

describe('DELETE /api/users/:id', () => {
  it('deletes the user', async () => {
    const { headers } = await asAdmin(app)
    const user = await makeUser(app)
    const res = await deleteUser(app, user.id, headers)
    expect(res.statusCode).toBe(200)
    expect(MessageResponseSchema.strict().parse(res.json())).toEqual({
      message: 'user deleted successfully',
    })
    expectError(await getUser(app, user.id, headers), 404)
    expectError(await deleteUser(app, user.id, headers), 404, 'User not found')
  })

  it('lets an admin delete another admin', async () => {
    const { headers } = await asAdmin(app)
    const other = await makeAdmin(app)
    expect((await deleteUser(app, other.id, headers)).statusCode).toBe(200)
  })
})

describe('users.ensureAdmin (ADMIN_EMAIL and ADMIN_PASSWORD at start)', () => {
  it('creates an admin named Admin who can sign in', async () => {
    const email = `Boss-${crypto.randomUUID()}@Example.com`
    const result = await app.services.users.ensureAdmin({ email, password: TEST_PASSWORD })
    expect(result).toEqual({
      created: true,
      promoted: false,
      user: { _id: expect.any(String), name: 'Admin', email: email.toLowerCase(), isAdmin: true },
    })
    const res = await signIn(app, email, TEST_PASSWORD)
    expect(res.json()).toMatchObject({ name: 'Admin', isAdmin: true })
  })

  it('stores the hash a first start began before opening the database, hashing nothing again', async () => {
    const email = `first-${crypto.randomUUID()}@example.com`
    const begun = hashPassword(TEST_PASSWORD)
    const result = await app.services.users.ensureAdmin(
      { email, password: TEST_PASSWORD },
      { passwordHash: begun },
    )
    expect(result.created).toBe(true)
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
    expect(row?.passwordHash).toBe(await begun)
    expect((await signIn(app, email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('takes over an account a stranger signed up with that e-mail before promoting it', async () => {
    const email = `squatted-${crypto.randomUUID()}@example.com`
    const strangerPassword = 'Str4nger!Squat'
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: 'Stranger', email, password: strangerPassword },
    })
    expect(signUp.statusCode).toBe(201)
    const stranger = SessionSchema.parse(signUp.json())
    const strangerHeaders = bearer(stranger.token)

    const adminPassword = 'Op3rator!Chosen'
    const result = await app.services.users.ensureAdmin({ email, password: adminPassword })

    expectError(await listPage(strangerHeaders), 401)
    expectError(await signIn(app, email, strangerPassword), 401)
    const admin = await signIn(app, email, adminPassword)
    expect(admin.statusCode).toBe(200)
    expect(SessionSchema.parse(admin.json()).isAdmin).toBe(true)
    expect((await listPage(bearer(admin.json().token))).statusCode).toBe(200)
    expect(result).toMatchObject({
      created: false,
      promoted: true,
      user: { _id: stranger._id, isAdmin: true },
    })
  })

  it('leaves an existing admin, its password and its sessions as they are', async () => {
    const admin = await makeAdmin(app)
    const headers = await authHeader(app, admin)
    const result = await app.services.users.ensureAdmin({
      email: admin.email,
      password: 'Oth3r!Password',
    })
    expect(result).toMatchObject({ created: false, promoted: false, user: { _id: admin.id } })
    expect((await listPage(headers)).statusCode).toBe(200)
    expect((await signIn(app, admin.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('is idempotent when run by several instances at once', async () => {
    const email = `race-${crypto.randomUUID()}@example.com`
    const results = await Promise.all(
      [1, 2, 3].map(() => app.services.users.ensureAdmin({ email, password: TEST_PASSWORD })),
    )
    expect(new Set(results.map((r) => r.user._id)).size).toBe(1)
    expect(results.filter((r) => r.created)).toHaveLength(1)
  })

  it('refuses a password that breaks the policy', async () => {
    await expect(
      app.services.users.ensureAdmin({ email: 'weak@example.com', password: 'password' }),
    ).rejects.toThrow(/Admin password rejected/)
  })

  it('refuses a common breached password, even for an existing user', async () => {
    const user = await makeUser(app)
    for (const password of ['P@ssw0rd', 'Password1!']) {
      await expect(app.services.users.ensureAdmin({ email: user.email, password })).rejects.toThrow(
        `Admin password rejected: ${PASSWORD_BREACHED}`,
      )
    }
    expect((await app.services.users.getUser(user.id)).isAdmin).toBe(false)
  })
})

describe('the last admin', () => {
  // These tests count admins, so they share a database of their own that starts each test empty.
  let solo: TestApp
  beforeAll(async () => {
    solo = await createTestApp()
  })
  afterAll(() => solo.cleanup())
  beforeEach(async () => {
    await solo.database.db.delete(users)
  })

  const adminCount = async (headers: Headers) => {
    const res = await solo.inject({ method: 'GET', url: '/api/users/admin', headers })
    const page = UsersPageSchema.parse(res.json())
    expect(page.pages).toBe(1)
    return page.users.filter((u) => u.isAdmin).length
  }

  it('can be neither demoted nor deleted, and stays an admin', async () => {
    const admin = await makeAdmin(solo)
    const headers = await authHeader(solo, admin)
    await makeUser(solo)
    expectError(
      await putUser(solo, admin.id, headers, editBody(admin, { isAdmin: false })),
      400,
      /last admin cannot lose admin rights/,
    )
    expectError(await deleteUser(solo, admin.id, headers), 400, /last admin cannot be deleted/)
    expect((await getUser(solo, admin.id, headers)).json().isAdmin).toBe(true)
    expect(await adminCount(headers)).toBe(1)

    const renamed = await putUser(solo, admin.id, headers, editBody(admin, { name: 'Still Admin' }))
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Still Admin', isAdmin: true })
  })

  it('can be demoted or deleted once another admin exists', async () => {
    const first = await makeAdmin(solo)
    const second = await makeAdmin(solo)
    const [firstHeaders, secondHeaders] = [
      await authHeader(solo, first),
      await authHeader(solo, second),
    ]
    const demoted = await putUser(solo, first.id, firstHeaders, editBody(first, { isAdmin: false }))
    expect(demoted.statusCode).toBe(200)
    expect(demoted.json().isAdmin).toBe(false)
    expectError(
      await deleteUser(solo, second.id, secondHeaders),
      400,
      /last admin cannot be deleted/,
    )

    const third = await makeAdmin(solo)
    expect((await deleteUser(solo, second.id, secondHeaders)).statusCode).toBe(200)
    expect(await adminCount(await authHeader(solo, third))).toBe(1)
  })

  it('remains when two admins demote each other at the same time', async () => {
    const [a, b] = [await makeAdmin(solo), await makeAdmin(solo)]
    const [headersA, headersB] = [await authHeader(solo, a), await authHeader(solo, b)]
    const results = await Promise.all([
      putUser(solo, b.id, headersA, editBody(b, { isAdmin: false })),
      putUser(solo, a.id, headersB, editBody(a, { isAdmin: false })),
    ])
    // The loser either hits the rule (400) or has already lost its admin rights (403).
    const [winner, loser] =
      results[0]!.statusCode === 200 ? [headersA, results[1]!] : [headersB, results[0]!]
    expect([400, 403]).toContain(loser.statusCode)
    expect(await adminCount(winner)).toBe(1)
  })

  it('remains when two admins delete each other at the same time', async () => {
    const [a, b] = [await makeAdmin(solo), await makeAdmin(solo)]
    const [headersA, headersB] = [await authHeader(solo, a), await authHeader(solo, b)]
    const results = await Promise.all([
      deleteUser(solo, b.id, headersA),
      deleteUser(solo, a.id, headersB),
    ])
    // The loser either hits the rule (400) or has already been deleted (401).
    const [winner, loser] =
      results[0]!.statusCode === 200 ? [headersA, results[1]!] : [headersB, results[0]!]
    expect([400, 401]).toContain(loser.statusCode)
    expect(await adminCount(winner)).toBe(1)
  })

  const recentlyChecked = () => {}

  // Through HTTP the second request's auth check usually sees the first change already; calling the
  // service directly makes both changes start from two admins, which only the admin-row lock resolves.
  it('keeps one admin when two demotions race past the auth check', async () => {
    const [a, b] = [await makeAdmin(solo), await makeAdmin(solo)]
    const service = solo.services.users
    const results = await Promise.allSettled([
      service.updateUser(a.id, editBody(a, { isAdmin: false }), recentlyChecked),
      service.updateUser(b.id, editBody(b, { isAdmin: false }), recentlyChecked),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const winner = results[0]!.status === 'rejected' ? a : b
    expect(await adminCount(await authHeader(solo, winner))).toBe(1)
  })

  it('keeps one admin when two deletions race past the auth check', async () => {
    const [a, b] = [await makeAdmin(solo), await makeAdmin(solo)]
    const service = solo.services.users
    const results = await Promise.allSettled([
      service.deleteUser(a.id, recentlyChecked),
      service.deleteUser(b.id, recentlyChecked),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const survivor = results[0]!.status === 'rejected' ? a : b
    expect(await adminCount(await authHeader(solo, survivor))).toBe(1)
  })

  it('gives the oldest admin as the first admin e-mail', async () => {
    expect(await solo.services.users.firstAdminEmail()).toBeUndefined()
    // Explicit times: two inserts can share a clock tick, which would make "oldest" a tie.
    await makeUser(solo, { createdAt: new Date('2026-01-01T00:00:00Z') })
    await makeAdmin(solo, { createdAt: new Date('2026-03-01T00:00:00Z') })
    const first = await makeAdmin(solo, { createdAt: new Date('2026-02-01T00:00:00Z') })
    expect(await solo.services.users.firstAdminEmail()).toBe(first.email)
  })
})
