/**
 * An admin's change saved on one instance shows on another at once, although each keeps public
 * pages in its response cache far longer than this test runs: the write's broadcast (Redis pub/sub,
 * or PostgreSQL LISTEN/NOTIFY without Redis) empties the other's cache. Each pair has its own
 * scratch database and its own channel, so no other run's writes can reach it.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FaqResponseSchema } from '#common/schemas/faq.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { createScratchPostgres } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

// Its own account each run: sign-in limits kept in Redis outlive a run.
const ADMIN = {
  email: `owner-${randomUUID().slice(0, 8)}@changes.test`,
  password: 'Change!Everywhere1',
}
/** Far longer than the test: without the broadcast, the second instance would serve stale pages. */
const LONG_CACHE_MS = '3600000'

type Scratch = Awaited<ReturnType<typeof createScratchPostgres>>
const scratches: Scratch[] = []

async function startPair(withRedis: boolean): Promise<[ServerProcess, ServerProcess]> {
  const scratch = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
  scratches.push(scratch)
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: withRedis ? testEnv.TEST_REDIS_URL : undefined,
    CACHE_CHANNEL: `test_changes_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    RESPONSE_CACHE_TTL_MS: LONG_CACHE_MS,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Limits are not what this tests, and the per-address sign-in limit in a shared Redis outlives
    // a run: every rerun on one machine signs in from the same address.
    RATE_LIMIT_SCALE: '0',
    LOG_LEVEL: 'warn',
  }
  const a = await startServer({ env: { ...env, DATA_DIR: await freshDataDir() } })
  const b = await startServer({ env: { ...env, DATA_DIR: await freshDataDir() } })
  return [a, b]
}

let redisPair: [ServerProcess, ServerProcess]
let postgresPair: [ServerProcess, ServerProcess]

beforeAll(async () => {
  ;[redisPair, postgresPair] = await Promise.all([startPair(true), startPair(false)])
}, 480_000)

afterAll(async () => {
  await stopAllServers()
  for (const scratch of scratches) await scratch.drop()
})

/** Reads `path` anonymously (so through the response cache) until it answers 200 with `text`. */
const eventuallyShows = (server: ServerProcess, path: string, text: string) =>
  vi.waitFor(async () => {
    const res = await call(server.url, 'GET', path)
    expect(res.status).toBe(200)
    expect(res.text).toContain(text)
  }, ASYNC_WORK)

describe.each([
  ['Redis pub/sub', () => redisPair],
  ['PostgreSQL LISTEN/NOTIFY', () => postgresPair],
])('two instances told over %s', (_name, pair) => {
  it('shows a settings change saved on one on the other at once', async () => {
    const [a, b] = pair()
    // Both instances cache the home page and the settings read with the first-run name.
    for (const path of ['/', '/api/settings']) {
      const res = await call(b.url, 'GET', path)
      expect(res.status).toBe(200)
      expect(res.text).toContain('Rivera Web Studio')
    }
    const current = SiteSettingsSchema.parse((await call(a.url, 'GET', '/api/settings')).json)
    const businessName = `Harbour ${randomUUID().slice(0, 8)} Works`
    const saved = await call(a.url, 'PUT', '/api/settings', {
      headers: (await signInOverHttp(a.url, ADMIN)).headers,
      body: { ...current, businessName },
    })
    expect(saved.status, saved.text).toBe(200)

    await eventuallyShows(b, '/', businessName)
    await eventuallyShows(b, '/api/settings', businessName)
  })

  it('shows a new FAQ entry saved on one on the other at once', async () => {
    const [a, b] = pair()
    const before = await call(b.url, 'GET', '/faq')
    expect(before.status).toBe(200)
    const question = `Do you work on ${randomUUID().slice(0, 8)} projects?`
    const created = await call(a.url, 'POST', '/api/faq', {
      headers: (await signInOverHttp(a.url, ADMIN)).headers,
      body: { question, answer: 'Yes, *gladly*.' },
    })
    expect(created.status, created.text).toBe(201)
    expect(FaqResponseSchema.parse(created.json).faq.question).toBe(question)

    await eventuallyShows(b, '/faq', question)
  })

  it('shows a portfolio entry published on one on the other at once', async () => {
    const [a, b] = pair()
    expect((await call(b.url, 'GET', '/portfolio')).status).toBe(200)
    const { headers } = await signInOverHttp(a.url, ADMIN)
    const draft = await call(a.url, 'POST', '/api/websites', { headers })
    expect(draft.status, draft.text).toBe(201)
    const website = (draft.json as { website: Record<string, unknown> }).website
    const name = `Harbour shop ${randomUUID().slice(0, 8)}`
    const published = await call(a.url, 'PUT', `/api/websites/${String(website._id)}`, {
      headers,
      body: {
        ...website,
        name,
        slug: name.toLowerCase().replaceAll(' ', '-'),
        languageDescription: 'A shop on the harbour',
        description: 'An online shop for a harbour chandlery.',
        link: 'https://harbour.example',
        published: true,
      },
    })
    expect(published.status, published.text).toBe(200)

    await eventuallyShows(b, '/portfolio', name)
  })
})
