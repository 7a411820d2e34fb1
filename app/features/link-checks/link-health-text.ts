/** Words for a link check's result, shared by the admin's list, the dashboard and public pages. */
import { TLS_DAYS_WARNING, type LinkHealth } from '#common/schemas/link-checks.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** "today", "yesterday" or "N days ago", by calendar day (UTC, as the server counts days). */
export function checkedDayText(checkedAt: string, now: Date): string {
  const days = Math.round(
    (Date.parse(now.toISOString().slice(0, 10)) - Date.parse(checkedAt.slice(0, 10))) / DAY_MS,
  )
  if (days <= 0) return 'today'
  if (days === 1) return 'yesterday'
  return `${days} days ago`
}

/** The public line: "Online · checked today · 180 ms". */
export const onlineText = (health: { checkedAt: string; ms: number }, now: Date) =>
  `Online · checked ${checkedDayText(health.checkedAt, now)} · ${health.ms} ms`

export const isTlsExpiring = (health: LinkHealth) =>
  health.tlsDaysLeft !== null && health.tlsDaysLeft < TLS_DAYS_WARNING

/** The certificate's state in a few words, or null over http. */
export function tlsText(health: LinkHealth): string | null {
  if (health.tlsDaysLeft === null) return null
  if (health.tlsDaysLeft < 0) return 'Certificate expired'
  return `Certificate: ${health.tlsDaysLeft} ${health.tlsDaysLeft === 1 ? 'day' : 'days'} left`
}
