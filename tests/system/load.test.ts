/**
 * Load on the embedded database: 1,000 contact posts from 50 concurrent clients are each stored
 * exactly once; past the rate limits the server answers 429 JSON with Retry-After, per client IP.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { count, countDistinct } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { openDatabase } from '#server/db/client.ts'
import { messages } from '#server/db/schema.ts'
import { ACTION_LIMITS, RATE_LIMITS } from '#server/lib/rate-limits.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, type CallResult } from '#tests/helpers/http-calls.ts'
import { inPool } from '#tests/helpers/pool.ts'
import { startServer, stopAllServers } from '#tests/helpers/server-process.ts'

const POSTS = 1_000
const CLIENTS = 50
const ADMIN = { email: 'owner@load.test', password: 'Load!Owner1' }

const dataDirs: string[] = []
const tempDir = async () => {
  const dir = await freshDataDir('site-load-')
  dataDirs.push(dir)
  return dir
}

afterAll(async () => {
  await stopAllServers()
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

const contact = (i: number, run: string) => ({
  fullName: `Load client ${i % CLIENTS}`,
  email: `client${i % CLIENTS}@load.test`,
  subject: `Load ${run} #${i}`,
  message: `Message number ${i} of the load test.`,
})

describe('1,000 contact posts from 50 concurrent clients (rate limits off)', () => {
  it('stores every post answered 201 exactly once', async () => {
    const dataDir = await tempDir()
    const server = await startServer({
      env: {
        DATA_DIR: dataDir,
        RATE_LIMIT_SCALE: '0',
        OWNER_EMAIL: 'owner@load.test',
        LOG_LEVEL: 'warn',
      },
    })
    const run = Date.now().toString(36)
    const started = performance.now()
    const results = await inPool(POSTS, CLIENTS, (i) =>
      call(server.url, 'POST', '/api/messages/contact', {
        body: contact(i, run),
        timeoutMs: 60_000,
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const latencies = results.map((r) => r.ms).sort((x, y) => x - y)
    const p99 = latencies[Math.floor(latencies.length * 0.99)]!

    const statuses = new Map<number, number>()
    for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
    expect(Object.fromEntries(statuses)).toEqual({ 201: POSTS })
    const ids = results.map((r) => MessageSchema.parse(r.json)._id)
    expect(new Set(ids).size).toBe(POSTS)

    // Read the database itself once the server has closed it.
    const exit = await server.stop('SIGTERM')
    expect(exit.code).toBe(0)
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') })
    try {
      const [totals] = await database.db
        .select({
          rows: count(),
          subjects: countDistinct(messages.subject),
          ids: countDistinct(messages.id),
        })
        .from(messages)
      expect(totals).toEqual({ rows: POSTS, subjects: POSTS, ids: POSTS })
      const stored = new Set(
        (await database.db.select({ id: messages.id }).from(messages)).map((r) => r.id),
      )
      expect(ids.filter((id) => !stored.has(id))).toEqual([])
    } finally {
      await database.close()
    }
    console.log(
      `[load] contact posts: ${POSTS} from ${CLIENTS} concurrent clients in ${seconds.toFixed(1)} s ` +
        `(${(POSTS / seconds).toFixed(0)} req/s, p99 ${p99.toFixed(0)} ms); answered 201: ${POSTS}; ` +
        `rows stored: ${POSTS}; duplicates: 0; lost: 0`,
    )
  }, 180_000)
})

describe('beyond the rate limits', () => {
  let url: string

  beforeAll(async () => {
    const server = await startServer({
      env: {
        DATA_DIR: await tempDir(),
        TRUST_PROXY: 'true',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    })
    url = server.url
  }, 240_000)

  const expectTooMany = (res: CallResult) => {
    expect(res.status).toBe(429)
    expect(res.json).toEqual({
      message: expect.stringMatching(/^Too many requests, please try again in/),
    })
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(ACTION_LIMITS.contact.timeWindow / 1000)
  }

  it('answers 429 JSON with Retry-After past the contact limit, for that client only', async () => {
    const max = ACTION_LIMITS.contact.max
    const extra = 45
    const results = await inPool(max + extra, 10, (i) =>
      call(url, 'POST', '/api/messages/contact', {
        body: contact(i, 'limit'),
        headers: { 'x-forwarded-for': '203.0.113.10' },
      }),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(max)
    const refused = results.filter((r) => r.status !== 201)
    expect(refused).toHaveLength(extra)
    for (const res of refused) expectTooMany(res)

    const other = await call(url, 'POST', '/api/messages/contact', {
      body: contact(0, 'other'),
      headers: { 'x-forwarded-for': '203.0.113.11' },
    })
    expect(other.status).toBe(201)
    console.log(
      `[load] contact limit ${max}/10 min: ${max + extra} posts from one IP -> ${max} x 201, ${extra} x 429 with Retry-After; another IP: 201`,
    )
  })

  it('throttles sign-in per IP: wrong guesses from one IP lock that IP out, not others', async () => {
    const max = RATE_LIMITS.signIn.max
    const guesses = await inPool(max, 5, (i) =>
      call(url, 'POST', '/api/users/signin', {
        // Guesses on many accounts, so only the per-IP counter is at work.
        body: { email: `nobody${i}@load.test`, password: 'Wrong!Guess1' },
        headers: { 'x-forwarded-for': '203.0.113.20' },
      }),
    )
    expect(guesses.map((r) => r.status)).toEqual(Array<number>(max).fill(401))
    const locked = await call(url, 'POST', '/api/users/signin', {
      body: ADMIN,
      headers: { 'x-forwarded-for': '203.0.113.20' },
    })
    expect(locked.status).toBe(429)
    expect(locked.json).toEqual({ message: expect.stringMatching(/^Too many requests/) })
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)

    const elsewhere = await call(url, 'POST', '/api/users/signin', {
      body: ADMIN,
      headers: { 'x-forwarded-for': '203.0.113.21' },
    })
    expect(elsewhere.status).toBe(200)
    console.log(
      `[load] sign-in per-IP limit ${max}/15 min: ${max} wrong guesses -> next try from that IP 429; from another IP 200`,
    )
  })
})
