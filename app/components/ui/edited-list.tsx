import type { ReactNode } from 'react'

/**
 * An admin list whose rows are edited in place (the FAQ, the testimonials): its rows in order
 * (`children` draws each, with its key), or the `empty` line while there are none.
 */
export function EditedList<T>({
  label,
  items,
  empty,
  children,
}: {
  label: string
  items: readonly T[]
  empty: ReactNode
  children: (item: T, index: number) => ReactNode
}) {
  return items.length === 0 ? (
    <p className="mb-6 rounded-xl border border-slate-200 bg-white p-5 text-slate-700">{empty}</p>
  ) : (
    <ol className="mb-8 space-y-3" aria-label={label}>
      {items.map((item, index) => children(item, index))}
    </ol>
  )
}
