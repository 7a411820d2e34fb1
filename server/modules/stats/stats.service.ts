/**
 * Visit statistics without cookies or identities (docs/privacy.md, decision 025). The web layer
 * hands each counted page view to `record`; views wait in memory and are written in one
 * transaction every few seconds (and on shutdown). A visitor is a hash of the day's random salt,
 * the IP, the user agent and the site: the salt lives in the database, is made per UTC day and
 * deleted 48 hours after the day began, so visitors cannot be linked across days. Raw visits are
 * kept 30 days; daily roll-ups for years. Whatever arrives, the figures stay bounded: the caps on
 * new visitors per address and distinct values per day are applied as views are written (the
 * repository's recordSegments), and the top lists are summed in the database.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { MessagesTrend } from '#common/schemas/messages.ts'
import {
  STATS_RANGES,
  STATS_TOP_LIMIT,
  type Device,
  type MessageVisit,
  type Stats,
  type StatsRange,
} from '#common/schemas/stats.ts'
import type { CountableView } from '#server/lib/countable-view.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import { weeklyDigestMail, type DigestWeek } from '../mail/templates/weekly-digest.ts'
import {
  VISIT_GAP_MS,
  type KeyedKind,
  type StatsRepository,
  type VisitSegment,
} from './stats.repository.ts'

const DAY_MS = 24 * 60 * 60_000
/** Raw visits are kept this many days (today included), then only their roll-ups. */
const RAW_RETENTION_DAYS = 30
const FLUSH_INTERVAL_MS = 5_000
const MAINTENANCE_INTERVAL_MS = 10 * 60_000
/** A buffer this full is written at once; past BUFFER_MAX, views are dropped (and logged). */
const FLUSH_AT = 500
const BUFFER_MAX = 20_000
/** The digest's sources: the top 5 and one "Other" row. */
const DIGEST_SOURCE_ROWS = 6

export interface PendingView extends CountableView {
  at: Date
  ip: string
}

export const utcDay = (date: Date) => date.toISOString().slice(0, 10)
export const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))
const mondayOf = (day: string) =>
  addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))

/** The visitor: 128 bits of SHA-256 over the day's salt, the IP, the user agent and the site. */
export const visitorHash = (v: { salt: string; ip: string; userAgent: string; siteHost: string }) =>
  createHash('sha256')
    .update([v.salt, v.ip, v.userAgent, v.siteHost].join('\0'))
    .digest('base64url')
    .slice(0, 22)

/** The network address under the day's salt, for the new-visitor count per address. */
const addressHash = (salt: string, ip: string, siteHost: string) =>
  createHash('sha256').update([salt, ip, siteHost].join('\0')).digest('base64url').slice(0, 22)

export interface StatsServiceDeps {
  repo: StatsRepository
  /** The site's host, part of the visitor hash. */
  siteHost: string
  now: () => Date
  log: FastifyBaseLogger
  mail: Pick<MailService, 'send'>
  isDigestOn: () => Promise<boolean>
  ownerEmail: () => Promise<string | undefined>
  /** Contact messages per week, the current week last (the messages service's trend). */
  messagesPerWeek: () => Promise<MessagesTrend>
  dashboardUrl: string
  /** The owner's look, which the digest shows like every mail of the site. */
  brand: () => Promise<MailBrand>
}

const splitCampaign = (key: string) => {
  const [source = '', medium = '', campaign = ''] = key.split('\n')
  return { source, medium, campaign }
}

export function createStatsService(deps: StatsServiceDeps) {
  const { repo, siteHost, now, log } = deps
  let buffer: PendingView[] = []
  let dropped = 0
  const salts = new Map<string, Promise<string>>()
  let writing: Promise<void> = Promise.resolve()

  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day)
    if (!salt) {
      salt = repo.saltFor(day, randomBytes(32).toString('base64'))
      salts.set(day, salt)
      void salt.catch(() => salts.delete(day))
    }
    return salt
  }

  const hash = (salt: string, ip: string, userAgent: string) =>
    visitorHash({ salt, ip, userAgent, siteHost })

  /**
   * The visitor's hashes at `at`: under the day's salt, and in the first half hour of a day also
   * under the day before's, so a visit going on at midnight continues.
   */
  async function visitorHashes(at: Date, ip: string, userAgent: string): Promise<string[]> {
    const day = utcDay(at)
    const hashes = [hash(await saltOf(day), ip, userAgent)]
    if (at.getTime() - Date.parse(`${day}T00:00:00Z`) < VISIT_GAP_MS)
      hashes.push(hash(await saltOf(addDays(day, -1)), ip, userAgent))
    return hashes
  }

  /** The buffered views as runs of one visitor's views with no gap over VISIT_GAP_MS. */
  async function segmentsOf(views: PendingView[]): Promise<VisitSegment[]> {
    const byVisitor = new Map<string, PendingView[]>()
    for (const view of views) {
      const key = `${view.ip}\0${view.userAgent}`
      byVisitor.set(key, [...(byVisitor.get(key) ?? []), view])
    }
    const segments: VisitSegment[] = []
    for (const list of byVisitor.values()) {
      list.sort((a, b) => a.at.getTime() - b.at.getTime())
      let run: PendingView[] = []
      const close = async () => {
        const [first] = run
        if (!first) return
        segments.push({
          visitors: await visitorHashes(first.at, first.ip, first.userAgent),
          address: addressHash(await saltOf(utcDay(first.at)), first.ip, siteHost),
          day: utcDay(first.at),
          startedAt: first.at,
          lastSeenAt: run.at(-1)!.at,
          landingPage: first.path,
          source: first.source,
          utmSource: first.utm.source,
          utmMedium: first.utm.medium,
          utmCampaign: first.utm.campaign,
          device: first.device,
          country: first.country,
          views: run.map((v) => ({ path: v.path, at: v.at })),
        })
      }
      for (const view of list) {
        const last = run.at(-1)
        if (last && view.at.getTime() - last.at.getTime() > VISIT_GAP_MS) {
          await close()
          run = []
        }
        run.push(view)
      }
      await close()
    }
    return segments
  }

  /** Writes the buffered views; writes never overlap, and a failed write keeps its views. */
  function flush(): Promise<void> {
    writing = writing
      .catch(() => {})
      .then(async () => {
        if (buffer.length === 0) return
        const views = buffer
        buffer = []
        try {
          await repo.recordSegments(await segmentsOf(views))
        } catch (err) {
          buffer = [...views, ...buffer].slice(-BUFFER_MAX)
          throw err
        }
        if (dropped > 0) {
          log.warn({ dropped }, 'visit statistics: views dropped while the buffer was full')
          dropped = 0
        }
      })
    return writing
  }

  const flushInBackground = () =>
    void flush().catch((err: unknown) =>
      log.warn({ err }, 'visit statistics: could not write views; retrying later'),
    )

  /** The range's bounds, and the first day whose raw visits may still be read (no roll-up yet). */
  function rangeOf(from: string, to: string) {
    const rawFrom = [from, addDays(utcDay(now()), -RAW_RETENTION_DAYS)].sort().at(-1)!
    return { from, to, rawFrom }
  }

  /**
   * Each day's totals (roll-ups for the days they exist, the raw visits for the others), summed in
   * the database: at most a row per day of the range.
   */
  async function totals(range: ReturnType<typeof rangeOf>) {
    const days = new Map(
      (await repo.dailyTotals(range.from, range.to, range.rawFrom)).map((d) => [d.day, d]),
    )
    let visitors = 0
    let pageviews = 0
    let converted = 0
    let messages = 0
    for (const d of days.values()) {
      visitors += d.visitors
      pageviews += d.pageviews
      converted += d.converted
      messages += d.messages
    }
    return { days, visitors, pageviews, messages, rate: visitors ? converted / visitors : 0 }
  }

  const top = (
    range: ReturnType<typeof rangeOf>,
    kind: KeyedKind | 'device',
    limit = STATS_TOP_LIMIT,
  ) => repo.topKeys(kind, { ...range, limit })

  async function digestWeek(from: string, messages: number): Promise<DigestWeek> {
    const range = rangeOf(from, addDays(from, 6))
    const { visitors, rate } = await totals(range)
    const sources = (await top(range, 'source', DIGEST_SOURCE_ROWS)).map((s) => ({
      source: s.key,
      visitors: s.visitors,
    }))
    return { visitors, messages, rate, sources }
  }

  async function sendWeeklyDigest(): Promise<boolean> {
    if (!(await deps.isDigestOn())) return false
    const thisWeek = mondayOf(utcDay(now()))
    const lastWeek = addDays(thisWeek, -7)
    const weekBefore = addDays(thisWeek, -14)
    if (!(await repo.claimDigest(thisWeek))) return false
    try {
      const to = await deps.ownerEmail()
      if (!to) {
        await repo.releaseDigest(thisWeek)
        return false
      }
      const perWeek = new Map(
        (await deps.messagesPerWeek()).weeks.map((w) => [w.weekStart, w.count]),
      )
      const content = weeklyDigestMail({
        weekStart: lastWeek,
        week: await digestWeek(lastWeek, perWeek.get(lastWeek) ?? 0),
        previous: await digestWeek(weekBefore, perWeek.get(weekBefore) ?? 0),
        dashboardUrl: deps.dashboardUrl,
        brand: await deps.brand(),
      })
      await deps.mail.send({ kind: 'weekly-digest', to, ...content })
      return true
    } catch (err) {
      // Released, so the next run (on any instance) tries again.
      await repo.releaseDigest(thisWeek).catch(() => {})
      throw err
    }
  }

  /**
   * Deletes old salts and past hours' new-visitor counts, rolls up finished days, deletes raw
   * visits past retention, sends the digest.
   */
  let maintaining: Promise<void> | undefined

  async function maintainOnce(): Promise<void> {
    const today = utcDay(now())
    const yesterday = addDays(today, -1)
    await repo.deleteSaltsBefore(yesterday)
    await repo.deleteAddressHoursBefore(now())
    await flush()
    const [firstMissing] = await repo.daysWithoutRollUp('1970-01-01', yesterday)
    await repo.rollUp(firstMissing ?? yesterday, yesterday)
    const deleted = await repo.deleteVisitsBefore(addDays(today, -(RAW_RETENTION_DAYS - 1)))
    if (deleted > 0) log.info({ deleted }, 'visit statistics: raw visits past retention deleted')
    if (await sendWeeklyDigest()) log.info('weekly digest sent')
  }

  /** The upkeep, never two at once on this instance (the job's run and a test's, say). */
  const maintain = (): Promise<void> =>
    (maintaining ??= maintainOnce().finally(() => {
      maintaining = undefined
    }))

  /** This instance's part, every FLUSH_INTERVAL_MS: its buffered views written, its old salts let go. */
  async function writeBuffered(): Promise<void> {
    const yesterday = addDays(utcDay(now()), -1)
    for (const day of salts.keys()) if (day < yesterday) salts.delete(day)
    await flush()
  }

  return {
    /** Buffers one counted view (see server/lib/countable-view.ts for which are). */
    record(view: PendingView): void {
      if (buffer.length >= BUFFER_MAX) {
        dropped++
        return
      }
      buffer.push(view)
      if (buffer.length >= FLUSH_AT) flushInBackground()
    },

    flush,
    maintain,
    sendWeeklyDigest,

    /**
     * Adds a contact message to the sender's open visit and returns that visit as the message
     * shows it; null when the sender has no counted visit (an API client, a crawler, DNT).
     */
    async recordMessage({
      ip,
      userAgent,
    }: {
      ip: string
      userAgent: string | undefined
    }): Promise<MessageVisit | null> {
      if (!userAgent) return null
      await flush()
      const at = now()
      const row = await repo.addMessageToOpenVisit(await visitorHashes(at, ip, userAgent), at)
      if (!row) return null
      const hasCampaign = row.utmSource ?? row.utmMedium ?? row.utmCampaign
      return {
        landingPage: row.landingPage,
        source: row.source ?? 'Direct',
        campaign: hasCampaign
          ? {
              source: row.utmSource ?? '',
              medium: row.utmMedium ?? '',
              campaign: row.utmCampaign ?? '',
            }
          : null,
        pagesSeen: row.pageviews,
        device: row.device as Device,
      }
    },

    /** The figures of the range's days, today included. */
    async stats(statsRange: StatsRange): Promise<Stats> {
      await flush()
      const to = utcDay(now())
      const from = addDays(to, -(STATS_RANGES[statsRange] - 1))
      const range = rangeOf(from, to)
      const { days, visitors, pageviews, messages, rate } = await totals(range)
      const [pages, sources, campaigns, devices, countries] = await Promise.all([
        top(range, 'page'),
        top(range, 'source'),
        top(range, 'campaign'),
        top(range, 'device'),
        top(range, 'country'),
      ])
      return {
        range: statsRange,
        visitors,
        pageviews,
        series: Array.from({ length: STATS_RANGES[statsRange] }, (_, i) => {
          const date = addDays(from, i)
          const day = days.get(date)
          return { date, visitors: day?.visitors ?? 0, pageviews: day?.pageviews ?? 0 }
        }),
        topPages: pages.map((r) => ({ path: r.key, visitors: r.visitors, pageviews: r.pageviews })),
        sources: sources.map((r) => ({ source: r.key, visitors: r.visitors })),
        campaigns: campaigns.map((r) => ({ ...splitCampaign(r.key), visitors: r.visitors })),
        devices: devices.map((r) => ({ device: r.key as Device, visitors: r.visitors })),
        countries: countries.map((r) => ({ country: r.key, visitors: r.visitors })),
        conversions: { messages, rate },
      }
    },

    /** The job runner's work (server/modules/jobs): each instance's buffer, and the shared upkeep. */
    writeBuffered,
    flushEvery: FLUSH_INTERVAL_MS,
    maintenanceEvery: MAINTENANCE_INTERVAL_MS,

    /** Writes what is buffered (the app closes, after the job runner stopped). */
    async stop(): Promise<void> {
      await flush().catch((err: unknown) =>
        log.warn({ err }, 'visit statistics: views lost at shutdown'),
      )
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>
