/**
 * The embedded database's upkeep. PGlite runs PostgreSQL as one standalone backend, without the
 * autovacuum launcher a PostgreSQL server starts, so nothing would ever make the room of deleted
 * and updated rows reusable (the raw visits the statistics drop after 30 days, ended sessions,
 * spent tokens: the files would only grow), mark pages all-visible for index-only reads, or
 * refresh the statistics the planner picks indexes by. This runs what autovacuum would (a vacuum,
 * then an analysis from a small sample: runUpkeep) five minutes after the start and then every
 * day. With DATABASE_URL the PostgreSQL server does it itself and nothing is scheduled.
 */
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Db } from './client.ts'

const FIRST_RUN_DELAY_MS = 5 * 60_000
const INTERVAL_MS = 24 * 3_600_000

/**
 * Vacuums every table, then analyses each from a sample of 3,000 rows (a statistics target of 10,
 * PostgreSQL's default until 8.4) instead of 30,000: the sample is read into PGlite's memory,
 * which never shrinks, and the larger one kept the process 9 MB bigger on the bench's database,
 * where this one costs about 1 MB. The planner only has to choose among a few indexes per table.
 */
export async function runUpkeep(db: Db): Promise<void> {
  // VACUUM cannot run inside a transaction; ANALYZE can, so its setting ends with it.
  await db.execute(sql`vacuum`)
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = 10`)
    await tx.execute(sql`analyze`)
  })
}

export interface UpkeepOptions {
  database: Database
  log: FastifyBaseLogger
  firstRunDelayMs?: number
  intervalMs?: number
  /** The work itself; `runUpkeep` on the database unless a test gives its own. */
  run?: () => Promise<void>
}

/** Schedules the upkeep on the embedded database; the result stops it, waiting for a run in progress. */
export function scheduleUpkeep({
  database,
  log,
  firstRunDelayMs = FIRST_RUN_DELAY_MS,
  intervalMs = INTERVAL_MS,
  run = () => runUpkeep(database.db),
}: UpkeepOptions): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => {}
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isStopped = false

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      const started = performance.now()
      running = run()
        .then(() =>
          log.info({ ms: Math.round(performance.now() - started) }, 'database upkeep done'),
        )
        .catch((err: unknown) => log.error({ err }, 'database upkeep failed'))
        .finally(() => {
          running = undefined
          if (!isStopped) schedule(intervalMs)
        })
    }, delayMs)
    timer.unref()
  }
  schedule(firstRunDelayMs)

  return async () => {
    isStopped = true
    clearTimeout(timer)
    await running
  }
}
