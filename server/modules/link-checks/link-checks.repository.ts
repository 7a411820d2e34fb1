/** SQL for link checks: claiming due links across instances, results, the daily roll-up. */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { linkCheckDays, linkChecks, websites, type LinkCheckRow } from '#server/db/schema.ts'

/** Response times kept per website and day for its median: more than any schedule makes. */
const DAY_TIMES_MAX = 500

export type LinkCheckChanges = Partial<Omit<LinkCheckRow, 'websiteId' | 'dueAt'>>

export interface ClaimedLink {
  websiteId: string
  name: string
  link: string
  keyword: string
}

// A demo entry (`npm run seed`) links to an address nobody owns: it is never checked.
const isScheduled = and(
  eq(websites.published, true),
  ne(websites.link, ''),
  eq(websites.isSample, false),
)

export function createLinkChecksRepository(db: Db) {
  return {
    async findWebsite(id: string) {
      const [row] = await db
        .select({ id: websites.id, name: websites.name, link: websites.link })
        .from(websites)
        .where(eq(websites.id, id))
      return row
    },

    async findById(websiteId: string): Promise<LinkCheckRow | undefined> {
      const [row] = await db.select().from(linkChecks).where(eq(linkChecks.websiteId, websiteId))
      return row
    },

    /** Gives every published website with a link a row, due at `at`. */
    async addMissing(at: Date): Promise<void> {
      await db.execute(sql`
        insert into ${linkChecks} (${sql.identifier(linkChecks.websiteId.name)}, ${sql.identifier(linkChecks.dueAt.name)})
        select ${websites.id}, ${at.toISOString()}::timestamptz from ${websites}
        where ${isScheduled}
        on conflict do nothing`)
    },

    /**
     * Atomically claims the published link due longest (due at or before `at`, or whose link
     * changed since its last check) and moves it to `nextDueAt`. The row lock with SKIP LOCKED
     * means two instances never claim the same link, and the moved due time that nobody claims it
     * again this period.
     */
    async claimDue(at: Date, nextDueAt: Date): Promise<ClaimedLink | undefined> {
      const due = db
        .select({ id: linkChecks.websiteId })
        .from(linkChecks)
        .innerJoin(websites, eq(websites.id, linkChecks.websiteId))
        .where(
          and(
            isScheduled,
            or(
              lte(linkChecks.dueAt, at),
              sql`${linkChecks.checkedLink} is distinct from ${websites.link}`,
            ),
          ),
        )
        .orderBy(asc(linkChecks.dueAt), asc(linkChecks.websiteId))
        .limit(1)
        .for('update', { of: linkChecks, skipLocked: true })
      const [row] = await db
        .update(linkChecks)
        .set({ dueAt: nextDueAt, checkedLink: sql`${websites.link}` })
        .from(websites)
        .where(and(eq(websites.id, linkChecks.websiteId), inArray(linkChecks.websiteId, due)))
        .returning({
          websiteId: linkChecks.websiteId,
          name: websites.name,
          link: websites.link,
          keyword: linkChecks.keyword,
        })
      return row
    },

    /**
     * Locks the website's row (made, due at `at`, if missing), applies what `decide` returns from
     * the current row, and returns the row before and after.
     */
    async update(
      websiteId: string,
      at: Date,
      decide: (current: LinkCheckRow) => LinkCheckChanges,
    ): Promise<{ before: LinkCheckRow; after: LinkCheckRow }> {
      return db.transaction(async (tx) => {
        await tx.insert(linkChecks).values({ websiteId, dueAt: at }).onConflictDoNothing()
        const [before] = await tx
          .select()
          .from(linkChecks)
          .where(eq(linkChecks.websiteId, websiteId))
          .for('update')
        if (!before) throw new Error(`link check row missing for ${websiteId}`)
        const [after] = await tx
          .update(linkChecks)
          .set(decide(before))
          .where(eq(linkChecks.websiteId, websiteId))
          .returning()
        return { before, after: after! }
      })
    },

    /** Counts one check in the website's roll-up for `day` (YYYY-MM-DD). */
    async addToDay(websiteId: string, day: string, check: { ok: boolean; ms: number | null }) {
      const times = check.ms === null ? sql`'{}'::integer[]` : sql`array[${check.ms}]::integer[]`
      await db
        .insert(linkCheckDays)
        .values({
          websiteId,
          day,
          checks: 1,
          failures: check.ok ? 0 : 1,
          times: sql`${times}`,
          worstMs: check.ms,
        })
        .onConflictDoUpdate({
          target: [linkCheckDays.websiteId, linkCheckDays.day],
          set: {
            checks: sql`${linkCheckDays.checks} + 1`,
            failures: sql`${linkCheckDays.failures} + excluded.failures`,
            times: sql`case when cardinality(${linkCheckDays.times}) < ${DAY_TIMES_MAX} then ${linkCheckDays.times} || excluded.times else ${linkCheckDays.times} end`,
            worstMs: sql`greatest(${linkCheckDays.worstMs}, excluded.worst_ms)`,
          },
        })
    },

    async listDays(websiteId: string, fromDay: string) {
      return db
        .select()
        .from(linkCheckDays)
        .where(and(eq(linkCheckDays.websiteId, websiteId), gte(linkCheckDays.day, fromDay)))
        .orderBy(desc(linkCheckDays.day))
    },

    async purgeDaysBefore(day: string): Promise<void> {
      await db.delete(linkCheckDays).where(lt(linkCheckDays.day, day))
    },

    async setKeyword(websiteId: string, keyword: string, at: Date): Promise<void> {
      await db
        .insert(linkChecks)
        .values({ websiteId, keyword, dueAt: at })
        .onConflictDoUpdate({ target: linkChecks.websiteId, set: { keyword } })
    },

    async findChecked(ids: string[]): Promise<LinkCheckRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(linkChecks)
        .where(and(inArray(linkChecks.websiteId, ids), isNotNull(linkChecks.checkedAt)))
    },

    /** Published websites whose last check failed or whose certificate has under `tlsDays` left. */
    async findNeedingAttention(tlsDays: number) {
      return db
        .select({
          website: { id: websites.id, name: websites.name, link: websites.link },
          check: linkChecks,
        })
        .from(linkChecks)
        .innerJoin(websites, eq(websites.id, linkChecks.websiteId))
        .where(
          and(
            isScheduled,
            isNotNull(linkChecks.checkedAt),
            or(eq(linkChecks.ok, false), lt(linkChecks.tlsDaysLeft, tlsDays)),
          ),
        )
        .orderBy(asc(websites.position), asc(websites.id))
    },
  }
}

export type LinkChecksRepository = ReturnType<typeof createLinkChecksRepository>
