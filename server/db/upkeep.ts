/**
 * The embedded database's upkeep. PGlite runs PostgreSQL as one standalone backend, without the
 * autovacuum launcher a PostgreSQL server starts, so nothing would ever make the room of deleted
 * and updated rows reusable (the raw visits the statistics drop after 30 days, ended sessions,
 * spent tokens: the files would only grow), mark pages all-visible for index-only reads, or
 * refresh the statistics the planner picks indexes by. This runs what autovacuum would (a vacuum,
 * then an analysis from a small sample: runUpkeep), as the job `database-upkeep` five minutes after
 * the start and then every day (server/modules/jobs/site-jobs.ts). With DATABASE_URL the PostgreSQL
 * server does it itself and nothing is scheduled.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

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
