/**
 * PostgreSQL stopped mid-traffic (a cluster this test starts itself, never the shared service):
 * API calls answer 503 JSON, /api/health says 503, the process stays up, and it recovers
 * by itself when the database is back.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { allMessageIds, call, signInOverHttp, type CallResult } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { startTempPostgres, type TempPostgres } from '#tests/helpers/temp-postgres.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const ADMIN = { email: 'owner@outage.test', password: 'Outage!Owner1' }
/** Requests answered while the database is down before it is started again. */
const OUTAGE_SAMPLES = 30
const CLIENTS = 6

let cluster: TempPostgres
let server: ServerProcess
let dataDir: string
let adminHeaders: Record<string, string>

beforeAll(async () => {
  cluster = await startTempPostgres()
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-outage-'))
  server = await startServer({
    env: {
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
    },
  })
  adminHeaders = (await signInOverHttp(server.url, ADMIN)).headers
}, 240_000)

afterAll(async () => {
  await stopAllServers()
  await cluster?.destroy()
  await rm(dataDir, { recursive: true, force: true })
})

/**
 * 'outage': sent while the database is stopped; 'recovering': sent once it is being started again,
 * before /api/health has seen it back (either answer is fine then); 'after': sent once it is back.
 */
type Phase = 'before' | 'outage' | 'recovering' | 'after'
interface Sample {
  phase: Phase
  path: string
  result?: CallResult
  error?: string
}

const REQUESTS: { method: string; path: string; body?: () => unknown; admin?: boolean }[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/websites/search?page=1' },
  { method: 'GET', path: '/api/summary/summary', admin: true },
  { method: 'GET', path: '/api/messages/admin', admin: true },
  {
    method: 'POST',
    path: '/api/messages/contact',
    body: () => ({
      fullName: 'Visitor',
      email: 'visitor@outage.test',
      subject: 'Outage',
      message: 'Still there?',
    }),
  },
]

/** Waits until `count` samples of `phase` have been answered. */
const answered = (samples: Sample[], phase: Phase, count: number) =>
  vi.waitFor(
    () => expect(samples.filter((s) => s.phase === phase).length).toBeGreaterThanOrEqual(count),
    ASYNC_WORK,
  )

/** Public reads may be answered from the response cache for a moment after the stop. */
const CACHED_PATHS = new Set(['/api/websites/search?page=1'])

describe('PostgreSQL stopped mid-traffic', () => {
  it('answers 503 JSON while it is down, stays up, and recovers by itself', async () => {
    let phase: Phase = 'before'
    let running = true
    const samples: Sample[] = []

    const client = async (clientIndex: number) => {
      for (let i = clientIndex; running; i++) {
        const spec = REQUESTS[i % REQUESTS.length]!
        const sample: Sample = { phase, path: spec.path }
        try {
          sample.result = await call(server.url, spec.method, spec.path, {
            body: spec.body?.(),
            headers: spec.admin ? adminHeaders : {},
            timeoutMs: 20_000,
          })
        } catch (error) {
          sample.error = String(error)
        }
        samples.push(sample)
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    const traffic = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)))

    // Phases end after a number of answered requests, never after a time: a busy machine only
    // makes the test longer.
    await answered(samples, 'before', REQUESTS.length * 2)
    // 'immediate' cuts every connection at once, like a crash of the database server.
    await cluster.stop('immediate')
    phase = 'outage'
    await answered(samples, 'outage', OUTAGE_SAMPLES)

    const health = await call(server.url, 'GET', '/api/health')
    expect(health.status).toBe(503)
    expect(health.json).toEqual({ status: 'unavailable' })

    const restartAt = Date.now()
    // Requests sent from now on may already succeed, so they do not count as sent during the outage.
    phase = 'recovering'
    await cluster.start()
    await vi.waitFor(
      async () => expect((await call(server.url, 'GET', '/api/health')).status).toBe(200),
      ASYNC_WORK,
    )
    const recoveredMs = Date.now() - restartAt
    phase = 'after'
    await answered(samples, 'after', REQUESTS.length * 2)
    running = false
    await traffic

    expect(server.isRunning()).toBe(true)

    // The process never dropped a connection or hung (each call gives up after 20 s), whatever
    // the phase.
    expect(samples.filter((s) => s.error)).toEqual([])
    const outage = samples.filter((s) => s.phase === 'outage')
    const recovering = samples.filter((s) => s.phase === 'recovering')
    for (const { path: urlPath, result } of [...outage, ...recovering]) {
      const r = result!
      // A request sent while the database restarts may already succeed.
      expect([200, 201, 503], `${urlPath} ${r.status} ${r.text}`).toContain(r.status)
      if (r.status === 503 && urlPath !== '/api/health') {
        expect(r.json).toEqual({ message: expect.any(String) })
        expect(r.headers.get('retry-after')).toBeTruthy()
      }
    }
    // Sent after the stop had completed: only the response cache can still answer those.
    for (const { path: urlPath, result } of outage)
      if (!CACHED_PATHS.has(urlPath)) expect(result!.status, urlPath).toBe(503)
    const unavailable = outage.filter((s) => s.result!.status === 503)
    expect(samples.some((s) => s.result?.status === 500)).toBe(false)

    // After recovery every kind of call succeeds again.
    const after = samples.filter((s) => s.phase === 'after')
    for (const { path: urlPath, result } of after)
      expect([200, 201], urlPath).toContain(result!.status)

    const accepted = samples
      .filter((s) => s.path === '/api/messages/contact' && s.result?.status === 201)
      .map((s) => (s.result!.json as { _id: string })._id)
    const stored = await allMessageIds(server.url, adminHeaders)
    expect(accepted.filter((id) => !stored.has(id))).toEqual([])

    const maxOutageMs = Math.max(...outage.map((s) => s.result!.ms))
    console.log(
      `[database-outage] requests: ${samples.length} (${outage.length} during the outage, ${unavailable.length} answered 503, ` +
        `slowest ${maxOutageMs.toFixed(0)} ms); 500s: 0; dropped connections: 0; ` +
        `recovered ${recoveredMs} ms after the database restarted; contact messages answered 201: ${accepted.length}, lost: 0`,
    )
  }, 120_000)
})
