/**
 * Stand-in until the UBL 2.1 writer (Peppol BIS Billing 3.0) replaces this file: the invoice's
 * heading facts as UBL, with the same signature.
 */
import type { InvoiceDocument } from '../invoice-document.ts'

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The invoice or credit note as UBL XML. */
export function invoiceUbl(d: InvoiceDocument): string {
  const root = d.kind === 'credit' ? 'CreditNote' : 'Invoice'
  const amount = (value: string) => `currencyID="${escapeXml(d.currency)}">${escapeXml(value)}`
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>${escapeXml(d.number)}</cbc:ID>
  <cbc:IssueDate>${d.issueDate}</cbc:IssueDate>
  <cbc:DocumentCurrencyCode>${escapeXml(d.currency)}</cbc:DocumentCurrencyCode>
  <cac:LegalMonetaryTotal>
    <cbc:TaxExclusiveAmount ${amount(d.subtotal)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount ${amount(d.total)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount ${amount(d.due)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
</${root}>
`
}
