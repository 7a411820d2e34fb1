import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SummarySchema, type Summary } from '#common/schemas/summary.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { users } from '#server/db/schema.ts'
import { makeMessage, makeUser, makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

async function summary(): Promise<Summary> {
  const res = await app.inject({ method: 'GET', url: '/api/summary/summary', headers: admin })
  expect(res.statusCode).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-store')
  return SummarySchema.parse(res.json())
}

const groupCount = (s: Summary, name: string) =>
  s.websites.find((g) => g._id === name)?.totalWebsites

describe('GET /api/summary/summary', () => {
  it('counts users, messages and websites per language description', async () => {
    const tag = randomUUID().slice(0, 6)
    const [mern, next, astro, router] = ['MERN', 'Next.js', 'Astro', 'React Router'].map(
      (n) => `${n} ${tag}`,
    )
    const before = await summary()

    for (let i = 0; i < 3; i++) await makeUser(app)
    for (let i = 0; i < 4; i++) await makeMessage(app)
    const plan: [string, number][] = [
      [mern!, 3],
      [next!, 2],
      [astro!, 2],
      [router!, 1],
    ]
    for (const [languageDescription, n] of plan) {
      for (let i = 0; i < n; i++) await makeWebsite(app, { languageDescription })
    }

    const after = await summary()
    expect(after.users).toEqual([{ numUsers: before.users[0]!.numUsers + 3 }])
    expect(after.messages).toEqual([{ numMessages: before.messages[0]!.numMessages + 4 }])
    for (const [name, n] of plan) expect(groupCount(after, name)).toBe(n)

    const mine = after.websites.filter((g) => g._id.endsWith(tag)).map((g) => g._id)
    expect(mine).toEqual([mern, astro, next, router])
  })

  it('gives the totals and no groups when there are no websites', async () => {
    const empty = await createTestApp()
    try {
      const headers = (await asAdmin(empty)).headers
      await makeMessage(empty)
      const res = await empty.inject({ method: 'GET', url: '/api/summary/summary', headers })
      expect(res.statusCode).toBe(200)
      expect(SummarySchema.parse(res.json())).toEqual({
        users: [{ numUsers: 1 }],
        websites: [],
        messages: [{ numMessages: 1 }],
        invoices: {
          year: expect.any(Number),
          currency: 'EUR',
          invoiced: '0.00',
          paid: '0.00',
          overdue: '0.00',
        },
      })
    } finally {
      await empty.cleanup()
    }
  })

  it('orders groups by count, largest first, then by name', async () => {
    const tag = randomUUID().slice(0, 6)
    await makeWebsite(app, { languageDescription: `B ${tag}` })
    await makeWebsite(app, { languageDescription: `A ${tag}` })
    const { websites } = await summary()
    const sorted = [...websites].sort(
      (a, b) => b.totalWebsites - a.totalWebsites || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
    )
    expect(websites).toEqual(sorted)
  })

  it('counts a deleted website no more', async () => {
    const languageDescription = `Gone ${randomUUID().slice(0, 6)}`
    const website = await makeWebsite(app, { languageDescription })
    expect(groupCount(await summary(), languageDescription)).toBe(1)
    await app.inject({ method: 'DELETE', url: `/api/websites/${website.id}`, headers: admin })
    expect(groupCount(await summary(), languageDescription)).toBeUndefined()
  })

  it('refuses an admin the moment they are demoted, signed out everywhere or deleted', async () => {
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/summary/summary', headers })
    const demoted = await asAdmin(app)
    expect((await get(demoted.headers)).statusCode).toBe(200)
    await app.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, demoted.user.id))
    expectError(await get(demoted.headers), 403, 'Not authorized as an admin')

    const revoked = await asAdmin(app)
    await app.database.db
      .update(users)
      .set({ tokenVersion: revoked.user.tokenVersion + 1 })
      .where(eq(users.id, revoked.user.id))
    expectError(await get(revoked.headers), 401, 'Not authorized, token failed')

    const deleted = await asAdmin(app)
    await app.database.db.delete(users).where(eq(users.id, deleted.user.id))
    expectError(await get(deleted.headers), 401, 'Not authorized, token failed')
  })

  it('returns 401 for a visitor and 403 for a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/summary/summary' }), 401)
    const { headers } = await asUser(app)
    expectError(
      await app.inject({ method: 'GET', url: '/api/summary/summary', headers }),
      403,
      'Not authorized as an admin',
    )
  })
})
