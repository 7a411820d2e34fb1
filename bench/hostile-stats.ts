/**
 * The visit statistics under hostile data: 200,000 stored visits that each bring another visitor
 * (user agent), referrer, campaign and path, spread over the dashboard's 30 days or all on today,
 * seeded into an embedded database before the production server starts on it (finished days are
 * rolled up by the maintenance at start; today is read from its running figures, which the
 * migration that counts stored visits makes from them). Prints the time of
 * GET /api/stats?range=30d (what the dashboard asks; the first answer and the median of the next),
 * whether it answered at all, and the server's peak memory (its start, with the maintenance that
 * rolls the finished days up, included).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { MIGRATIONS_DIR } from '#server/lib/paths.ts'
import { DAY_KEYS_MAX } from '#server/modules/stats/stats.repository.ts'
import { startServer } from '#tests/helpers/server-process.ts'
import { processMemory, withPeakMemory } from './measure.ts'
import { formatTable } from './report.ts'

export const HOSTILE_VISITS = 200_000
const REQUESTS = 10
/** The migration that counts visits stored before the running figures existed. */
const COUNT_STORED_VISITS = '0023_count_stored_visits.sql'

export interface HostileStatsCase {
  name: string
  firstMs: number | null
  medianMs: number | null
  /** The server's answer when it did not answer 200 (or the error when it died). */
  failure: string | null
  requestPeakMb: number
  lifePeakMb: number
}

/**
 * Stores the visits straight into the database: `distinct` gives each its own referrer, campaign
 * and path (as stored before the caps on distinct values existed), `capped` spreads them over
 * DAY_KEYS_MAX + 1 of each (what the caps let through in a day); every visit is another visitor.
 */
async function seedHostile(dir: string, days: number, keys: 'distinct' | 'capped') {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'pglite') })
  try {
    await migrateDatabase(database)
    const today = new Date().toISOString().slice(0, 10)
    const k = keys === 'distinct' ? sql`g` : sql`(g % ${DAY_KEYS_MAX + 1})`
    await database.db.execute(sql`
      insert into visits (visitor, day, started_at, last_seen_at, landing_page, source, utm_source,
        utm_medium, utm_campaign, device, pageviews)
      select 'hostile-' || g, ${today}::date - (g % ${days}),
        ${today}::date - (g % ${days}) + interval '1 second' * (g % 86000),
        ${today}::date - (g % ${days}) + interval '1 second' * (g % 86000),
        '/website/hostile-' || ${k}, 'referrer-' || ${k} || '.example', 'source-' || ${k},
        'medium-' || ${k}, 'campaign-' || ${k}, 'desktop', 1
      from generate_series(1, ${HOSTILE_VISITS}::int) as g`)
    await database.db.execute(sql`
      insert into page_views (visit_id, path, at) select id, landing_page, started_at from visits`)
    // Their running figures, as a site upgrading with these visits stored gets them.
    const counting = await readFile(path.join(MIGRATIONS_DIR, COUNT_STORED_VISITS), 'utf8')
    for (const statement of counting.split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement))
  } finally {
    await database.close()
  }
}

async function measureCase(
  name: string,
  days: number,
  keys: 'distinct' | 'capped',
  env: (dataDir: string) => Record<string, string | undefined>,
  admin: { email: string; password: string },
): Promise<HostileStatsCase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-hostile-stats-'))
  try {
    await seedHostile(dataDir, days, keys)
    const server = await startServer({ env: env(dataDir), readyTimeoutMs: 300_000 })
    try {
      const signIn = await fetch(`${server.url}/api/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
      const { token } = (await signIn.json()) as { token: string }
      const ask = async () => {
        const started = performance.now()
        const res = await fetch(`${server.url}/api/stats?range=30d`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const body = await res.text()
        if (!res.ok) throw new Error(`HTTP ${res.status} ${body.slice(0, 200)}`)
        return performance.now() - started
      }
      try {
        const { value, peakMb } = await withPeakMemory(server.pid, async () => {
          const first = await ask()
          const times: number[] = []
          for (let i = 0; i < REQUESTS; i++) times.push(await ask())
          times.sort((a, b) => a - b)
          return { first, median: times[Math.floor(times.length / 2)]! }
        })
        return {
          name,
          firstMs: value.first,
          medianMs: value.median,
          failure: null,
          requestPeakMb: peakMb,
          lifePeakMb: (await processMemory(server.pid)).peakMb,
        }
      } catch (err) {
        const tail = server.output().split('\n').filter(Boolean).slice(-3).join(' | ')
        return {
          name,
          firstMs: null,
          medianMs: null,
          failure: `${String(err)} ${tail}`.slice(0, 300),
          requestPeakMb: NaN,
          lifePeakMb: (await processMemory(server.pid).catch(() => ({ peakMb: NaN }))).peakMb,
        }
      }
    } finally {
      await server.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

export async function measureHostileStats(options: {
  env: (dataDir: string) => Record<string, string | undefined>
  admin: { email: string; password: string }
}): Promise<HostileStatsCase[]> {
  return [
    await measureCase('30 days, distinct values', 30, 'distinct', options.env, options.admin),
    await measureCase('today, distinct values', 1, 'distinct', options.env, options.admin),
    await measureCase('today, capped values', 1, 'capped', options.env, options.admin),
  ]
}

export function renderHostileStats(cases: HostileStatsCase[]): string {
  const ms = (n: number | null) => (n === null ? '-' : n.toFixed(0))
  const mb = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0))
  return [
    `### Visit statistics under ${HOSTILE_VISITS.toLocaleString('en-US')} hostile visits (each another visitor, referrer, campaign and path; embedded database)`,
    '',
    formatTable(
      [
        'visits',
        'GET /api/stats?range=30d first ms',
        'median ms',
        'peak RSS during MB',
        'peak RSS since start MB',
        'failure',
      ],
      cases.map((c) => [
        c.name,
        ms(c.firstMs),
        ms(c.medianMs),
        mb(c.requestPeakMb),
        mb(c.lifePeakMb),
        c.failure ?? '-',
      ]),
    ),
  ].join('\n')
}
