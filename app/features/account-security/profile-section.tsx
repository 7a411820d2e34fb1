import { useId, type ReactNode } from 'react'

/** A titled part of the profile card below the profile form, as "Sessions" is. */
export function ProfileSection({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-slate-200 pt-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

/** The section's list of sessions or passkeys, a bordered box with a row each. */
export function ProfileList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {children}
    </ul>
  )
}

/** A row of a ProfileList: what it is, when it was added or used, and its one button. */
export function ProfileListRow({
  title,
  detail,
  action,
}: {
  title: ReactNode
  detail: ReactNode
  action?: ReactNode
}) {
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{title}</p>
        <p className="text-slate-600">{detail}</p>
      </div>
      {action}
    </li>
  )
}

/** "3 minutes ago", "on 4 March 2026" and the like, for the lists of sessions and passkeys. */
export function formatWhen(iso: string, now = Date.now()): string {
  const ms = now - new Date(iso).getTime()
  const minutes = Math.round(ms / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  return `on ${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`
}
