import type { ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'

const KINDS = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
} as const

/** A message box; errors are announced to screen readers at once. */
export function Alert({
  kind = 'info',
  children,
  className,
}: {
  kind?: keyof typeof KINDS
  children: ReactNode
  className?: string
}) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border px-4 py-3 text-sm', KINDS[kind], className)}
    >
      {children}
    </div>
  )
}
