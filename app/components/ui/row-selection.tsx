import { useState, type ComponentProps } from 'react'
import { Button } from './button.tsx'

const CHECKBOX = 'h-4 w-4 rounded border-slate-400'

/**
 * The rows ticked on the shown page of a list, for its bulk actions. A new page, search or reload
 * of `rows` starts with none.
 */
export function useRowSelection<T extends { _id: string }>(rows: T[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [shownRows, setShownRows] = useState(rows)
  if (shownRows !== rows) {
    setShownRows(rows)
    setSelected(new Set())
  }
  const isAllSelected = rows.length > 0 && rows.every((row) => selected.has(row._id))
  return {
    ids: [...selected],
    isAllSelected,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string) =>
      setSelected((current) => {
        const next = new Set(current)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    toggleAll: () => setSelected(isAllSelected ? new Set() : new Set(rows.map((row) => row._id))),
  }
}

type RowSelection = ReturnType<typeof useRowSelection>

/**
 * Select all on this page, the count of selected rows, and the bulk actions, which wait until a
 * row is selected. An action gets the selected ids.
 */
export function SelectionBar({
  selection,
  actions,
}: {
  selection: RowSelection
  actions: {
    label: string
    variant?: ComponentProps<typeof Button>['variant']
    onClick: (ids: string[]) => void
  }[]
}) {
  const { ids } = selection
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-2 text-sm">
      <label className="flex items-center gap-2 px-2 font-medium text-slate-800">
        <input
          type="checkbox"
          checked={selection.isAllSelected}
          onChange={selection.toggleAll}
          className={CHECKBOX}
        />
        Select all on this page
      </label>
      <span className="px-2 text-slate-600" aria-live="polite">
        {ids.length} selected
      </span>
      {actions.map((action) => (
        <Button
          key={action.label}
          size="sm"
          variant={action.variant ?? 'secondary'}
          disabled={!ids.length}
          onClick={() => action.onClick(ids)}
        >
          {action.label}
        </Button>
      ))}
    </div>
  )
}
