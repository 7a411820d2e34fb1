/**
 * The cost of the visit statistics: req/s on `/` loaded as a person's browser with counting on and
 * off (VISIT_STATS), each request from another visitor (its own user agent), and the storage of
 * 10,000 visits of 3 pages each (raw rows with their indexes, and the daily roll-ups), measured on
 * an embedded database.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { createStatsRepository } from '#server/modules/stats/stats.repository.ts'
import { createStatsService } from '#server/modules/stats/stats.service.ts'
import { startServer } from '#tests/helpers/server-process.ts'

const PERSON = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`
const VISITS = 10_000
const PAGES_PER_VISIT = 3
const VISITS_PER_DAY = 1_000

export interface VisitCountingResult {
  rpsOn: number
  rpsOff: number
  p99On: number
  p99Off: number
  rawBytesPer10k: number
  rollUpBytesPerDay: number
  yearMb: number
}

async function loadHome(
  env: Record<string, string | undefined>,
  connections: number,
  durationSeconds: number,
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-visits-'))
  const server = await startServer({ env: { ...env, DATA_DIR: dataDir }, readyTimeoutMs: 300_000 })
  try {
    let n = 0
    const run = (duration: number) =>
      autocannon({
        url: `${server.url}/`,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                accept: 'text/html',
                'sec-fetch-dest': 'document',
                'accept-encoding': 'br, gzip',
                'user-agent': PERSON(n++),
              },
            }),
          },
        ],
      })
    await run(2)
    const result = await run(durationSeconds)
    return { rps: result.requests.average, p99: result.latency.p99 }
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function storagePer10k() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-visit-storage-'))
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'pglite') })
  try {
    await migrateDatabase(database)
    let clock = new Date('2026-01-01T08:00:00Z')
    const stats = createStatsService({
      repo: createStatsRepository(database.db),
      siteHost: 'bench.example',
      now: () => clock,
      log: Fastify({ logger: false }).log,
      mail: { send: async () => {} },
      isDigestOn: async () => false,
      ownerEmail: async () => undefined,
      messagesPerWeek: async () => ({ weeks: [] }),
      dashboardUrl: 'http://bench.example/admin/dashboard',
      brand: async () => ({
        businessName: 'Bench',
        accentColor: '#1d4ed8',
        homeUrl: 'http://bench.example/',
        clientRoomUrl: 'http://bench.example/client',
        logoUrl: null,
      }),
    })
    const pages = ['/', '/portfolio', '/faq', '/about', '/webdesign', '/contact', '/dns']
    const sources = [null, 'www.google.com', 'www.linkedin.com', 'duckduckgo.com', 'github.com']
    for (let day = 0; day < VISITS / VISITS_PER_DAY; day++) {
      const dayStart = Date.parse('2026-01-01T08:00:00Z') + day * 86_400_000
      for (let i = 0; i < VISITS_PER_DAY; i++) {
        const v = day * VISITS_PER_DAY + i
        for (let p = 0; p < PAGES_PER_VISIT; p++)
          stats.record({
            at: new Date(dayStart + i * 30_000 + p * 60_000),
            ip: `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`,
            userAgent: PERSON(v),
            path: pages[(v + p) % pages.length]!,
            source: p === 0 ? sources[v % sources.length]! : null,
            utm: { source: v % 10 === 0 ? 'newsletter' : null, medium: null, campaign: null },
            device: v % 3 === 0 ? 'mobile' : 'desktop',
            country: null,
          })
      }
      clock = new Date(dayStart + 86_400_000)
      await stats.maintain()
    }
    const size = async (table: string) => {
      const result = (await database.db.execute(
        sql.raw(`select pg_total_relation_size('${table}')::bigint as bytes`),
      )) as unknown as { rows: { bytes: string | number }[] }
      return Number(result.rows[0]!.bytes)
    }
    const raw = (await size('visits')) + (await size('page_views'))
    const rollUps = await size('stats_daily')
    return { raw, rollUpPerDay: rollUps / (VISITS / VISITS_PER_DAY) }
  } finally {
    await database.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export async function measureVisitCounting(options: {
  env: (counting: boolean) => Record<string, string | undefined>
  connections: number
  durationSeconds: number
}): Promise<VisitCountingResult> {
  const on = await loadHome(options.env(true), options.connections, options.durationSeconds)
  const off = await loadHome(options.env(false), options.connections, options.durationSeconds)
  const { raw, rollUpPerDay } = await storagePer10k()
  // A year at 1,000 visits a day: 30 days of raw visits and 365 days of roll-ups.
  const yearBytes = raw * ((30 * VISITS_PER_DAY) / VISITS) + rollUpPerDay * 365
  return {
    rpsOn: on.rps,
    rpsOff: off.rps,
    p99On: on.p99,
    p99Off: off.p99,
    rawBytesPer10k: raw,
    rollUpBytesPerDay: rollUpPerDay,
    yearMb: yearBytes / 1024 / 1024,
  }
}

export function renderVisitCounting(r: VisitCountingResult): string {
  const fmt = (n: number, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
  return [
    '## Visit statistics',
    '',
    "GET / as a person's browser (HTML document, each request another user agent), embedded database:",
    '',
    '| counting | req/s | p99 ms |',
    '| --- | --- | --- |',
    `| on | ${fmt(r.rpsOn)} | ${fmt(r.p99On)} |`,
    `| off (VISIT_STATS=false) | ${fmt(r.rpsOff)} | ${fmt(r.p99Off)} |`,
    '',
    `Storage: 10,000 visits of 3 pages take ${fmt(r.rawBytesPer10k / 1024 / 1024, 1)} MB of raw rows ` +
      `(visits and page_views with indexes); the roll-ups take ${fmt(r.rollUpBytesPerDay / 1024, 1)} KB a day. ` +
      `A year at 1,000 visits a day (30 days raw, 365 days of roll-ups): ${fmt(r.yearMb, 1)} MB.`,
  ].join('\n')
}
