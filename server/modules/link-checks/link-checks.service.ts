/**
 * Portfolio link checks: on demand and on a schedule (every published link once per period,
 * across any number of instances, one link at a time per instance), the e-mails to the owner on a
 * state change, and the short history. The fetching itself, and its safety, is probe.ts.
 */
import type { FastifyBaseLogger } from 'fastify'
import {
  TLS_DAYS_WARNING,
  type LinkCheckAttention,
  type LinkCheckDetails,
  type LinkHealth,
  type PublicLinkHealth,
} from '#common/schemas/link-checks.ts'
import type { LinkCheckRow } from '#server/db/schema.ts'
import { badRequest, notFound } from '#server/lib/http-errors.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import {
  certificateExpiringMail,
  linkDownMail,
  linkRecoveredMail,
} from '../mail/templates/link-check.ts'
import type { LinkChecksRepository } from './link-checks.repository.ts'
import type { ProbeResult } from './probe.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Failed checks in a row before the owner hears about it (one failure may be a blip). */
const LINK_FAILURES_BEFORE_ALERT = 2
const LINK_CHECK_HISTORY_DAYS = 90
/** A public page shows a success at most this old; an older one shows nothing. */
const PUBLIC_HEALTH_MAX_AGE_MS = 7 * DAY_MS
/** How often an instance looks for due links; a period is LINK_CHECK_INTERVAL_HOURS. */
const SCHEDULE_TICK_MS = 60_000

export interface LinkChecksDeps {
  repo: LinkChecksRepository
  mail: MailService
  ownerEmail: () => Promise<string | undefined>
  adminUrl: string
  /** The owner's look, which the alerts show like every mail of the site. */
  brand: () => Promise<MailBrand>
  /** The schedule's period; 0: no scheduled checks. */
  intervalMs: number
  probe: (link: string, keyword: string, signal: AbortSignal) => Promise<ProbeResult>
  /** Whether the owner shows the "Online" line on public pages (a site setting). */
  isPublicHealthShown: () => Promise<boolean>
  now: () => Date
  log: FastifyBaseLogger
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10)

function toHealth(row: LinkCheckRow): LinkHealth | null {
  if (!row.checkedAt || row.ok === null) return null
  return {
    checkedAt: row.checkedAt.toISOString(),
    ok: row.ok,
    status: row.status,
    finalUrl: row.finalUrl,
    ms: row.ms,
    tlsDaysLeft: row.tlsDaysLeft,
    error: row.error,
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
}

type Alert = 'down' | 'recovered' | 'tls'

export function createLinkChecksService(deps: LinkChecksDeps) {
  const { repo, mail, ownerEmail, adminUrl, intervalMs, probe, now, log } = deps
  let round: Promise<number> | undefined

  async function sendAlerts(
    alerts: Alert[],
    website: { id: string; name: string; link: string },
    row: LinkCheckRow,
  ): Promise<void> {
    if (alerts.length === 0) return
    const to = await ownerEmail().catch(() => undefined)
    for (const alert of alerts) {
      const input = { name: website.name, link: website.link, adminUrl, brand: await deps.brand() }
      const content =
        alert === 'down'
          ? linkDownMail({ ...input, error: row.error ?? 'failed', failures: row.failures })
          : alert === 'recovered'
            ? linkRecoveredMail({ ...input, ms: row.ms })
            : certificateExpiringMail({ ...input, daysLeft: row.tlsDaysLeft ?? 0 })
      try {
        if (!to) throw new Error('no OWNER_EMAIL and no admin to notify')
        await mail.send({ kind: `link-${alert}`, to, ...content })
      } catch (err) {
        log.warn(
          { err, websiteId: website.id, alert },
          'link check e-mail failed; next check retries',
        )
        // Unmark it, so the next check that still sees the problem sends it again.
        if (alert !== 'recovered') {
          await repo
            .update(website.id, now(), () =>
              alert === 'down' ? { isDownAlerted: false } : { isTlsAlerted: false },
            )
            .catch(() => {})
        }
      }
    }
  }

  /** Stores one result, counts it in the day's roll-up and mails the owner on a state change. */
  async function record(
    website: { id: string; name: string; link: string },
    result: ProbeResult,
  ): Promise<LinkHealth> {
    const at = now()
    const alerts: Alert[] = []
    const { after } = await repo.update(website.id, at, (current) => {
      const failures = result.ok ? 0 : current.failures + 1
      let isDownAlerted = current.isDownAlerted
      if (!result.ok && failures >= LINK_FAILURES_BEFORE_ALERT && !isDownAlerted) {
        alerts.push('down')
        isDownAlerted = true
      } else if (result.ok && isDownAlerted) {
        alerts.push('recovered')
        isDownAlerted = false
      }
      let isTlsAlerted = current.isTlsAlerted
      if (result.tlsDaysLeft !== null) {
        if (result.tlsDaysLeft < TLS_DAYS_WARNING && !isTlsAlerted) {
          alerts.push('tls')
          isTlsAlerted = true
        } else if (result.tlsDaysLeft >= TLS_DAYS_WARNING) isTlsAlerted = false
      }
      return {
        checkedLink: website.link,
        checkedAt: at,
        ok: result.ok,
        status: result.status,
        finalUrl: result.finalUrl,
        ms: result.ms,
        tlsDaysLeft: result.tlsDaysLeft,
        error: result.error,
        failures,
        isDownAlerted,
        isTlsAlerted,
      }
    })
    await repo.addToDay(website.id, dayOf(at), { ok: result.ok, ms: result.ms })
    await sendAlerts(alerts, website, after)
    return toHealth(after)!
  }

  async function checkClaimed(
    website: { id: string; name: string; link: string; keyword: string },
    signal = new AbortController().signal,
  ) {
    const result = await probe(website.link, website.keyword, signal)
    // A check cut short by a shutdown says nothing about the site: not recorded.
    if (signal.aborted) return undefined
    return record(website, result)
  }

  /**
   * One scheduled round: claims due links one at a time and checks each, until none is due (or
   * `signal` aborts: the app closes). Safe to run on several instances at once. Returns how many
   * it checked.
   */
  async function runDue(signal = new AbortController().signal): Promise<number> {
    if (intervalMs <= 0) return 0
    const at = now()
    await repo.addMissing(at)
    await repo.purgeDaysBefore(dayOf(new Date(at.getTime() - LINK_CHECK_HISTORY_DAYS * DAY_MS)))
    let checked = 0
    while (!signal.aborted) {
      const claimAt = now()
      const claimed = await repo.claimDue(claimAt, new Date(claimAt.getTime() + intervalMs))
      if (!claimed) break
      try {
        await checkClaimed({ ...claimed, id: claimed.websiteId }, signal)
      } catch (err) {
        log.error({ err, websiteId: claimed.websiteId }, 'link check failed to record')
      }
      checked += 1
    }
    if (checked > 0) log.info({ checked }, 'link check round')
    return checked
  }

  /** Runs a round unless one is already running on this instance; never throws. */
  function runRound(signal?: AbortSignal): Promise<number> {
    round ??= runDue(signal)
      .catch((err: unknown) => {
        log.error({ err }, 'link check round crashed')
        return 0
      })
      .finally(() => {
        round = undefined
      })
    return round
  }

  return {
    runDue: runRound,

    /**
     * Checks the website's link now and returns its health. Throws 404 for an unknown id and 400
     * when the website has no link yet.
     */
    async checkNow(id: string): Promise<LinkHealth> {
      const website = await repo.findWebsite(id)
      if (!website) throw notFound('Website not found')
      if (!website.link) throw badRequest('This website has no link to check')
      const row = await repo.findById(id)
      const health = await checkClaimed({ ...website, keyword: row?.keyword ?? '' })
      return health!
    },

    /** The last result, the keyword and the daily roll-up of the website. Throws 404 for an unknown id. */
    async details(id: string): Promise<LinkCheckDetails> {
      if (!(await repo.findWebsite(id))) throw notFound('Website not found')
      const row = await repo.findById(id)
      const from = dayOf(new Date(now().getTime() - LINK_CHECK_HISTORY_DAYS * DAY_MS))
      const days = await repo.listDays(id, from)
      return {
        health: row ? toHealth(row) : null,
        keyword: row?.keyword ?? '',
        days: days.map((d) => ({
          date: d.day,
          checks: d.checks,
          failures: d.failures,
          medianMs: median(d.times),
          worstMs: d.worstMs,
        })),
      }
    },

    /** Sets the text the website's page must contain ('' for none). Throws 404 for an unknown id. */
    async setKeyword(id: string, keyword: string): Promise<{ keyword: string }> {
      if (!(await repo.findWebsite(id))) throw notFound('Website not found')
      await repo.setKeyword(id, keyword, now())
      return { keyword }
    },

    /** Each listed website's last health (websites never checked are absent). */
    async healthOf(ids: string[]): Promise<Map<string, LinkHealth>> {
      const rows = await repo.findChecked(ids)
      return new Map(
        rows.flatMap((row) => {
          const health = toHealth(row)
          return health ? [[row.websiteId, health] as const] : []
        }),
      )
    },

    /** The dashboard's list: published entries failing, or with a certificate expiring soon. */
    async needingAttention(): Promise<LinkCheckAttention> {
      const rows = await repo.findNeedingAttention(TLS_DAYS_WARNING)
      return {
        websites: rows.flatMap(({ website, check }) => {
          const health = toHealth(check)
          return health ? [{ _id: website.id, name: website.name, link: website.link, health }] : []
        }),
      }
    },

    /**
     * What public pages show: for each listed website whose last check succeeded recently, when
     * and how fast. Empty while the owner has not switched the "Online" line on.
     */
    async publicHealthOf(ids: string[]): Promise<Record<string, PublicLinkHealth>> {
      if (ids.length === 0 || !(await deps.isPublicHealthShown())) return {}
      const oldest = now().getTime() - PUBLIC_HEALTH_MAX_AGE_MS
      const rows = await repo.findChecked(ids)
      return Object.fromEntries(
        rows
          .filter((r) => r.ok && r.ms !== null && r.checkedAt!.getTime() >= oldest)
          .map((r) => [r.websiteId, { checkedAt: r.checkedAt!.toISOString(), ms: r.ms! }]),
      )
    },

    /** How often the job runner looks for due links (server/modules/jobs); 0: checks are off. */
    scheduleEvery: intervalMs > 0 ? Math.min(SCHEDULE_TICK_MS, intervalMs) : 0,
  }
}

export type LinkChecksService = ReturnType<typeof createLinkChecksService>
