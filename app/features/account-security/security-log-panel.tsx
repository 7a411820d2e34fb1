import { SECURITY_LOG_PER_KIND } from '#common/constants.ts'
import type { SecurityLog } from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import type { Settled } from '#app/lib/settle.ts'

const LABELS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'two-factor-on': 'Two-factor turned on',
  'two-factor-off': 'Two-factor turned off',
  'recovery-code-used': 'Recovery code used',
  'recovery-codes-regenerated': 'New recovery codes',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'session-ended': 'Session ended',
  'signed-out-everywhere': 'Signed out everywhere',
  'two-factor-locked': 'Too many wrong codes',
}

/** The kinds that tell of an attempt on an account. */
const WARNINGS = new Set(['sign-in-failed', 'two-factor-locked'])

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** The dashboard's security log: the newest account events of each kind, of every user (kept 90 days). */
export function SecurityLogPanel({ log }: { log: Settled<SecurityLog> }) {
  const events = log.ok ? log.value.events : null

  return (
    <div className="mt-8">
      <Panel
        title="Security log"
        subtitle={`The newest ${SECURITY_LOG_PER_KIND} of each kind: sign-ins, failures and account changes.`}
      >
        {log.ok ? null : <Alert kind="error">{log.message}</Alert>}
        {events && events.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet.</p>
        ) : null}
        {events && events.length > 0 ? (
          <ul aria-label="Security log" className="divide-y divide-slate-100 text-sm">
            {events.map((event) => (
              <li
                key={event._id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
              >
                <span
                  className={
                    WARNINGS.has(event.type)
                      ? 'font-medium text-red-800'
                      : 'font-medium text-slate-900'
                  }
                >
                  {LABELS[event.type] ?? event.type}
                </span>
                <span className="min-w-0 flex-1 truncate text-slate-700">
                  {event.email}
                  {event.device ? ` · ${event.device}` : ''}
                </span>
                <time dateTime={event.createdAt} className="text-slate-600">
                  {when(event.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>
    </div>
  )
}
