/**
 * A link check's result in the admin: a short state, the figures and the reason, and a "Check
 * now" button that posts `intent=check` to the current route's action (see checkLinkAction).
 */
import { useFetcher } from 'react-router'
import type { LinkHealth } from '#common/schemas/link-checks.ts'
import { Button } from '#app/components/ui/button.tsx'
import type { Column } from '#app/components/ui/paged-table.tsx'
import { runIntent } from '#app/lib/form.ts'
import { cn } from '#app/lib/cn.ts'
import { toast } from '#app/lib/toast.tsx'
import { checkWebsiteLink } from './link-checks.api.ts'
import { checkedDayText, isTlsExpiring, tlsText } from './link-health-text.ts'

const PILL = 'rounded-full px-2 py-0.5 text-xs font-semibold'

function formatCheckedAt(checkedAt: string) {
  return new Date(checkedAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
}

/** `isCompact`: the reason in two lines at most (its whole text in a tooltip), for a table cell. */
export function LinkHealthSummary({
  health,
  isCompact = false,
}: {
  health: LinkHealth | null
  isCompact?: boolean
}) {
  if (!health) return <span className="text-sm text-slate-600">Not checked yet</span>
  const tls = tlsText(health)
  const isExpiring = isTlsExpiring(health)
  return (
    <div className="space-y-1 text-sm">
      <span className="flex flex-wrap items-center gap-1.5">
        <span
          className={
            health.ok ? `${PILL} bg-green-100 text-green-800` : `${PILL} bg-red-100 text-red-800`
          }
        >
          {health.ok ? 'Online' : 'Failing'}
        </span>
        {isExpiring ? (
          <span className={`${PILL} bg-amber-100 text-amber-900`}>Certificate expiring</span>
        ) : null}
      </span>
      <p className="text-slate-700">
        {[
          health.status === null ? null : String(health.status),
          health.ms === null ? null : `${health.ms} ms`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {health.error ? (
        <p
          title={isCompact ? health.error : undefined}
          className={cn('wrap-anywhere text-red-800', isCompact && 'line-clamp-2')}
        >
          {health.error}
        </p>
      ) : null}
      {tls ? <p className={isExpiring ? 'text-amber-900' : 'text-slate-600'}>{tls}</p> : null}
      <p className="text-xs text-slate-600">
        <time dateTime={health.checkedAt} title={formatCheckedAt(health.checkedAt)}>
          Checked {checkedDayText(health.checkedAt, new Date())}
        </time>
      </p>
    </div>
  )
}

function CheckNowButton({ websiteId, name }: { websiteId: string; name: string }) {
  const fetcher = useFetcher()
  const isChecking = fetcher.state !== 'idle'
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={isChecking}
      aria-label={`${isChecking ? 'Checking' : 'Check now'}: the link of ${name}`}
      onClick={() => void fetcher.submit({ intent: 'check', id: websiteId }, { method: 'post' })}
    >
      {isChecking ? 'Checking...' : 'Check now'}
    </Button>
  )
}

interface CheckedRow {
  _id: string
  name: string
  link: string
  health: LinkHealth | null
}

/**
 * The admin list's link column with the last check and "Check now" under the link: one column
 * more would not fit the list beside its row buttons on a laptop screen. The column keeps its
 * header, "Link", as the specification names it.
 */
export function withLastCheck<T extends CheckedRow>(column: Column<T>): Column<T> {
  return {
    ...column,
    labelAbove: true,
    cell: (website) => (
      <div className="space-y-2 @3xl:w-28">
        {column.cell(website)}
        <LinkHealthSummary health={website.health} isCompact />
        {website.link ? <CheckNowButton websiteId={website._id} name={website.name} /> : null}
      </div>
    ),
  }
}

/** Checks a website's link now and says how it went in a toast, a refusal too. */
export async function checkLink(websiteId: string): Promise<void> {
  const answer = await runIntent(() => checkWebsiteLink(websiteId), undefined)
  if (!answer) return
  const { health } = answer
  if (health.ok) toast.success(`The link works (${health.status}, ${health.ms} ms)`)
  else toast.error(`The link fails: ${health.error ?? 'unknown error'}`)
}

/**
 * A route action's part for `intent=check` (a fetcher's post, so no form shows its answer): checks
 * the link and says how it went; the route's data then reloads with the new result.
 */
export async function checkLinkAction(form: FormData): Promise<{ error: null }> {
  await checkLink(String(form.get('id')))
  return { error: null }
}
