/**
 * Totals and pages through the API: the dashboard's figures and the portfolio's total must equal
 * the table's rows after any kind of write (single and bulk inserts, updates, deletes, a truncate),
 * and the pages together must hold every website once, in portfolio order.
 */
import { asc, count, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SummarySchema } from '#common/schemas/summary.ts'
import { WebsiteSearchPageSchema } from '#common/schemas/websites.ts'
import { messages, users, websites } from '#server/db/schema.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { makeMessage, makeUser, makeWebsite, announceChange } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

const db = () => app.database.db

async function realCounts() {
  const [[u], [w], [m], groups] = await Promise.all([
    db().select({ n: count() }).from(users),
    db().select({ n: count() }).from(websites),
    db().select({ n: count() }).from(messages),
    db()
      .select({ _id: websites.languageDescription, totalWebsites: count() })
      .from(websites)
      .groupBy(websites.languageDescription)
      .orderBy(desc(count()), asc(websites.languageDescription)),
  ])
  return { users: u!.n, websites: w!.n, messages: m!.n, groups }
}

async function summary() {
  const res = await app.inject({ method: 'GET', url: '/api/summary/summary', headers: admin })
  expect(res.statusCode).toBe(200)
  return SummarySchema.parse(res.json())
}

async function expectCountsExact() {
  // The rows were written straight to the database: the app hears of it as after a service's write.
  announceChange(app)
  const real = await realCounts()
  const s = await summary()
  expect(s.users[0]!.numUsers).toBe(real.users)
  expect(s.messages[0]!.numMessages).toBe(real.messages)
  expect(s.websites).toEqual(real.groups)
  const search = WebsiteSearchPageSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/websites/search' })).json(),
  )
  expect(search.countWebsites).toBe(real.websites)
}

/** Inserts `n` websites in one statement, each a minute older than the previous. */
async function bulkWebsites(n: number, languageDescription: (i: number) => string) {
  const base = Date.now()
  await db()
    .insert(websites)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Bulk ${i}`,
        slug: `bulk-${base}-${i}`,
        image: '/images/default.jpg',
        language: 'TypeScript',
        languageDescription: languageDescription(i),
        createdAt: new Date(base - i * 60_000),
      })),
    )
}

describe('totals after writes', () => {
  it('match count(*) after single and bulk inserts', async () => {
    await makeUser(app)
    await makeMessage(app)
    await makeWebsite(app, { languageDescription: 'Counted A' })
    await bulkWebsites(25, (i) => (i % 3 === 0 ? 'Counted A' : 'Counted B'))
    await expectCountsExact()
  })

  it('move a website between groups when its language description changes', async () => {
    const site = await makeWebsite(app, { languageDescription: 'Counted A' })
    await db()
      .update(websites)
      .set({ languageDescription: 'Counted C' })
      .where(eq(websites.id, site.id))
    await db().update(websites).set({ name: 'Renamed only' }).where(eq(websites.id, site.id))
    await expectCountsExact()
    expect((await summary()).websites.find((g) => g._id === 'Counted C')?.totalWebsites).toBe(1)
  })

  it('match count(*) after deletes, and drop groups that became empty', async () => {
    await db().delete(websites).where(eq(websites.languageDescription, 'Counted C'))
    await db().delete(messages)
    await expectCountsExact()
    const s = await summary()
    expect(s.websites.some((g) => g._id === 'Counted C')).toBe(false)
    expect(s.messages[0]!.numMessages).toBe(0)
  })

  it('match count(*) after a truncate', async () => {
    await makeMessage(app)
    await db().execute(sql`truncate table messages cascade`)
    await makeMessage(app)
    await expectCountsExact()
    expect((await summary()).messages[0]!.numMessages).toBe(1)
  })
})

describe('GET /api/websites/search paging', () => {
  it('returns, page by page, exactly the rows of a plain OFFSET query, in portfolio order', async () => {
    await bulkWebsites(37, () => 'Paged')
    announceChange(app)
    const total = (await realCounts()).websites
    const expected = await db()
      .select({ id: websites.id })
      .from(websites)
      .orderBy(asc(websites.position), asc(websites.id))
    const pages = Math.ceil(total / 10)
    const seen: string[] = []
    for (let page = 1; page <= pages; page++) {
      const res = await app.inject({ method: 'GET', url: `/api/websites/search?page=${page}` })
      expect(res.statusCode).toBe(200)
      const body = WebsiteSearchPageSchema.parse(res.json())
      expect(body.pages).toBe(pages)
      expect(body.websites.length).toBe(page < pages ? 10 : total - (pages - 1) * 10)
      seen.push(...body.websites.map((w) => w._id))
    }
    expect(seen).toEqual(expected.map((row) => row.id))
  })

  it('returns an empty page past the last one', async () => {
    const total = (await realCounts()).websites
    const past = Math.ceil(total / 10) + 1
    const res = await app.inject({ method: 'GET', url: `/api/websites/search?page=${past}` })
    expect(res.statusCode).toBe(200)
    expect(WebsiteSearchPageSchema.parse(res.json()).websites).toEqual([])
  })
})
