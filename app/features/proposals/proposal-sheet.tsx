/**
 * A proposal as its client sees it: the parties, the key figures, the scope, the priced items and
 * totals, and the terms. The client's page (/proposal/{token}) and the owner's preview of a draft
 * draw this one sheet, so the preview is exactly what the client will get.
 */
import type { ReactNode } from 'react'
import {
  DocumentSheet,
  PricedLines,
  SheetFigure,
  SheetParty,
  TotalRow,
  VatExemptionNote,
  countryOf,
  longDate,
} from '#app/components/ui/document-sheet.tsx'
import { Markdown } from '#app/components/ui/markdown.tsx'
import { formatMoney } from '#common/money.ts'
import type { ProposalDocument } from '#common/schemas/proposals.ts'
import { REVERSE_CHARGE_EXPLANATION, REVERSE_CHARGE_NOTE } from '#common/vat.ts'

export const utcTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-slate-200 px-5 py-8 sm:px-10 sm:py-10">
      <h2 className="text-xl font-bold tracking-tight text-slate-900">{title}</h2>
      <div className="mt-5 text-slate-700">{children}</div>
    </section>
  )
}

/**
 * The owner's Markdown (the scope, the terms) in a reading column: about 65 characters a line, and
 * its own headings a step under the section's title, never larger than it.
 */
const READING =
  'max-w-prose [&_h2]:text-base! [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h2]:tracking-tight [&_h3]:text-sm! [&_h3]:font-semibold [&_h3]:text-slate-900 [&_:is(h2,h3)]:pt-2 [&_:is(h2,h3)+*]:mt-1.5!'

/** The sheet; `notices` show under its figures, `children` (the client's answer) at its foot. */
export function ProposalSheet({
  document: d,
  summaryHtml,
  termsHtml,
  logo,
  status,
  notices,
  children,
}: {
  document: ProposalDocument
  summaryHtml: string
  termsHtml: string
  /** The owner's logo beside the business name at the top (the public page's). */
  logo?: ReactNode
  /** Where the proposal stands, as a badge across from the business name. */
  status?: ReactNode
  notices?: ReactNode
  children?: ReactNode
}) {
  const money = (amount: string) => formatMoney(amount, d.currency)
  const seller = d.seller.legalName || d.seller.businessName
  const buyer = d.buyer.company || d.buyer.name
  return (
    <DocumentSheet
      masthead={
        <>
          <p className="flex min-w-0 items-center gap-3">
            {logo}
            <span className="text-lg leading-tight font-bold tracking-tight text-slate-900">
              {d.seller.businessName || seller}
            </span>
          </p>
          {status}
        </>
      }
      eyebrow="Proposal"
      title={d.title}
      lede={
        <p className="mt-3 text-lg text-slate-600">
          Prepared for <span className="font-semibold text-slate-900">{d.buyer.name}</span>
          {d.buyer.company ? `, ${d.buyer.company}` : ''}
        </p>
      }
      figures={
        <>
          <SheetFigure label="Total">
            <span className="text-lg font-bold tabular-nums">{money(d.total)}</span>
          </SheetFigure>
          <SheetFigure label="Deposit">
            <span className="text-lg font-bold tabular-nums">
              {Number(d.depositPercent) > 0 ? money(d.depositAmount) : 'None'}
            </span>
            {Number(d.depositPercent) > 0 ? (
              <span className="block text-sm text-slate-600">
                {d.depositPercent} % on acceptance
              </span>
            ) : null}
          </SheetFigure>
          <SheetFigure label="Sent">{longDate(d.issuedAt)}</SheetFigure>
          <SheetFigure label="Valid until">{longDate(d.validUntil)}</SheetFigure>
        </>
      }
      notices={notices}
      from={
        <SheetParty
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
      }
      to={
        <SheetParty
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
      }
    >
      {d.summary.trim() ? (
        <Section title="Scope">
          <Markdown html={summaryHtml} className={`text-base leading-7 ${READING}`} />
        </Section>
      ) : null}
      <Section title="Price">
        <PricedLines
          lines={d.items}
          currency={d.currency}
          totals={
            <>
              <TotalRow label="Subtotal" amount={money(d.subtotal)} />
              {d.taxBreakdown.map((entry) => (
                <TotalRow
                  key={entry.rate}
                  label={
                    d.vatExemption
                      ? 'VAT: exempt'
                      : d.reverseCharge
                        ? `VAT: ${REVERSE_CHARGE_NOTE}`
                        : `VAT ${entry.rate} % on ${money(entry.net)}`
                  }
                  amount={money(entry.tax)}
                />
              ))}
              <TotalRow label="Total" amount={money(d.total)} tone="total" />
              {Number(d.depositPercent) > 0 ? (
                <div className="mt-3 flex justify-between gap-4 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 font-semibold text-slate-900">
                  <dt>Deposit on acceptance ({d.depositPercent} %)</dt>
                  <dd className="whitespace-nowrap">{money(d.depositAmount)}</dd>
                </div>
              ) : null}
            </>
          }
        />
        {d.reverseCharge ? (
          <p className="mt-4 text-sm text-slate-700">
            <strong className="font-semibold">{REVERSE_CHARGE_NOTE}.</strong>{' '}
            {REVERSE_CHARGE_EXPLANATION}
          </p>
        ) : null}
        {d.vatExemption ? <VatExemptionNote reason={d.vatExemption} /> : null}
      </Section>
      {d.terms.trim() ? (
        <Section title="Terms">
          <Markdown html={termsHtml} className={`text-[0.9375rem] leading-7 ${READING}`} />
        </Section>
      ) : null}
      {children}
    </DocumentSheet>
  )
}
