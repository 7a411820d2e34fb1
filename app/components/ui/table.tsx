import { useId, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react'
import { cn } from '#app/lib/cn.ts'

/**
 * A data table that scrolls sideways on narrow screens. The scroll container is a labelled,
 * focusable region so keyboard users can scroll it too.
 */
export function DataTable({
  caption,
  captionHidden = false,
  children,
  className,
}: {
  caption: string
  captionHidden?: boolean
  children: ReactNode
  className?: string
}) {
  const captionId = useId()
  return (
    <>
      <p aria-hidden="true" className="mb-2 text-xs text-slate-600 sm:hidden">
        Swipe sideways to see every column.
      </p>
      <div
        role="region"
        aria-labelledby={captionId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        tabIndex={0}
        className={cn(
          'relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm',
          className,
        )}
      >
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption
            id={captionId}
            className={cn(
              captionHidden ? 'sr-only' : 'px-4 py-3 text-left font-medium text-slate-700',
            )}
          >
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </>
  )
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase',
        className,
      )}
      {...props}
    />
  )
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-top text-slate-800', className)} {...props} />
}

/** A full-width row for an empty table. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-600">
        {children}
      </td>
    </tr>
  )
}
