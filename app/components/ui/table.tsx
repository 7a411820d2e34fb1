import { useId, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react'
import { Link } from 'react-router'
import { cn } from '#app/lib/cn.ts'

/**
 * A data table that fits its container. Where the container is at least `3xl` wide it is a plain
 * table; in a narrower one, each body row (`Tr`) is drawn as a card whose cells show their column labels (see `Td`). It keeps
 * its table elements all along, so screen readers still announce rows, cells and headers. The
 * wrapper is a labelled, focusable region that scrolls, for content that is wider still.
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
    // The table's own width decides between rows and cards (a container query), so it fits beside
    // the admin's side navigation as well as on a phone.
    <div className={cn('@container', className)}>
      <div
        role="region"
        aria-labelledby={captionId}
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="relative overflow-x-auto @3xl:rounded-lg @3xl:border @3xl:border-slate-200 @3xl:bg-white @3xl:shadow-sm"
      >
        <table className="w-full text-left text-sm @max-3xl:block @3xl:divide-y @3xl:divide-slate-200">
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
    </div>
  )
}

/** The header row's group: kept for screen readers on phones, where the cards show the labels. */
export function THead({ children }: { children: ReactNode }) {
  return <thead className="@max-3xl:sr-only">{children}</thead>
}

function TBody({ children }: { children: ReactNode }) {
  return (
    <tbody className="@max-3xl:block @max-3xl:space-y-3 @3xl:divide-y @3xl:divide-slate-100">
      {children}
    </tbody>
  )
}

/** A body row: a table row on wide screens, a card on phones. */
export function Tr({ children }: { children: ReactNode }) {
  return (
    <tr className="@max-3xl:grid @max-3xl:gap-y-2.5 @max-3xl:rounded-lg @max-3xl:border @max-3xl:border-slate-200 @max-3xl:bg-white @max-3xl:p-4 @max-3xl:shadow-sm @3xl:hover:bg-slate-50">
      {children}
    </tr>
  )
}

/** A column header, on one line unless `canWrap` lets a long one break between its words. */
export function Th({
  className,
  canWrap = false,
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & { canWrap?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'bg-slate-50 px-2 py-3 align-bottom text-xs font-semibold tracking-wide text-slate-700 uppercase first:pl-4 last:pr-4',
        !canWrap && 'whitespace-nowrap',
        className,
      )}
      {...props}
    />
  )
}

/**
 * A body cell. On phones a cell with a `label` shows it beside its value, or above it with
 * `labelAbove` (long texts, images). The label is drawn by CSS with an empty alternative text
 * (`content: attr(data-label) / ''`), so it stays out of the cell's accessible name: screen readers
 * take the column header, and the cell is still found by its value.
 */
export function Td({
  className,
  label,
  labelAbove = false,
  children,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & { label?: string; labelAbove?: boolean }) {
  return (
    <td
      data-label={label}
      className={cn(
        'align-top text-slate-800 @3xl:px-2 @3xl:py-3 @3xl:first:pl-4 @3xl:last:pr-4',
        label
          ? [
              '@max-3xl:grid @max-3xl:gap-x-3 @max-3xl:gap-y-1',
              "@max-3xl:before:pt-0.5 @max-3xl:before:font-sans @max-3xl:before:text-xs @max-3xl:before:font-semibold @max-3xl:before:tracking-wide @max-3xl:before:text-slate-600 @max-3xl:before:uppercase @max-3xl:before:content-[attr(data-label)_/_'']",
              labelAbove ? '@max-3xl:grid-cols-1' : '@max-3xl:grid-cols-[7rem_minmax(0,1fr)]',
            ]
          : '@max-3xl:block',
        className,
      )}
      {...props}
    >
      {/* One box for the value, so it fills the grid's second column as a whole. */}
      {label ? <div className="min-w-0">{children}</div> : children}
    </td>
  )
}

/** A full-width row for an empty table. */
function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className="@max-3xl:block @max-3xl:rounded-lg @max-3xl:border @max-3xl:border-slate-200 @max-3xl:bg-white">
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-600 @max-3xl:block">
        {children}
      </td>
    </tr>
  )
}

/**
 * A body of one row per item (`children` draws each, with its key), or the `empty` line across
 * `colSpan` columns when there are none.
 */
export function RowsBody<T>({
  items,
  colSpan,
  empty,
  children,
}: {
  items: readonly T[]
  colSpan: number
  empty: ReactNode
  children: (item: T) => ReactNode
}) {
  return (
    <TBody>
      {items.length === 0 ? (
        <EmptyRow colSpan={colSpan}>{empty}</EmptyRow>
      ) : (
        items.map((item) => children(item))
      )}
    </TBody>
  )
}

/** A row's link to the row's own screen (a client's name, a proposal's title, an invoice's number). */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline underline-offset-2">
      {children}
    </Link>
  )
}

/** The header of a row's buttons: named for screen readers only. */
export function ActionsTh() {
  return (
    <Th>
      <span className="sr-only">Actions</span>
    </Th>
  )
}
