import { randomUUID } from 'node:crypto'
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { pageViews, statsDaily, statsDigests, statsSalts, visits } from '#server/db/schema.ts'

/** Holds every instance's visit writes in turn, so one visit is never started twice. */
const VISIT_WRITE_LOCK_ID = 7_231_926
/** A visit ends after this long without a view. */
export const VISIT_GAP_MS = 30 * 60_000

/** A run of one visitor's views with no gap over VISIT_GAP_MS, as one instance saw it. */
export interface VisitSegment {
  /** The visitor hash under today's salt first, then under yesterday's (a visit across midnight). */
  visitors: string[]
  day: string
  startedAt: Date
  lastSeenAt: Date
  landingPage: string
  source: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  device: string
  country: string | null
  views: { path: string; at: Date }[]
}

export interface DailyRow {
  day: string
  kind: string
  key: string
  visitors: number
  pageviews: number
  converted: number
  messages: number
}

/** Rows per INSERT statement, well under PostgreSQL's 65,535 parameters. */
const WRITE_CHUNK = 2_000

/** A continued visit's new views, named as the columns (sent as one JSON parameter). */
interface VisitUpdate {
  id: string
  views: number
  started_at: string
  last_seen_at: string
  landing_page: string
  source: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** The figures of each day in [from, to] from the raw visits, in the shape of the roll-ups. */
const aggregateSql = (from: string, to: string) => sql`
  select day::text as day, 'total' as kind, '' as key, count(distinct visitor)::int as visitors,
    sum(pageviews)::int as pageviews,
    (count(distinct visitor) filter (where messages > 0))::int as converted,
    sum(messages)::int as messages
  from ${visits} where day between ${from} and ${to} group by day
  union all
  select v.day::text, 'page', p.path, count(distinct v.visitor)::int, count(*)::int, 0, 0
  from ${pageViews} p join ${visits} v on v.id = p.visit_id
  where v.day between ${from} and ${to} group by v.day, p.path
  union all
  select day::text, 'source', coalesce(source, 'Direct'), count(distinct visitor)::int,
    sum(pageviews)::int, 0, 0
  from ${visits} where day between ${from} and ${to} group by day, coalesce(source, 'Direct')
  union all
  select day::text, 'campaign',
    concat_ws(E'\\n', coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, '')),
    count(distinct visitor)::int, sum(pageviews)::int, 0, 0
  from ${visits}
  where day between ${from} and ${to}
    and (utm_source is not null or utm_medium is not null or utm_campaign is not null)
  group by 1, 2, 3
  union all
  select day::text, 'device', device, count(distinct visitor)::int, sum(pageviews)::int, 0, 0
  from ${visits} where day between ${from} and ${to} group by day, device
  union all
  select day::text, 'country', country, count(distinct visitor)::int, sum(pageviews)::int, 0, 0
  from ${visits} where day between ${from} and ${to} and country is not null group by day, country
`

export function createStatsRepository(db: Db) {
  return {
    /** The day's salt, made by whichever instance asks first. */
    async saltFor(day: string, fresh: string): Promise<string> {
      await db.insert(statsSalts).values({ day, salt: fresh }).onConflictDoNothing()
      const [row] = await db.select().from(statsSalts).where(eq(statsSalts.day, day))
      return row!.salt
    },

    async deleteSaltsBefore(day: string): Promise<void> {
      await db.delete(statsSalts).where(lt(statsSalts.day, day))
    },

    async listSaltDays(): Promise<string[]> {
      const rows = await db.select({ day: statsSalts.day }).from(statsSalts)
      return rows.map((r) => r.day).sort()
    },

    /**
     * Adds each segment to the visit it continues (the same visitor seen within VISIT_GAP_MS) or
     * starts one, with its page views, in one transaction that holds a lock every instance takes:
     * two instances' views of one visit make one visit.
     */
    async recordSegments(segments: VisitSegment[]): Promise<void> {
      if (segments.length === 0) return
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${VISIT_WRITE_LOCK_ID})`)
        const hashes = [...new Set(segments.flatMap((s) => s.visitors))]
        const earliest = Math.min(...segments.map((s) => s.startedAt.getTime())) - VISIT_GAP_MS
        const candidates = await tx
          .select({
            id: visits.id,
            visitor: visits.visitor,
            startedAt: visits.startedAt,
            lastSeenAt: visits.lastSeenAt,
          })
          .from(visits)
          .where(and(inArray(visits.visitor, hashes), gte(visits.lastSeenAt, new Date(earliest))))
        const updates: VisitUpdate[] = []
        const inserts: (typeof visits.$inferInsert)[] = []
        const views: (typeof pageViews.$inferInsert)[] = []
        for (const s of segments) {
          // The visitor's latest visit within VISIT_GAP_MS of the segment, if any.
          const open = candidates
            .filter(
              (v) =>
                s.visitors.includes(v.visitor) &&
                v.lastSeenAt.getTime() >= s.startedAt.getTime() - VISIT_GAP_MS &&
                v.startedAt.getTime() <= s.lastSeenAt.getTime() + VISIT_GAP_MS,
            )
            .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())[0]
          let visitId: string
          if (open) {
            visitId = open.id
            // Kept up to date for the next segments of this batch.
            if (s.lastSeenAt > open.lastSeenAt) open.lastSeenAt = s.lastSeenAt
            if (s.startedAt < open.startedAt) open.startedAt = s.startedAt
            updates.push({
              id: visitId,
              views: s.views.length,
              started_at: s.startedAt.toISOString(),
              last_seen_at: s.lastSeenAt.toISOString(),
              landing_page: s.landingPage,
              source: s.source,
              utm_source: s.utmSource,
              utm_medium: s.utmMedium,
              utm_campaign: s.utmCampaign,
            })
          } else {
            visitId = randomUUID()
            const row = {
              id: visitId,
              visitor: s.visitors[0]!,
              day: s.day,
              startedAt: s.startedAt,
              lastSeenAt: s.lastSeenAt,
              landingPage: s.landingPage,
              source: s.source,
              utmSource: s.utmSource,
              utmMedium: s.utmMedium,
              utmCampaign: s.utmCampaign,
              device: s.device,
              country: s.country,
              pageviews: s.views.length,
            }
            inserts.push(row)
            candidates.push({
              id: visitId,
              visitor: row.visitor,
              startedAt: row.startedAt,
              lastSeenAt: row.lastSeenAt,
            })
          }
          for (const view of s.views) views.push({ visitId, path: view.path, at: view.at })
        }
        for (let i = 0; i < inserts.length; i += WRITE_CHUNK)
          await tx.insert(visits).values(inserts.slice(i, i + WRITE_CHUNK))
        if (updates.length > 0) {
          // One statement for every continued visit; a segment that began before the stored
          // visit (another instance wrote the later views first) brings the landing page and source.
          await tx.execute(sql`
            update ${visits} v set
              pageviews = v.pageviews + u.views,
              last_seen_at = greatest(v.last_seen_at, u.last_seen_at),
              landing_page = case when v.started_at > u.started_at then u.landing_page else v.landing_page end,
              source = case when v.started_at > u.started_at then u.source else v.source end,
              utm_source = case when v.started_at > u.started_at then u.utm_source else v.utm_source end,
              utm_medium = case when v.started_at > u.started_at then u.utm_medium else v.utm_medium end,
              utm_campaign = case when v.started_at > u.started_at then u.utm_campaign else v.utm_campaign end,
              started_at = least(v.started_at, u.started_at)
            from (
              select id, sum(views)::int as views, min(started_at) as started_at,
                max(last_seen_at) as last_seen_at,
                (array_agg(landing_page order by started_at))[1] as landing_page,
                (array_agg(source order by started_at))[1] as source,
                (array_agg(utm_source order by started_at))[1] as utm_source,
                (array_agg(utm_medium order by started_at))[1] as utm_medium,
                (array_agg(utm_campaign order by started_at))[1] as utm_campaign
              from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(
                id uuid, views int, started_at timestamptz, last_seen_at timestamptz,
                landing_page text, source text, utm_source text, utm_medium text,
                utm_campaign text)
              group by id
            ) u
            where v.id = u.id`)
        }
        for (let i = 0; i < views.length; i += WRITE_CHUNK)
          await tx.insert(pageViews).values(views.slice(i, i + WRITE_CHUNK))
      })
    },

    /** The visitor's visit still open at `at` (seen within VISIT_GAP_MS), counting one message. */
    async addMessageToOpenVisit(visitors: string[], at: Date) {
      const since = new Date(at.getTime() - VISIT_GAP_MS)
      const [open] = await db
        .select({ id: visits.id })
        .from(visits)
        .where(and(inArray(visits.visitor, visitors), gte(visits.lastSeenAt, since)))
        .orderBy(sql`${visits.lastSeenAt} desc`)
        .limit(1)
      if (!open) return undefined
      const [row] = await db
        .update(visits)
        .set({ messages: sql`${visits.messages} + 1` })
        .where(eq(visits.id, open.id))
        .returning()
      return row
    },

    /** Each day's figures in [from, to] computed from the raw visits. */
    async aggregate(from: string, to: string): Promise<DailyRow[]> {
      return rowsOf<DailyRow>(await db.execute(aggregateSql(from, to)))
    },

    /** Stores (or refreshes) the roll-ups of each day in [from, to] from the raw visits. */
    async rollUp(from: string, to: string): Promise<void> {
      await db.execute(sql`
        insert into ${statsDaily} (day, kind, key, visitors, pageviews, converted, messages)
        select day::date, kind, key, visitors, pageviews, converted, messages
        from (${aggregateSql(from, to)}) figures
        on conflict (day, kind, key) do update set visitors = excluded.visitors,
          pageviews = excluded.pageviews, converted = excluded.converted,
          messages = excluded.messages`)
    },

    /** The days in [from, to] that hold raw visits but no roll-up yet. */
    async daysWithoutRollUp(from: string, to: string): Promise<string[]> {
      const rows = rowsOf<{ day: string }>(
        await db.execute(sql`
          select distinct v.day::text as day from ${visits} v
          where v.day between ${from} and ${to} and not exists (
            select 1 from ${statsDaily} d where d.day = v.day and d.kind = 'total')
          order by 1`),
      )
      return rows.map((r) => r.day)
    },

    async listRollUps(from: string, to: string): Promise<DailyRow[]> {
      return db
        .select()
        .from(statsDaily)
        .where(and(gte(statsDaily.day, from), lte(statsDaily.day, to)))
    },

    /** Deletes the visits (and their page views) of the days before `day`. */
    async deleteVisitsBefore(day: string): Promise<number> {
      const rows = await db.delete(visits).where(lt(visits.day, day)).returning({ id: visits.id })
      return rows.length
    },

    /** True when this call claimed the week's digest (no other instance had). */
    async claimDigest(weekStart: string): Promise<boolean> {
      const rows = await db
        .insert(statsDigests)
        .values({ weekStart })
        .onConflictDoNothing()
        .returning({ weekStart: statsDigests.weekStart })
      return rows.length === 1
    },

    async releaseDigest(weekStart: string): Promise<void> {
      await db.delete(statsDigests).where(eq(statsDigests.weekStart, weekStart))
    },
  }
}

export type StatsRepository = ReturnType<typeof createStatsRepository>
