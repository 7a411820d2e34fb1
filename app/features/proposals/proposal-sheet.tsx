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
    <section aria-label={title} className="border-t border-slate-200 px-5 py-8 sm:px-10">
      <h2 className="text-lg font-bold tracking-tight text-slate-900">{title}</h2>
      <div className="mt-4 text-slate-700">{children}</div>
    </section>
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
    <DocumentSheet
      eyebrow={`Proposal for ${buyer}`}
      title={d.title}
      figures={
        <>
          <SheetFigure label="Total">
            <span className="text-lg font-bold">{money(d.total)}</span>
          </SheetFigure>
          <SheetFigure label="Deposit">
            <span className="text-lg font-bold">
              {Number(d.depositPercent) > 0 ? money(d.depositAmount) : 'None'}
            </span>
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
          <Markdown html={summaryHtml} className="leading-7" />
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
                <TotalRow
                  label={`Deposit on acceptance (${d.depositPercent} %)`}
                  amount={money(d.depositAmount)}
                  tone="emphasis"
                />
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
        {d.vatExemption ? (
          <p className="mt-4 text-sm text-slate-700">
            <strong className="font-semibold">No VAT is charged:</strong> {d.vatExemption}
          </p>
        ) : null}
      </Section>
      {d.terms.trim() ? (
        <Section title="Terms">
          <Markdown html={termsHtml} className="text-sm leading-6" />
        </Section>
      ) : null}
      {children}
    </DocumentSheet>
  )
}
