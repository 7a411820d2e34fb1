import { randomUUID } from 'node:crypto'
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { STATS_OTHER } from '#common/schemas/stats.ts'
import type { Db } from '#server/db/client.ts'
import {
  pageViews,
  statsAddressHours,
  statsDaily,
  statsDayFigures,
  statsDayKeys,
  statsDayVisitors,
  statsDigests,
  statsSalts,
  visits,
} from '#server/db/schema.ts'

/** Holds every instance's visit writes in turn, so one visit is never started twice. */
const VISIT_WRITE_LOCK_ID = 7_231_926
/** A visit ends after this long without a view. */
export const VISIT_GAP_MS = 30 * 60_000
/** New visitors one network address counts in a clock hour; its later ones count as its last. */
export const NEW_VISITORS_PER_ADDRESS_HOUR = 10
/** Distinct sources, campaigns and pages stored per day; later new ones are stored as "Other". */
export const DAY_KEYS_MAX = 100
const HOUR_MS = 60 * 60_000

/** What a capped key is stored as: "Other", and a campaign of "Other" in each utm field. */
const OTHER_CAMPAIGN = { source: STATS_OTHER, medium: STATS_OTHER, campaign: STATS_OTHER }
const OTHER_CAMPAIGN_KEY = [STATS_OTHER, STATS_OTHER, STATS_OTHER].join('\n')
/** The kinds whose keys are capped per day and summed into "Other" past a top list. */
export type KeyedKind = 'page' | 'source' | 'campaign' | 'country'
const otherKey = (kind: string) => (kind === 'campaign' ? OTHER_CAMPAIGN_KEY : STATS_OTHER)

/** The primary keys of a visitor's share of a day's figure and of the figure: what upserts meet on. */
const DAY_VISITOR_KEY = [
  statsDayVisitors.day,
  statsDayVisitors.visitor,
  statsDayVisitors.kind,
  statsDayVisitors.key,
]
const DAY_FIGURE_KEY = [statsDayFigures.day, statsDayFigures.kind, statsDayFigures.key]

/** A run of one visitor's views with no gap over VISIT_GAP_MS, as one instance saw it. */
export interface VisitSegment {
  /** The visitor hash under today's salt first, then under yesterday's (a visit across midnight). */
  visitors: string[]
  /** The network address hashed under the day's salt (the new-visitor count per address). */
  address: string
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

export interface DayTotals {
  day: string
  visitors: number
  pageviews: number
  converted: number
  messages: number
}

export interface KeyFigures {
  key: string
  visitors: number
  pageviews: number
}

/** Rows per INSERT statement, well under PostgreSQL's 65,535 parameters. */
const WRITE_CHUNK = 2_000

/** `rows` in runs of WRITE_CHUNK, one statement each. */
function* inChunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) yield rows.slice(i, i + WRITE_CHUNK)
}

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

/** What a stored visit counts under in its day's running figures. */
type CountedVisit = Pick<
  VisitSegment,
  | 'day'
  | 'startedAt'
  | 'lastSeenAt'
  | 'source'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
  | 'device'
  | 'country'
> & { id: string; visitor: string; pageviews: number }

/** The keys a visit counts under, as the roll-ups name them (a page counts per view instead). */
function visitKeys(v: CountedVisit): { kind: string; key: string }[] {
  const keys = [
    { kind: 'total', key: '' },
    { kind: 'source', key: v.source ?? 'Direct' },
    { kind: 'device', key: v.device },
  ]
  if (v.utmSource !== null || v.utmMedium !== null || v.utmCampaign !== null)
    keys.push({
      kind: 'campaign',
      key: [v.utmSource ?? '', v.utmMedium ?? '', v.utmCampaign ?? ''].join('\n'),
    })
  if (v.country !== null) keys.push({ kind: 'country', key: v.country })
  return keys
}

interface Share {
  day: string
  visitor: string
  kind: string
  key: string
}

/**
 * The running figures of a write: the stored shares of the batch's visitors (`stats_day_visitors`)
 * are read, changed in memory as visits are added or changed, and written back with the figures'
 * differences in `write`. Called under the write lock, so no other write changes them meanwhile.
 */
async function runningCounts(tx: Db, days: string[], visitors: string[]) {
  const shareKey = (s: Share) => [s.day, s.visitor, s.kind, s.key].join('\0')
  const shares = new Map<string, Share & { count: number; stored: number }>()
  if (days.length > 0 && visitors.length > 0)
    for (const row of await tx
      .select()
      .from(statsDayVisitors)
      .where(and(inArray(statsDayVisitors.day, days), inArray(statsDayVisitors.visitor, visitors))))
      shares.set(shareKey(row), { ...row, stored: row.count })
  const figures = new Map<string, { day: string; kind: string; key: string } & KeyFigures>()

  /** Adds `views` page views (negative: takes them away) to the visitor's share of a key. */
  function add(share: Share, views: number) {
    const k = shareKey(share)
    const entry = shares.get(k) ?? { ...share, count: 0, stored: 0 }
    shares.set(k, entry)
    const fk = [share.day, share.kind, share.key].join('\0')
    const figure = figures.get(fk) ?? {
      day: share.day,
      kind: share.kind,
      key: share.key,
      visitors: 0,
      pageviews: 0,
    }
    figures.set(fk, figure)
    const before = entry.count
    entry.count += views
    figure.pageviews += views
    if (before === 0 && entry.count > 0) figure.visitors++
    if (before > 0 && entry.count === 0) figure.visitors--
  }

  return {
    add,

    /** Counts a visit's page views under its keys (sign -1 before it changes, 1 after). */
    addVisit(visit: CountedVisit, sign: 1 | -1) {
      for (const { kind, key } of visitKeys(visit))
        add({ day: visit.day, visitor: visit.visitor, kind, key }, sign * visit.pageviews)
    },

    async write() {
      const changed = [...shares.values()].filter((s) => s.count !== s.stored)
      const kept = changed.filter((s) => s.count > 0).map(({ stored: _, ...share }) => share)
      for (const chunk of inChunks(kept))
        await tx
          .insert(statsDayVisitors)
          .values(chunk)
          .onConflictDoUpdate({
            target: DAY_VISITOR_KEY,
            set: { count: sql`excluded.count` },
          })
      const gone = changed.filter((s) => s.count === 0 && s.stored > 0)
      for (const chunk of inChunks(gone))
        await tx.execute(sql`
          delete from ${statsDayVisitors} v
          using jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
            as g(day date, visitor text, kind text, key text)
          where v.day = g.day and v.visitor = g.visitor and v.kind = g.kind and v.key = g.key`)
      const differences = [...figures.values()].filter((f) => f.pageviews !== 0 || f.visitors !== 0)
      for (const chunk of inChunks(differences))
        await tx
          .insert(statsDayFigures)
          .values(chunk)
          .onConflictDoUpdate({
            target: DAY_FIGURE_KEY,
            set: {
              visitors: sql`${statsDayFigures.visitors} + excluded.visitors`,
              pageviews: sql`${statsDayFigures.pageviews} + excluded.pageviews`,
            },
          })
      // A key a changed visit no longer counts under (its source or campaign) leaves the lists.
      if (differences.some((f) => f.pageviews < 0))
        await tx
          .delete(statsDayFigures)
          .where(
            and(
              inArray(statsDayFigures.day, [...new Set(differences.map((f) => f.day))]),
              eq(statsDayFigures.pageviews, 0),
            ),
          )
    },
  }
}

const campaignKey = sql`concat_ws(E'\\n', coalesce(utm_source, ''), coalesce(utm_medium, ''),
  coalesce(utm_campaign, ''))`

/** The days in [from, to] that have roll-ups (a 'total' row); the others are read raw. */
const rolledDaysSql = (from: string, to: string) =>
  sql`select day from ${statsDaily} where kind = 'total' and day between ${from} and ${to}`

/**
 * One kind's running figures of each day in [from, to] that has no roll-up yet (the days a roll-up
 * covers are read from it).
 */
const runningSql = (kind: string, from: string, to: string) => sql`
  select day, key, visitors, pageviews, converted, messages from ${statsDayFigures}
  where kind = ${kind} and day between ${from} and ${to}
    and day not in (${rolledDaysSql(from, to)})`

/** One kind's figures of each day in [from, to] from the raw visits, as the roll-ups hold them. */
function rawKindSql(kind: string, from: string, to: string) {
  const inRange = sql`day between ${from} and ${to}`
  switch (kind) {
    case 'total':
      return sql`
        select day::text as day, 'total' as kind, '' as key,
          count(distinct visitor)::int as visitors, sum(pageviews)::int as pageviews,
          (count(distinct visitor) filter (where messages > 0))::int as converted,
          sum(messages)::int as messages
        from ${visits} where ${inRange} group by day`
    case 'page':
      return sql`
        select v.day::text as day, 'page' as kind, p.path as key,
          count(distinct v.visitor)::int as visitors, count(*)::int as pageviews,
          0 as converted, 0 as messages
        from ${pageViews} p join ${visits} v on v.id = p.visit_id
        where v.${inRange} group by v.day, p.path`
    case 'source':
    case 'campaign':
    case 'device':
    case 'country': {
      const key = {
        source: sql`coalesce(source, 'Direct')`,
        campaign: campaignKey,
        device: sql`device`,
        country: sql`country`,
      }[kind]
      const only = {
        source: sql`true`,
        campaign: sql`(utm_source is not null or utm_medium is not null or utm_campaign is not null)`,
        device: sql`true`,
        country: sql`country is not null`,
      }[kind]
      return sql`
        select day::text as day, ${kind}::text as kind, ${key} as key,
          count(distinct visitor)::int as visitors, sum(pageviews)::int as pageviews,
          0 as converted, 0 as messages
        from ${visits} where ${inRange} and ${only} group by day, ${key}`
    }
    default:
      throw new Error(`unknown statistics kind ${kind}`)
  }
}

const KINDS = ['total', 'page', 'source', 'campaign', 'device', 'country']

/**
 * Every kind's figures of each day in [from, to] from the raw visits, each day keeping its top
 * DAY_KEYS_MAX keys of a capped kind and the rest summed into "Other": a day's roll-ups stay
 * bounded even for visits stored before the write-time caps.
 */
const rollUpSql = (from: string, to: string) => sql`
  select day, kind,
    case when kind in ('page', 'source', 'campaign', 'country') and rank > ${DAY_KEYS_MAX}
      then case when kind = 'campaign' then ${OTHER_CAMPAIGN_KEY} else ${STATS_OTHER} end
      else key end as key,
    sum(visitors)::int as visitors, sum(pageviews)::int as pageviews,
    sum(converted)::int as converted, sum(messages)::int as messages
  from (
    select *, row_number() over (
      partition by day, kind
      order by key in (${STATS_OTHER}, ${OTHER_CAMPAIGN_KEY}), visitors desc, pageviews desc, key
    ) as rank
    from (${sql.join(
      KINDS.map((kind) => rawKindSql(kind, from, to)),
      sql` union all `,
    )}) raw
  ) ranked
  group by 1, 2, 3`

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
     * two instances' views of one visit make one visit, and the caps below hold across instances.
     * A visitor not yet seen that day is new: an address counts NEW_VISITORS_PER_ADDRESS_HOUR of
     * them per clock hour, and its later ones count as its last (their views still count). A day
     * stores DAY_KEYS_MAX distinct sources, campaigns and pages each; later new ones as "Other".
     */
    async recordSegments(input: VisitSegment[]): Promise<void> {
      if (input.length === 0) return
      const segments = [...input].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${VISIT_WRITE_LOCK_ID})`)
        const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)
        const addressKey = (address: string, hour: Date) => `${address}\0${hour.toISOString()}`
        const addressRows = new Map(
          (
            await tx
              .select()
              .from(statsAddressHours)
              .where(
                and(
                  inArray(statsAddressHours.address, [...new Set(segments.map((s) => s.address))]),
                  inArray(statsAddressHours.hour, [
                    ...new Map(
                      segments.map((s) => [hourOf(s.startedAt).getTime(), hourOf(s.startedAt)]),
                    ).values(),
                  ]),
                ),
              )
          ).map((row) => [addressKey(row.address, row.hour), { ...row, isChanged: false }]),
        )
        const hashes = [
          ...new Set([
            ...segments.flatMap((s) => s.visitors),
            ...[...addressRows.values()].map((row) => row.lastVisitor),
          ]),
        ]
        const earliest = segments[0]!.startedAt.getTime() - VISIT_GAP_MS
        const candidates: CountedVisit[] = await tx
          .select({
            id: visits.id,
            visitor: visits.visitor,
            day: visits.day,
            startedAt: visits.startedAt,
            lastSeenAt: visits.lastSeenAt,
            source: visits.source,
            utmSource: visits.utmSource,
            utmMedium: visits.utmMedium,
            utmCampaign: visits.utmCampaign,
            device: visits.device,
            country: visits.country,
            pageviews: visits.pageviews,
          })
          .from(visits)
          .where(and(inArray(visits.visitor, hashes), gte(visits.lastSeenAt, new Date(earliest))))
        const days = [...new Set(segments.map((s) => s.day))]
        const seen = new Set(
          (
            await tx
              .selectDistinct({ visitor: visits.visitor, day: visits.day })
              .from(visits)
              .where(and(inArray(visits.visitor, hashes), inArray(visits.day, days)))
          ).map((v) => `${v.day}\0${v.visitor}`),
        )
        const dayKeys = new Map<string, Set<string>>()
        for (const row of await tx
          .select()
          .from(statsDayKeys)
          .where(inArray(statsDayKeys.day, days)))
          dayKeys.set(
            `${row.day}\0${row.kind}`,
            (dayKeys.get(`${row.day}\0${row.kind}`) ?? new Set()).add(row.key),
          )
        const newKeys: (typeof statsDayKeys.$inferInsert)[] = []
        /** `key` as the day stores it: itself while the day has room for it, else "Other". */
        const kept = (day: string, kind: KeyedKind, key: string) => {
          const stored = dayKeys.get(`${day}\0${kind}`) ?? new Set<string>()
          dayKeys.set(`${day}\0${kind}`, stored)
          if (stored.has(key)) return key
          if (stored.size >= DAY_KEYS_MAX) return otherKey(kind)
          stored.add(key)
          newKeys.push({ day, kind, key })
          return key
        }

        const counts = await runningCounts(
          tx,
          [...new Set([...days, ...candidates.map((v) => v.day)])],
          hashes,
        )

        const updates: VisitUpdate[] = []
        const inserts: (typeof visits.$inferInsert)[] = []
        const views: (typeof pageViews.$inferInsert)[] = []
        // The visitor's latest visit within VISIT_GAP_MS of the segment, if any.
        const openVisit = (s: VisitSegment) =>
          candidates
            .filter(
              (v) =>
                s.visitors.includes(v.visitor) &&
                v.lastSeenAt.getTime() >= s.startedAt.getTime() - VISIT_GAP_MS &&
                v.startedAt.getTime() <= s.lastSeenAt.getTime() + VISIT_GAP_MS,
            )
            .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())[0]
        for (const segment of segments) {
          let s = segment
          let open = openVisit(s)
          if (!open && !seen.has(`${s.day}\0${s.visitors[0]}`)) {
            const hour = hourOf(s.startedAt)
            const key = addressKey(s.address, hour)
            const counted = addressRows.get(key)
            if (counted && counted.visitors >= NEW_VISITORS_PER_ADDRESS_HOUR) {
              s = { ...s, visitors: [counted.lastVisitor] }
              open = openVisit(s)
            } else {
              addressRows.set(key, {
                address: s.address,
                hour,
                visitors: (counted?.visitors ?? 0) + 1,
                lastVisitor: s.visitors[0]!,
                isChanged: true,
              })
            }
          }
          const day = open?.day ?? s.day
          seen.add(`${day}\0${s.visitors[0]}`)
          const source = s.source === null ? null : kept(day, 'source', s.source)
          const hasCampaign = s.utmSource ?? s.utmMedium ?? s.utmCampaign
          const campaign =
            hasCampaign &&
            kept(
              day,
              'campaign',
              [s.utmSource ?? '', s.utmMedium ?? '', s.utmCampaign ?? ''].join('\n'),
            ) === OTHER_CAMPAIGN_KEY
              ? OTHER_CAMPAIGN
              : { source: s.utmSource, medium: s.utmMedium, campaign: s.utmCampaign }
          const landingPage = kept(day, 'page', s.landingPage)
          let visitId: string
          let visitor: string
          if (open) {
            visitId = open.id
            visitor = open.visitor
            // Kept up to date for the next segments of this batch, as the update below leaves it.
            counts.addVisit(open, -1)
            open.pageviews += s.views.length
            if (s.startedAt < open.startedAt) {
              open.source = source
              open.utmSource = campaign.source
              open.utmMedium = campaign.medium
              open.utmCampaign = campaign.campaign
            }
            counts.addVisit(open, 1)
            if (s.lastSeenAt > open.lastSeenAt) open.lastSeenAt = s.lastSeenAt
            if (s.startedAt < open.startedAt) open.startedAt = s.startedAt
            updates.push({
              id: visitId,
              views: s.views.length,
              started_at: s.startedAt.toISOString(),
              last_seen_at: s.lastSeenAt.toISOString(),
              landing_page: landingPage,
              source,
              utm_source: campaign.source,
              utm_medium: campaign.medium,
              utm_campaign: campaign.campaign,
            })
          } else {
            visitId = randomUUID()
            const row = {
              id: visitId,
              visitor: s.visitors[0]!,
              day: s.day,
              startedAt: s.startedAt,
              lastSeenAt: s.lastSeenAt,
              landingPage,
              source,
              utmSource: campaign.source,
              utmMedium: campaign.medium,
              utmCampaign: campaign.campaign,
              device: s.device,
              country: s.country,
              pageviews: s.views.length,
            }
            inserts.push(row)
            const { landingPage: _, ...counted } = row
            candidates.push(counted)
            counts.addVisit(counted, 1)
            visitor = row.visitor
          }
          for (const view of s.views) {
            const path = kept(day, 'page', view.path)
            views.push({ visitId, path, at: view.at })
            counts.add({ day, visitor, kind: 'page', key: path }, 1)
          }
        }
        await counts.write()
        for (const chunk of inChunks(newKeys))
          await tx.insert(statsDayKeys).values(chunk).onConflictDoNothing()
        const counted = [...addressRows.values()]
          .filter((row) => row.isChanged)
          .map(({ isChanged: _, ...row }) => row)
        for (const chunk of inChunks(counted))
          await tx
            .insert(statsAddressHours)
            .values(chunk)
            .onConflictDoUpdate({
              target: [statsAddressHours.address, statsAddressHours.hour],
              set: {
                visitors: sql`excluded.visitors`,
                lastVisitor: sql`excluded.last_visitor`,
              },
            })
        for (const chunk of inChunks(inserts)) await tx.insert(visits).values(chunk)
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
        for (const chunk of inChunks(views)) await tx.insert(pageViews).values(chunk)
      })
    },

    /** The visitor's visit still open at `at` (seen within VISIT_GAP_MS), counting one message. */
    async addMessageToOpenVisit(visitors: string[], at: Date) {
      const since = new Date(at.getTime() - VISIT_GAP_MS)
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: visits.id })
          .from(visits)
          .where(and(inArray(visits.visitor, visitors), gte(visits.lastSeenAt, since)))
          .orderBy(sql`${visits.lastSeenAt} desc`)
          .limit(1)
        if (!open) return undefined
        const [row] = await tx
          .update(visits)
          .set({ messages: sql`${visits.messages} + 1` })
          .where(eq(visits.id, open.id))
          .returning()
        if (!row) return undefined
        // The day's running figures: one more message, and one more converted visitor on the
        // visitor's first message of the day.
        const [share] = await tx
          .insert(statsDayVisitors)
          .values({ day: row.day, visitor: row.visitor, kind: 'converted', key: '', count: 1 })
          .onConflictDoUpdate({
            target: DAY_VISITOR_KEY,
            set: { count: sql`${statsDayVisitors.count} + 1` },
          })
          .returning({ count: statsDayVisitors.count })
        await tx
          .insert(statsDayFigures)
          .values({
            day: row.day,
            kind: 'total',
            key: '',
            visitors: 0,
            pageviews: 0,
            converted: share?.count === 1 ? 1 : 0,
            messages: 1,
          })
          .onConflictDoUpdate({
            target: DAY_FIGURE_KEY,
            set: {
              converted: sql`${statsDayFigures.converted} + excluded.converted`,
              messages: sql`${statsDayFigures.messages} + 1`,
            },
          })
        return row
      })
    },

    /**
     * Stores (or refreshes) the roll-ups of each day in [from, to] that holds raw visits, each
     * capped at DAY_KEYS_MAX keys per kind; a day whose raw visits are gone keeps its roll-ups.
     */
    async rollUp(from: string, to: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          delete from ${statsDaily} d where d.day between ${from} and ${to}
            and exists (select 1 from ${visits} v where v.day = d.day)`)
        await tx.execute(sql`
          insert into ${statsDaily} (day, kind, key, visitors, pageviews, converted, messages)
          select day::date, kind, key, visitors, pageviews, converted, messages
          from (${rollUpSql(from, to)}) figures`)
      })
    },

    /**
     * The days in [from, to] that hold raw visits but no roll-up yet, found by their running totals
     * (a row a day) rather than by going through every raw visit.
     */
    async daysWithoutRollUp(from: string, to: string): Promise<string[]> {
      const rows = rowsOf<{ day: string }>(
        await db.execute(sql`
          select f.day::text as day from ${statsDayFigures} f
          where f.kind = 'total' and f.day between ${from} and ${to} and not exists (
            select 1 from ${statsDaily} d where d.day = f.day and d.kind = 'total')
          order by 1`),
      )
      return rows.map((r) => r.day)
    },

    /**
     * The totals of each day in [from, to] that has any: from its roll-up, or from its running
     * figures for the days from `rawFrom` on that have none yet.
     */
    async dailyTotals(from: string, to: string, rawFrom: string): Promise<DayTotals[]> {
      return rowsOf<DayTotals>(
        await db.execute(sql`
          select day::text as day, visitors, pageviews, converted, messages
          from ${statsDaily} where kind = 'total' and day between ${from} and ${to}
          union all
          select day::text as day, visitors, pageviews, converted, messages
          from (${runningSql('total', rawFrom, to)}) running`),
      )
    },

    /**
     * One kind's keys with the most visitors over [from, to] (roll-ups, and the running figures
     * from `rawFrom` on for days without one) in at most `limit` rows, computed in the database: every
     * key when there are `limit` or fewer, else the top `limit` - 1 and one "Other" row summing
     * the rest (a stored "Other" included).
     */
    async topKeys(
      kind: KeyedKind | 'device',
      { from, to, rawFrom, limit }: { from: string; to: string; rawFrom: string; limit: number },
    ): Promise<KeyFigures[]> {
      const other = otherKey(kind)
      return rowsOf<KeyFigures>(
        await db.execute(sql`
          with figures as (
            select key, visitors, pageviews from ${statsDaily}
            where kind = ${kind} and day between ${from} and ${to}
              and day in (${rolledDaysSql(from, to)})
            union all
            select key, visitors, pageviews from (${runningSql(kind, rawFrom, to)}) running
          ),
          ranked as (
            select key, sum(visitors) as visitors, sum(pageviews) as pageviews,
              row_number() over (
                order by key = ${other}, sum(visitors) desc, sum(pageviews) desc, key
              ) as rank,
              count(*) over () as keys
            from figures group by key
          )
          select case when keys <= ${limit} or rank < ${limit} then key else ${other} end as key,
            sum(visitors)::int as visitors, sum(pageviews)::int as pageviews
          from ranked group by 1 order by min(rank)`),
      )
    },

    /**
     * Deletes the visits (and their page views, the day's stored keys and running figures) before
     * `day`.
     */
    async deleteVisitsBefore(day: string): Promise<number> {
      await db.delete(statsDayKeys).where(lt(statsDayKeys.day, day))
      await db.delete(statsDayFigures).where(lt(statsDayFigures.day, day))
      await db.delete(statsDayVisitors).where(lt(statsDayVisitors.day, day))
      const [row] = rowsOf<{ deleted: number }>(
        await db.execute(sql`
          with deleted as (delete from ${visits} where day < ${day} returning 1)
          select count(*)::int as deleted from deleted`),
      )
      return row?.deleted ?? 0
    },

    /** Deletes the new-visitor counts of the hours before the one `at` is in. */
    async deleteAddressHoursBefore(at: Date): Promise<void> {
      await db
        .delete(statsAddressHours)
        .where(lt(statsAddressHours.hour, new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)))
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
