/**
 * The dashboard's list of portfolio entries that need the owner: a link that fails, or a
 * certificate close to expiry (read by the dashboard's loader).
 */
import { Link } from 'react-router'
import type { LinkCheckAttention } from '#common/schemas/link-checks.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import type { Settled } from '#app/lib/settle.ts'
import { LinkHealthSummary } from './link-health.tsx'

export function LinkAttentionPanel({ attention }: { attention: Settled<LinkCheckAttention> }) {
  return (
    <div className="mt-8">
      <Panel
        title="Portfolio links"
        subtitle="Published entries whose link fails or whose certificate expires soon."
      >
        {!attention.ok ? (
          <Alert kind="error">{attention.message}</Alert>
        ) : attention.value.websites.length === 0 ? (
          <p className="text-sm text-slate-700">Every checked link works.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {attention.value.websites.map((website) => (
              <li
                key={website._id}
                className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] sm:gap-6"
              >
                <div className="min-w-0">
                  <Link
                    to={`/admin/website/${website._id}`}
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {website.name}
                  </Link>
                  <p className="truncate text-xs text-slate-600" title={website.link}>
                    {website.link}
                  </p>
                </div>
                <LinkHealthSummary health={website.health} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}
