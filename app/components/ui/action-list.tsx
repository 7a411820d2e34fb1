import type { ReactNode } from 'react'

/** A list of entries, each an ActionListRow. */
export function ActionList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label={label}>
      {children}
    </ul>
  )
}

/** An entry's lines with its buttons: beside them from a tablet's width up, below them on a phone. */
export function ActionListRow({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">{children}</div>
      {actions}
    </li>
  )
}
