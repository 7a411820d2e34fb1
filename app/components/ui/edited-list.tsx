import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { MoveButtons, type MoveDirection } from './move-buttons.tsx'
import { RowActions } from './paged-table.tsx'

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

/** Where a row of an edited list stands in it, and what its buttons do. */
export interface EditedRow {
  index: number
  count: number
  isBusy: boolean
  onEdit: () => void
  onMove: (direction: MoveDirection) => void
  onDelete: () => void
}

/**
 * An edited list's row actions: `children` (the row's own buttons) first, then Edit, Move up, Move
 * down and Delete, each named after the row (`name`) for a screen reader.
 */
export function EditedRowActions({
  rowId,
  name,
  index,
  count,
  isBusy,
  onEdit,
  onMove,
  onDelete,
  children,
}: EditedRow & { rowId: string; name: string; children?: ReactNode }) {
  return (
    <RowActions>
      {children}
      <Button variant="secondary" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <MoveButtons
        rowId={rowId}
        label={(direction) => `Move ${direction}: ${name}`}
        isFirst={index === 0}
        isLast={index === count - 1}
        isBusy={isBusy}
        onMove={onMove}
      />
      <Button variant="danger" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </RowActions>
  )
}
