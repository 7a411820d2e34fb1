import { Link, href, useRouteLoaderData, useSearchParams } from 'react-router'
import { StatsQuerySchema, type StatsRange } from '#common/schemas/stats.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { isSetupComplete, SetupChecklist } from '#app/features/setup/setup-checklist.tsx'
import { getSetup } from '#app/features/setup/setup.api.ts'
import { getSettings } from '#app/features/settings/settings.api.ts'
import { getSecurityLog } from '#app/features/account-security/account-security.api.ts'
import { SecurityLogPanel } from '#app/features/account-security/security-log-panel.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { getSummary } from '#app/features/dashboard/dashboard.api.ts'
import { MessagesTrendChart } from '#app/features/dashboard/messages-trend-chart.tsx'
import { StatCard } from '#app/features/dashboard/stat-card.tsx'
import { stackSlices, summaryCards } from '#app/features/dashboard/summary.ts'
import { InvoiceFigures } from '#app/features/dashboard/invoice-figures.tsx'
import { chartColor, WebsitesChart } from '#app/features/dashboard/websites-chart.tsx'
import { listUpcomingBookings } from '#app/features/booking/booking.api.ts'
import { UpcomingCallsPanel } from '#app/features/booking/upcoming-calls-panel.tsx'
import { listLinksNeedingAttention } from '#app/features/link-checks/link-checks.api.ts'
import { LinkAttentionPanel } from '#app/features/link-checks/link-attention-panel.tsx'
import { getFailedMail, getOperationsStatus } from '#app/features/operations/operations.api.ts'
import { SiteNotices } from '#app/features/operations/site-notices.tsx'
import { getStats } from '#app/features/stats/stats.api.ts'
import { VisitStatsPanel } from '#app/features/stats/visit-stats-panel.tsx'
import { getMessagesTrend } from '#app/features/messages/messages.api.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { settleEach } from '#app/lib/settle.ts'
import { cn } from '#app/lib/cn.ts'
import type { Route } from './+types/dashboard'
import type { clientLoader as adminLoader } from './admin-layout'

const ADMIN_LAYOUT_ID = 'routes/admin/admin-layout'

const TITLE = 'Website Dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(TITLE, matches) }]

/** The visit statistics' period, from the address (`?range=7d`); 30 days unless it names another. */
const rangeOf = (request: Request): StatsRange =>
  StatsQuerySchema.shape.range.catch('30d').parse(new URL(request.url).searchParams.get('range'))

/**
 * Everything the dashboard shows, read at once. The panels' reads are settled one by one, so a
 * panel whose request fails says so and the rest of the dashboard still shows; the unread count is
 * the admin layout's.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  const range = rangeOf(request)
  const [summary, trend, setup, settings, panels] = await withSignIn(request, () =>
    Promise.all([
      getSummary(),
      getMessagesTrend(),
      getSetup(),
      getSettings(),
      settleEach({
        notices: getOperationsStatus(),
        failedMail: getFailedMail(),
        upcoming: listUpcomingBookings(),
        visits: getStats(range),
        attention: listLinksNeedingAttention(),
        securityLog: getSecurityLog(),
      }),
    ]),
  )
  return {
    summary,
    slices: stackSlices(summary),
    trend,
    setup,
    bookingZone: settings.booking.timeZone,
    range,
    ...panels,
  }
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return <Spinner />
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { summary, slices, trend, setup, bookingZone, range } = loaderData
  const unread = useRouteLoaderData<typeof adminLoader>(ADMIN_LAYOUT_ID)?.unread ?? null
  const cards = summaryCards(summary, unread)
  const [, setSearchParams] = useSearchParams()
  const showRange = (next: StatsRange) =>
    setSearchParams({ range: next }, { preventScrollReset: true, replace: true })
  return (
    <>
      <PageHeader title={TITLE} subtitle="Your site at a glance." />
      {isSetupComplete(setup) ? null : (
        // A new site leads with what it still needs, until the owner has done it all.
        <div className="mb-8">
          <SetupChecklist
            setup={setup}
            action={
              <Link to={href('/admin/setup')} className={buttonClasses('primary', 'md')}>
                Continue setting up
              </Link>
            }
          />
        </div>
      )}
      <SiteNotices status={loaderData.notices} failedMail={loaderData.failedMail} />
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <StatCard key={card.label} card={card} />
        ))}
      </dl>
      <InvoiceFigures figures={summary.invoices} />
      <UpcomingCallsPanel zone={bookingZone} upcoming={loaderData.upcoming} />
      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        <Panel title="Websites by language description">
          <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <WebsitesChart slices={slices} />
            {slices.length > 0 ? (
              <ul className="divide-y divide-slate-100 self-start text-sm">
                {slices.map((slice, i) => (
                  <li key={slice.label} className="flex items-center justify-between gap-4 py-2">
                    <span className="flex items-center gap-2 text-slate-800">
                      <span
                        aria-hidden="true"
                        className={cn(
                          'h-3 w-3 shrink-0 rounded-sm',
                          !chartColor(i) && 'bg-brand-600',
                        )}
                        style={{ backgroundColor: chartColor(i) ?? undefined }}
                      />
                      {slice.label}
                    </span>
                    <span className="font-semibold text-slate-900">{slice.count}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </Panel>
        <Panel
          title="Messages per week"
          subtitle={`The last ${trend.weeks.length} weeks, spam left out.`}
        >
          <MessagesTrendChart weeks={trend.weeks} />
        </Panel>
      </div>
      <div className="mt-8">
        <VisitStatsPanel range={range} onRangeChange={showRange} visits={loaderData.visits} />
      </div>
      <LinkAttentionPanel attention={loaderData.attention} />
      <SecurityLogPanel log={loaderData.securityLog} />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title={TITLE} error={error} />
}
