import { useId, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'

/**
 * A white card with a titled section of a screen; its heading names the section for screen
 * readers. `isRoomy` gives a form more room on wider screens.
 */
export function Panel({
  title,
  subtitle,
  isRoomy = false,
  children,
}: {
  title: string
  subtitle?: ReactNode
  isRoomy?: boolean
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
        isRoomy ? 'sm:p-8' : 'sm:p-6',
      )}
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}
