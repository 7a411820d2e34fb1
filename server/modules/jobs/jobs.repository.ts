/** SQL for the job runner's schedule (server/db/schema.ts jobRuns); the rules are in jobs.runner.ts. */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { jobRuns } from '#server/db/schema.ts'

export function createJobsRepository(db: Db) {
  return {
    /**
     * Takes job `name`'s run due at `at`: moves its next run to `next` and holds it until
     * `leaseUntil`, in one UPDATE, so of several instances asking at once one gets it. A job seen
     * for the first time is due at `firstDue`. A due time further than `next` is taken too: the
     * interval was shortened, or the clock went back. Returns when the job is due when it was not
     * taken (another instance holds it, or its time has not come).
     */
    async claim(
      name: string,
      {
        at,
        firstDue,
        next,
        leaseUntil,
      }: { at: Date; firstDue: Date; next: Date; leaseUntil: Date },
    ): Promise<{ isClaimed: true } | { isClaimed: false; dueAt: Date }> {
      await db.insert(jobRuns).values({ name, dueAt: firstDue }).onConflictDoNothing()
      const [claimed] = await db
        .update(jobRuns)
        .set({ dueAt: next, leaseUntil, lastStartedAt: at })
        .where(
          sql`${jobRuns.name} = ${name}
            and (${jobRuns.dueAt} <= ${at} or ${jobRuns.dueAt} > ${next})
            and (${jobRuns.leaseUntil} is null or ${jobRuns.leaseUntil} < ${at})`,
        )
        .returning({ name: jobRuns.name })
      if (claimed) return { isClaimed: true }
      const [row] = await db
        .select({ dueAt: jobRuns.dueAt, leaseUntil: jobRuns.leaseUntil })
        .from(jobRuns)
        .where(eq(jobRuns.name, name))
      const held = row?.leaseUntil && row.leaseUntil > at ? row.leaseUntil : undefined
      return { isClaimed: false, dueAt: held && held > row!.dueAt ? held : (row?.dueAt ?? next) }
    },

    /** Lets go of job `name` after a run: its outcome, and nobody holds it any more. */
    async release(name: string, at: Date, error: string | null): Promise<void> {
      await db
        .update(jobRuns)
        .set({ leaseUntil: null, lastFinishedAt: at, lastError: error })
        .where(eq(jobRuns.name, name))
    },

    /** Lets go of every job (the instance starting is the only one: what it held, it held when it died). */
    async releaseAll(): Promise<void> {
      await db.update(jobRuns).set({ leaseUntil: null })
    },

    list: () => db.select().from(jobRuns).orderBy(jobRuns.name),
  }
}

export type JobsRepository = ReturnType<typeof createJobsRepository>
