import { STATS_OTHER, STATS_RANGES, type Stats, type StatsRange } from '#common/schemas/stats.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { cn } from '#app/lib/cn.ts'
import type { Settled } from '#app/lib/settle.ts'
import { VisitsChart } from './visits-chart.tsx'

const RANGE_LABELS: Record<StatsRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '365d': '12 months',
}

const percent = (rate: number) =>
  `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`
const number = (n: number) => n.toLocaleString('en-US')

interface Row {
  label: string
  value: number
}

function TopList({ title, rows, empty }: { title: string; rows: Row[]; empty: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value))
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {rows.map((row) => (
            <li key={row.label} className="relative flex justify-between gap-3 px-2 py-1">
              <span
                aria-hidden="true"
                className="absolute inset-y-0 left-0 rounded bg-brand-50"
                style={{ width: `${(row.value / max) * 100}%` }}
              />
              <span className="relative min-w-0 truncate text-slate-800" title={row.label}>
                {row.label}
              </span>
              <span className="relative font-semibold text-slate-900">{number(row.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * The visit statistics on the dashboard: visitors and page views per day, top pages, sources,
 * campaigns, devices and the conversion rate, over 7, 30 or 365 days (GET /api/stats, read by the
 * dashboard's loader for the range the route's address names).
 */
export function VisitStatsPanel({
  range,
  onRangeChange,
  visits,
}: {
  range: StatsRange
  onRangeChange: (range: StatsRange) => void
  visits: Settled<Stats>
}) {
  const stats = visits.ok ? visits.value : undefined
  const error = visits.ok ? undefined : visits.message

  const figures = stats
    ? [
        { label: 'Visitors', value: number(stats.visitors) },
        { label: 'Page views', value: number(stats.pageviews) },
        { label: 'Messages from visits', value: number(stats.conversions.messages) },
        { label: 'Conversion rate', value: percent(stats.conversions.rate) },
      ]
    : []

  return (
    <Panel
      title="Visitors"
      subtitle="Counted on the server, without cookies; crawlers and visitors asking not to be tracked are left out."
    >
      <div
        role="group"
        aria-label="Period"
        className="mt-4 inline-flex rounded-lg border border-slate-300 p-0.5"
      >
        {(Object.keys(STATS_RANGES) as StatsRange[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={range === key}
            onClick={() => onRangeChange(key)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              range === key ? 'bg-accent text-on-accent' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {RANGE_LABELS[key]}
          </button>
        ))}
      </div>
      {error ? (
        <div className="mt-4">
          <Alert kind="error">{error}</Alert>
        </div>
      ) : null}
      {stats ? (
        <>
          {/* A list, not a description list: the dashboard's own cards are its only figures
              read as label and value, so this panel's figures never mix with theirs. */}
          <ul className="mt-5 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {figures.map((f) => (
              <li key={f.label} className="rounded-lg bg-slate-50 p-4">
                <p className="text-sm font-medium text-slate-600">{f.label}</p>
                <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{f.value}</p>
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <VisitsChart series={stats.series} />
          </div>
          <div className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            <TopList
              title="Top pages"
              empty="No page views yet."
              rows={stats.topPages.map((p) => ({ label: p.path, value: p.visitors }))}
            />
            <TopList
              title="Sources"
              empty="No visitors yet."
              rows={stats.sources.map((s) => ({ label: s.source, value: s.visitors }))}
            />
            <TopList
              title="Campaigns"
              empty="No visits with utm_ parameters."
              rows={stats.campaigns.map((c) => ({
                // The row summing the rest says "Other" in each field: one word is enough.
                label: [c.source, c.medium, c.campaign].every((part) => part === STATS_OTHER)
                  ? STATS_OTHER
                  : [c.source, c.medium, c.campaign].filter(Boolean).join(' / '),
                value: c.visitors,
              }))}
            />
            <TopList
              title="Devices"
              empty="No visitors yet."
              rows={stats.devices.map((d) => ({ label: d.device, value: d.visitors }))}
            />
          </div>
          {stats.countries.length > 0 ? (
            <div className="mt-6 max-w-sm">
              <TopList
                title="Countries"
                empty=""
                rows={stats.countries.map((c) => ({ label: c.country, value: c.visitors }))}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </Panel>
  )
}
