/**
 * The priced lines of a proposal or an invoice as the owner edits them: one row per item
 * (description, quantity, unit price, VAT rate), named `items.<n>.<field>` for the form, with
 * Add and Remove. It keeps its rows from the saved `items`; the route's preview reads the form
 * after each edit.
 */
import { useState } from 'react'
import type { FieldErrors } from '#app/lib/form.ts'
import { Button } from './button.tsx'
import { InputField } from './field.tsx'

interface LineRow {
  /** React's key: stays with the row while others are added and removed. */
  key: number
  description: string
  quantity: string
  unitPrice: string
  taxRate: string
}

type SavedItem = Omit<LineRow, 'key'>

/** An empty row at `taxRate`, keyed `key`. */
const emptyRow = (key: number, taxRate: number): LineRow => ({
  key,
  description: '',
  quantity: '1',
  unitPrice: '',
  taxRate: String(taxRate),
})

/** The rows of saved `items`, or one empty row at `taxRate`. */
const lineRowsOf = (items: readonly SavedItem[] | undefined, taxRate: number): LineRow[] =>
  items && items.length > 0
    ? items.map(({ description, quantity, unitPrice, taxRate: rate }, key) => ({
        key,
        description,
        quantity,
        unitPrice,
        taxRate: rate,
      }))
    : [emptyRow(0, taxRate)]

export function LineItemsEditor({
  items,
  onEdited,
  defaultTaxRate,
  errors,
}: {
  /** The saved items the rows start from (none: one empty row). */
  items: readonly SavedItem[] | undefined
  /** Called after an Add or a Remove. */
  onEdited: () => void
  defaultTaxRate: number
  errors: FieldErrors | undefined
}) {
  const [rows, setRows] = useState(() => lineRowsOf(items, defaultTaxRate))
  const onRowsChange = (next: LineRow[]) => {
    setRows(next)
    onEdited()
  }
  const nextKey = Math.max(-1, ...rows.map((row) => row.key)) + 1
  return (
    <>
      {/* Laid out by the editor's own width, not the window's: beside the live preview the form is
          a narrow column even on a wide screen, and the description got no room there. */}
      <ol className="@container space-y-4" aria-label="Items">
        {rows.map((row, index) => (
          <li
            key={row.key}
            className="grid gap-3 rounded-lg border border-slate-200 p-4 @sm:grid-cols-[minmax(0,5rem)_minmax(0,7rem)_minmax(0,5rem)_auto] @sm:items-end @2xl:grid-cols-[minmax(0,1fr)_5rem_7rem_5rem_auto]"
          >
            <div className="@sm:col-span-4 @2xl:col-span-1">
              <InputField
                label={`Item ${index + 1}`}
                name={`items.${index}.description`}
                defaultValue={row.description}
                error={errors?.[`items.${index}.description`]}
              />
            </div>
            <InputField
              label="Quantity"
              name={`items.${index}.quantity`}
              inputMode="decimal"
              defaultValue={row.quantity}
              error={errors?.[`items.${index}.quantity`]}
            />
            <InputField
              label="Unit price"
              name={`items.${index}.unitPrice`}
              inputMode="decimal"
              defaultValue={row.unitPrice}
              error={errors?.[`items.${index}.unitPrice`]}
            />
            <InputField
              label="VAT %"
              name={`items.${index}.taxRate`}
              inputMode="decimal"
              defaultValue={row.taxRate}
              error={errors?.[`items.${index}.taxRate`]}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove item ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => onRowsChange(rows.filter((other) => other.key !== row.key))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {errors?.items ? (
        <p className="mt-3 text-sm font-medium text-red-700">{errors.items}</p>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        className="mt-4"
        onClick={() => onRowsChange([...rows, emptyRow(nextKey, defaultTaxRate)])}
      >
        Add an item
      </Button>
    </>
  )
}
