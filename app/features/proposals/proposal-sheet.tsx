/**
 * A proposal as its client sees it: the parties, the key figures, the scope, the priced items and
 * totals, and the terms. The client's page (/proposal/{token}) and the owner's preview of a draft
 * draw this one sheet, so the preview is exactly what the client will get.
 */
import type { ReactNode } from 'react'
import { Markdown } from '#app/components/ui/markdown.tsx'
import { formatMoney } from '#common/money.ts'
import { countryName } from '#common/schemas/billing.ts'
import type { ProposalDocument } from '#common/schemas/proposals.ts'

/** "31 December 2026" */
export const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

export const utcTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`

function Party({ label, name, lines }: { label: string; name: string; lines: string[] }) {
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

function Items({ d }: { d: ProposalDocument }) {
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
          {d.items.map((item, index) => (
            <tr key={index} className="grid grid-cols-2 gap-x-3 py-3 sm:table-row sm:py-0">
              <td className="col-span-2 font-medium text-slate-900 sm:py-3 sm:pr-3">
                {item.description}
              </td>
              <td className="text-slate-600 sm:px-3 sm:py-3 sm:text-right">
                <span className="sm:hidden">
                  {item.quantity} × {money(item.unitPrice)}, VAT {item.taxRate} %
                </span>
                <span className="hidden sm:inline">{item.quantity}</span>
              </td>
              <td className="hidden px-3 py-3 text-right text-slate-600 sm:table-cell">
                {money(item.unitPrice)}
              </td>
              <td className="hidden px-3 py-3 text-right text-slate-600 sm:table-cell">
                {item.taxRate} %
              </td>
              <td className="text-right font-medium text-slate-900 sm:py-3 sm:pl-3">
                {money(item.net)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 ml-auto max-w-sm space-y-1.5 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between gap-4 text-slate-600">
          <dt>Subtotal</dt>
          <dd>{money(d.subtotal)}</dd>
        </div>
        {d.taxBreakdown.map((entry) => (
          <div key={entry.rate} className="flex justify-between gap-4 text-slate-600">
            <dt>
              VAT {entry.rate} % on {money(entry.net)}
            </dt>
            <dd>{money(entry.tax)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
          <dt>Total</dt>
          <dd>{money(d.total)}</dd>
        </div>
        {Number(d.depositPercent) > 0 ? (
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>Deposit on acceptance ({d.depositPercent} %)</dt>
            <dd className="font-semibold">{money(d.depositAmount)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-slate-200 px-5 py-8 sm:px-10">
      <h2 className="text-lg font-bold tracking-tight text-slate-900">{title}</h2>
      <div className="mt-4 text-slate-700">{children}</div>
    </section>
  )
}

const countryOf = (code: string) => (code ? (countryName(code) ?? code) : '')

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  )
}

/** The sheet; `notices` show under its figures, `children` (the client's answer) at its foot. */
export function ProposalSheet({
  document: d,
  summaryHtml,
  termsHtml,
  notices,
  children,
}: {
  document: ProposalDocument
  summaryHtml: string
  termsHtml: string
  notices?: ReactNode
  children?: ReactNode
}) {
  const money = (amount: string) => formatMoney(amount, d.currency)
  const seller = d.seller.legalName || d.seller.businessName
  const buyer = d.buyer.company || d.buyer.name
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="border-t-4 border-accent px-5 pt-8 pb-8 sm:px-10 sm:pt-10">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Proposal for {buyer}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {d.title}
        </h1>
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure label="Total">
            <span className="text-lg font-bold">{money(d.total)}</span>
          </Figure>
          <Figure label="Deposit">
            <span className="text-lg font-bold">
              {Number(d.depositPercent) > 0 ? money(d.depositAmount) : 'None'}
            </span>
          </Figure>
          <Figure label="Sent">{longDate(d.issuedAt)}</Figure>
          <Figure label="Valid until">{longDate(d.validUntil)}</Figure>
        </dl>
        {notices ? <div className="mt-6 space-y-3">{notices}</div> : null}
      </header>
      <section
        aria-label="Parties"
        className="grid gap-6 border-t border-slate-200 bg-slate-50 px-5 py-6 sm:grid-cols-2 sm:px-10"
      >
        <Party
          label="From"
          name={seller}
          lines={[
            d.seller.legalName && d.seller.legalName !== d.seller.businessName
              ? d.seller.businessName
              : '',
            d.seller.address,
            countryOf(d.seller.country),
            d.seller.vatId ? `VAT ID ${d.seller.vatId}` : '',
            d.seller.email,
          ]}
        />
        <Party
          label="For"
          name={buyer}
          lines={[
            d.buyer.company ? d.buyer.name : '',
            d.buyer.address,
            countryOf(d.buyer.country),
            d.buyer.vatId ? `VAT ID ${d.buyer.vatId}` : '',
            d.buyer.email,
          ]}
        />
      </section>
      {d.summary.trim() ? (
        <Section title="Scope">
          <Markdown html={summaryHtml} className="leading-7" />
        </Section>
      ) : null}
      <Section title="Price">
        <Items d={d} />
      </Section>
      {d.terms.trim() ? (
        <Section title="Terms">
          <Markdown html={termsHtml} className="text-sm leading-6" />
        </Section>
      ) : null}
      {children}
    </article>
  )
}
