/**
 * An issued invoice or credit note as its document states it: the parties, the dates, the lines,
 * the VAT breakdown and the totals. The client's page (/invoice/{token}) and the owner's view of an
 * issued invoice draw this one sheet from the document fixed at issue.
 */
import type { ReactNode } from 'react'
import { formatMoney } from '#common/money.ts'
import { countryName } from '#common/schemas/billing.ts'
import type { InvoiceDocument, InvoiceParty } from '#server/modules/invoices/invoice-document.ts'

/** "31 December 2026" */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

const countryOf = (code: string) => (code ? (countryName(code) ?? code) : '')

/** "DE89 3704 0044 0532 0130 00": an IBAN as people read it. */
export const spacedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ')

function Party({ label, party }: { label: string; party: InvoiceParty }) {
  const lines = [
    party.contactName,
    ...party.addressLines,
    countryOf(party.country),
    party.vatId ? `VAT ID ${party.vatId}` : '',
    party.registration,
    party.email,
  ].filter(Boolean)
  return (
    <div>
      <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{label}</p>
      <p className="mt-1.5 font-semibold text-slate-900">{party.name}</p>
      <p className="mt-1 text-sm leading-6 whitespace-pre-line text-slate-600">
        {lines.join('\n')}
      </p>
    </div>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  )
}

function Lines({ d }: { d: InvoiceDocument }) {
  const money = (amount: string) => formatMoney(amount, d.currency)
  return (
    <div>
      <table className="w-full text-sm">
        <caption className="sr-only">Items and prices</caption>
        <thead className="hidden border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Item
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Unit price
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              VAT
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {d.lines.map((line, index) => (
            <tr key={index} className="grid grid-cols-2 gap-x-3 py-3 sm:table-row sm:py-0">
              <td className="col-span-2 font-medium text-slate-900 sm:py-3 sm:pr-3">
                {line.description}
              </td>
              <td className="text-slate-600 sm:px-3 sm:py-3 sm:text-right">
                <span className="sm:hidden">
                  {line.quantity} × {money(line.unitPrice)}, VAT {line.taxRate} %
                </span>
                <span className="hidden sm:inline">{line.quantity}</span>
              </td>
              <td className="hidden px-3 py-3 text-right text-slate-600 sm:table-cell">
                {money(line.unitPrice)}
              </td>
              <td className="hidden px-3 py-3 text-right text-slate-600 sm:table-cell">
                {line.taxRate} %
              </td>
              <td className="text-right font-medium text-slate-900 sm:py-3 sm:pl-3">
                {money(line.net)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 ml-auto max-w-sm space-y-1.5 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Net</dt>
          <dd>{money(d.subtotal)}</dd>
        </div>
        {d.breakdown.map((entry) => (
          <div
            key={`${entry.category}${entry.rate}`}
            className="flex justify-between gap-4 text-slate-600"
          >
            <dt>
              {entry.category === 'AE'
                ? `VAT: ${entry.exemptionReason}`
                : `VAT ${entry.rate} % on ${money(entry.net)}`}
            </dt>
            <dd>{money(entry.tax)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
          <dt>Total</dt>
          <dd>{money(d.total)}</dd>
        </div>
        {Number(d.prepaid) !== 0 ? (
          <>
            <div className="flex justify-between gap-4 text-slate-600">
              <dt>Deposit invoiced</dt>
              <dd>−{money(d.prepaid)}</dd>
            </div>
            <div className="flex justify-between gap-4 font-semibold text-slate-900">
              <dt>Amount due</dt>
              <dd>{money(d.due)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {d.reverseCharge ? (
        <p className="mt-4 text-sm font-medium text-slate-700">
          Reverse charge: the recipient accounts for the VAT.
        </p>
      ) : null}
    </div>
  )
}

/** The sheet; `notices` show under its figures, `children` (payment, the PDF) at its foot. */
export function InvoiceSheet({
  document: d,
  notices,
  children,
}: {
  document: InvoiceDocument
  notices?: ReactNode
  children?: ReactNode
}) {
  const money = (amount: string) => formatMoney(amount, d.currency)
  const isCredit = d.kind === 'credit'
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="border-t-4 border-accent px-5 pt-8 pb-8 sm:px-10 sm:pt-10">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {d.brand.businessName || d.seller.name}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {isCredit ? 'Credit note' : 'Invoice'} {d.number}
        </h1>
        {d.corrects ? (
          <p className="mt-2 text-slate-600">
            Corrects invoice {d.corrects.number} of {longDate(d.corrects.issueDate)}.
          </p>
        ) : null}
        {d.reference ? <p className="mt-2 text-slate-600">For “{d.reference}”</p> : null}
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure label="Total">
            <span className="text-lg font-bold">{money(d.total)}</span>
          </Figure>
          <Figure label="Issued">{longDate(d.issueDate)}</Figure>
          {isCredit ? null : <Figure label="Due">{longDate(d.dueDate)}</Figure>}
          <Figure label="Number">{d.number}</Figure>
        </dl>
        {notices ? <div className="mt-6 space-y-3">{notices}</div> : null}
      </header>
      <section
        aria-label="Parties"
        className="grid gap-6 border-t border-slate-200 bg-slate-50 px-5 py-6 sm:grid-cols-2 sm:px-10"
      >
        <Party label="From" party={d.seller} />
        <Party label="To" party={d.buyer} />
      </section>
      <section aria-label="Items" className="border-t border-slate-200 px-5 py-8 sm:px-10">
        <Lines d={d} />
        {d.paymentTerms ? <p className="mt-4 text-sm text-slate-600">{d.paymentTerms}</p> : null}
        {d.notes ? (
          <p className="mt-4 text-sm whitespace-pre-line text-slate-700">{d.notes}</p>
        ) : null}
      </section>
      {children}
    </article>
  )
}
