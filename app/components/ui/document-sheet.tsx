/**
 * The sheet a business document is drawn on for its client and its owner: a proposal
 * (features/proposals/proposal-sheet.tsx) and an invoice or credit note
 * (features/invoices/invoice-sheet.tsx) share its frame, its parties, its figures and its table of
 * priced lines, so both read as one house's papers.
 */
import type { ReactNode } from 'react'
import { formatMoney } from '#common/money.ts'
import { countryName } from '#common/schemas/billing.ts'

/** "31 December 2026" */
export const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

/** A country's name from its code, the code where the name is unknown, nothing for none. */
export const countryOf = (code: string) => (code ? (countryName(code) ?? code) : '')

/** One side of the document: who sends it or who it is for, with the lines that are given. */
export function SheetParty({
  label,
  name,
  lines,
}: {
  label: string
  name: string
  lines: string[]
}) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{label}</p>
      <p className="mt-1.5 font-semibold text-slate-900">{name}</p>
      <p className="mt-1 text-sm leading-6 whitespace-pre-line text-slate-600">
        {lines.filter(Boolean).join('\n')}
      </p>
    </div>
  )
}

/** A key figure under the title (the total, a date). */
export function SheetFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  )
}

export interface PricedLine {
  description: string
  quantity: string
  unitPrice: string
  taxRate: string
  net: string
}

/** A row of the totals under the lines; `strong` for the total itself. */
export function TotalRow({
  label,
  amount,
  tone = 'plain',
}: {
  label: ReactNode
  amount: ReactNode
  tone?: 'plain' | 'total' | 'emphasis'
}) {
  const className = {
    plain: 'text-slate-600',
    total: 'border-t border-slate-200 pt-2 text-base font-bold text-slate-900',
    emphasis: 'font-semibold text-slate-900',
  }[tone]
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{amount}</dd>
    </div>
  )
}

/** Under the totals of a document that charges no VAT: the reason the seller gives. */
export function VatExemptionNote({ reason }: { reason: string }) {
  return (
    <p className="mt-4 text-sm text-slate-700">
      <strong className="font-semibold">No VAT is charged:</strong> {reason}
    </p>
  )
}

/**
 * The priced lines as a table (one card a line on a phone), then `totals` (TotalRow's) under it.
 */
export function PricedLines({
  lines,
  currency,
  totals,
}: {
  lines: PricedLine[]
  currency: string
  totals: ReactNode
}) {
  const money = (amount: string) => formatMoney(amount, currency)
  return (
    <div>
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">Items and prices</caption>
        <thead className="hidden border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Item
            </th>
            {['Qty', 'Unit price', 'VAT'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 text-right font-semibold">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((line, index) => (
            <tr
              key={index}
              className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-3 sm:table-row sm:py-0"
            >
              <td className="col-span-2 font-medium text-slate-900 sm:py-3 sm:pr-3">
                {line.description}
              </td>
              <td className="text-slate-600 sm:px-3 sm:py-3 sm:text-right">
                <span className="sm:hidden">
                  {line.quantity} × {money(line.unitPrice)}, VAT {`${line.taxRate}\u00a0%`}
                </span>
                <span className="hidden sm:inline">{line.quantity}</span>
              </td>
              <td className="hidden px-3 py-3 text-right text-slate-600 sm:table-cell">
                {money(line.unitPrice)}
              </td>
              <td className="hidden px-3 py-3 text-right text-slate-600 sm:table-cell">
                {line.taxRate} %
              </td>
              <td className="text-right font-medium whitespace-nowrap text-slate-900 sm:py-3 sm:pl-3">
                {money(line.net)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 ml-auto max-w-sm space-y-1.5 border-t border-slate-200 pt-4 text-sm tabular-nums">
        {totals}
      </dl>
    </div>
  )
}

/**
 * The frame: a header with the sender's masthead (`masthead`, when given), the eyebrow, the title,
 * what follows it (`lede`), the key figures and the notices; then the two parties; then the
 * document's sections (`children`).
 */
export function DocumentSheet({
  masthead,
  eyebrow,
  title,
  lede,
  figures,
  notices,
  from,
  to,
  children,
}: {
  masthead?: ReactNode
  eyebrow: ReactNode
  title: ReactNode
  lede?: ReactNode
  figures: ReactNode
  notices?: ReactNode
  from: ReactNode
  to: ReactNode
  children: ReactNode
}) {
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="border-t-4 border-accent px-5 pt-8 pb-8 sm:px-10 sm:pt-10">
        {masthead ? (
          <div className="mb-8 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-6">
            {masthead}
          </div>
        ) : null}
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {title}
        </h1>
        {lede}
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">{figures}</dl>
        {notices ? <div className="mt-6 space-y-3">{notices}</div> : null}
      </header>
      <section
        aria-label="Parties"
        className="grid gap-6 border-t border-slate-200 bg-slate-50 px-5 py-6 sm:grid-cols-2 sm:px-10"
      >
        {from}
        {to}
      </section>
      {children}
    </article>
  )
}
