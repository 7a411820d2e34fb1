import { cn } from '#app/lib/cn.ts'
import type { ReactNode } from 'react'

/** The top band of an inner page: a short label, the page's only h1 and a lead paragraph. */
export function PageIntro({
  eyebrow,
  title,
  children,
  aside,
}: {
  eyebrow: string
  title: string
  children?: ReactNode
  /** Shown beside the text on a wide screen, above it on a phone (a portrait). */
  aside?: ReactNode
}) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div
        className={cn(
          'mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-20',
          aside && 'flex flex-col gap-8 md:flex-row-reverse md:items-center md:justify-between',
        )}
      >
        {aside}
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:mt-3 sm:text-5xl">
            {title}
          </h1>
          {children ? (
            <div className="mt-4 max-w-2xl text-base leading-7 text-slate-700 sm:mt-5 sm:text-lg sm:leading-8">
              {children}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** A page section with an h2 and optional lead; sections alternate backgrounds via `tone`. */
export function Section({
  title,
  lead,
  tone = 'white',
  id,
  children,
}: {
  title: string
  lead?: ReactNode
  tone?: 'white' | 'muted'
  id?: string
  children: ReactNode
}) {
  const headingId = id ? `${id}-title` : undefined
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={tone === 'muted' ? 'border-y border-slate-200 bg-slate-50' : 'bg-white'}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {lead ? (
          <div className="mt-4 max-w-2xl text-lg leading-8 text-slate-700">{lead}</div>
        ) : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  )
}
