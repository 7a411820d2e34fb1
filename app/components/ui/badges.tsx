/**
 * Short state labels beside an admin row's title (Draft, Pending, Published, Sample…), in one
 * look everywhere: a tone says whether the row waits for the owner, is live, is set aside, or is
 * marked for another reason.
 */
import type { ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'

const TONES = {
  /** Waits for the owner: a draft, a pending testimonial, a scheduled post. */
  waiting: 'bg-amber-100 text-amber-900',
  /** Late, and waiting for someone else: an overdue invoice. */
  late: 'bg-red-100 text-red-900',
  /** Live on the site. */
  live: 'bg-green-100 text-green-900',
  /** Set aside: hidden, or a draft that nothing schedules. */
  neutral: 'bg-slate-100 text-slate-800',
  /** A mark of its own: Sample, Featured. */
  mark: 'bg-brand-50 text-brand-800',
} as const

type BadgeTone = keyof typeof TONES

export interface BadgeItem {
  label: ReactNode
  tone: BadgeTone
}

/** The labels in a wrapping row; an item left out (false, undefined) is not shown. */
export function Badges({ items }: { items: (BadgeItem | false | undefined)[] }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {items.filter(Boolean).map((item, index) => {
        const { label, tone } = item as BadgeItem
        return (
          <span
            key={index}
            className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TONES[tone])}
          >
            {label}
          </span>
        )
      })}
    </span>
  )
}
