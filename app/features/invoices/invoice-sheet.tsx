/**
 * An issued invoice or credit note as its document states it: the parties, the dates, the lines,
 * the VAT breakdown and the totals. The client's page (/invoice/{token}) and the owner's view of an
 * issued invoice draw this one sheet from the document fixed at issue.
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
import { formatMoney } from '#common/money.ts'
import type { InvoiceDocument, InvoiceParty } from '#server/modules/invoices/invoice-document.ts'

/** "DE89 3704 0044 0532 0130 00": an IBAN as people read it. */
export const spacedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ')

const partyLines = (party: InvoiceParty) => [
  party.contactName,
  ...party.addressLines,
  countryOf(party.country),
  party.vatId ? `VAT ID ${party.vatId}` : '',
  party.registration,
  party.email,
]

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
    <DocumentSheet
      eyebrow={d.brand.businessName || d.seller.name}
      title={`${isCredit ? 'Credit note' : 'Invoice'} ${d.number}`}
      lede={
        <>
          {d.corrects ? (
            <p className="mt-2 text-slate-600">
              Corrects invoice {d.corrects.number} of {longDate(d.corrects.issueDate)}.
            </p>
          ) : null}
          {d.reference ? <p className="mt-2 text-slate-600">For “{d.reference}”</p> : null}
        </>
      }
      figures={
        <>
          <SheetFigure label="Total">
            <span className="text-lg font-bold">{money(d.total)}</span>
          </SheetFigure>
          <SheetFigure label="Issued">{longDate(d.issueDate)}</SheetFigure>
          {isCredit ? null : <SheetFigure label="Due">{longDate(d.dueDate)}</SheetFigure>}
          <SheetFigure label="Number">{d.number}</SheetFigure>
        </>
      }
      notices={notices}
      from={<SheetParty label="From" name={d.seller.name} lines={partyLines(d.seller)} />}
      to={<SheetParty label="To" name={d.buyer.name} lines={partyLines(d.buyer)} />}
    >
      <section aria-label="Items" className="border-t border-slate-200 px-5 py-8 sm:px-10">
        <PricedLines
          lines={d.lines}
          currency={d.currency}
          totals={
            <>
              <TotalRow label="Net" amount={money(d.subtotal)} />
              {d.breakdown.map((entry) => (
                <TotalRow
                  key={`${entry.category}${entry.rate}`}
                  label={
                    entry.category === 'AE'
                      ? `VAT: ${entry.exemptionReason}`
                      : entry.category === 'E'
                        ? 'VAT: exempt'
                        : `VAT ${entry.rate} % on ${money(entry.net)}`
                  }
                  amount={money(entry.tax)}
                />
              ))}
              <TotalRow label="Total" amount={money(d.total)} tone="total" />
              {Number(d.prepaid) !== 0 ? (
                <>
                  <TotalRow label="Deposit invoiced" amount={`−${money(d.prepaid)}`} />
                  <TotalRow label="Amount due" amount={money(d.due)} tone="emphasis" />
                </>
              ) : null}
            </>
          }
        />
        {d.reverseCharge ? (
          <p className="mt-4 text-sm font-medium text-slate-700">
            Reverse charge: the recipient accounts for the VAT.
          </p>
        ) : null}
        {d.vatExemption ? <VatExemptionNote reason={d.vatExemption} /> : null}
        {d.paymentTerms ? <p className="mt-4 text-sm text-slate-600">{d.paymentTerms}</p> : null}
        {d.notes ? (
          <p className="mt-4 text-sm whitespace-pre-line text-slate-700">{d.notes}</p>
        ) : null}
      </section>
      {children}
    </DocumentSheet>
  )
}
