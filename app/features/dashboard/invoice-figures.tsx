import { formatMoney } from '#common/money.ts'
import type { Summary } from '#common/schemas/summary.ts'

/** This year's invoicing: invoiced, paid, and what is left to pay on overdue invoices. */
export function InvoiceFigures({ figures }: { figures: Summary['invoices'] }) {
  const money = (amount: string) => formatMoney(amount, figures.currency)
  const items = [
    { label: `Invoiced in ${figures.year}`, value: money(figures.invoiced) },
    { label: `Paid in ${figures.year}`, value: money(figures.paid) },
    { label: 'Overdue', value: money(figures.overdue) },
  ]
  return (
    <section aria-label="Invoices this year" className="mt-4">
      <dl className="grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div
            key={item.label}
            className="rounded-xl border border-l-4 border-slate-200 border-l-brand-700 bg-white p-5 shadow-sm"
          >
            <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
            <dd className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
