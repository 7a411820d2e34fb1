/**
 * The invoice as UBL 2.1, Peppol BIS Billing 3.0: an Invoice, or a CreditNote for a credit note.
 * The values come from en16931.ts; this file only places them, in the order the UBL schema's
 * sequences require (the two roots order a few of their parts differently).
 */
import { PEPPOL_EAS_CODES } from '#common/peppol.ts'
import { conflict } from '#server/lib/http-errors.ts'
import type { InvoiceDocument } from '../invoice-document.ts'
import { EN16931_GUIDELINE, en16931Of, type En16931Party } from './en16931.ts'
import { el, xmlDocument, type XmlElement } from './xml-builder.ts'

/** BT-24: EN 16931 as Peppol BIS Billing 3.0 restricts it. */
export const PEPPOL_CUSTOMIZATION = `${EN16931_GUIDELINE}#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`
/** BT-23: Peppol's billing process. */
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'

const taxScheme = el('cac:TaxScheme', [el('cbc:ID', 'VAT')])

function party(name: string, p: En16931Party, isSeller: boolean): XmlElement {
  const [street = '', additional = '', ...more] = p.address.lines
  return el(name, [
    el('cac:Party', [
      p.endpoint && el('cbc:EndpointID', p.endpoint.id, { schemeID: p.endpoint.scheme }),
      el('cac:PostalAddress', [
        el('cbc:StreetName', street),
        el('cbc:AdditionalStreetName', additional),
        el('cbc:CityName', p.address.city),
        el('cbc:PostalZone', p.address.postcode),
        more.length > 0 && el('cac:AddressLine', [el('cbc:Line', more.join(', '))]),
        el('cac:Country', [el('cbc:IdentificationCode', p.address.country)]),
      ]),
      p.vatId ? el('cac:PartyTaxScheme', [el('cbc:CompanyID', p.vatId), taxScheme]) : null,
      el('cac:PartyLegalEntity', [
        el('cbc:RegistrationName', p.name),
        isSeller ? el('cbc:CompanyLegalForm', p.legalInfo) : null,
      ]),
      el('cac:Contact', [
        el('cbc:Name', p.contactName),
        el('cbc:Telephone', p.phone),
        el('cbc:ElectronicMail', p.email),
      ]),
    ]),
  ])
}

/**
 * What keeps `d` from being sent over Peppol, in words for the owner, or undefined: each party
 * needs an electronic address in Peppol's EAS list (PEPPOL-EN16931-R010 and R020, CL008), which a
 * Peppol participant ID or an EU VAT number gives and an e-mail address does not.
 */
export function ublAddressProblem(d: InvoiceDocument): string | undefined {
  const e = en16931Of(d)
  const isPeppol = (party: En16931Party) =>
    party.endpoint !== null && PEPPOL_EAS_CODES.has(party.endpoint.scheme)
  if (!isPeppol(e.buyer))
    return `The UBL (Peppol) invoice needs the client's electronic address: add their Peppol ID (such as 0088:5798000000001) or their VAT ID on the client's screen`
  if (!isPeppol(e.seller))
    return 'The UBL (Peppol) invoice needs your electronic address: add your Peppol ID or VAT ID in the billing details'
  return undefined
}

/** The invoice or credit note as UBL XML; 409 with ublAddressProblem's words when Peppol cannot take it. */
export function invoiceUbl(d: InvoiceDocument): string {
  const problem = ublAddressProblem(d)
  if (problem) throw conflict(problem)
  const e = en16931Of(d)
  const isCredit = e.typeCode === '381'
  const root = isCredit ? 'CreditNote' : 'Invoice'
  const money = (name: string, value: string) => el(name, value, { currencyID: e.currency })
  const category = (id: string, rate: string, exemption?: { reason: string; code: string }) =>
    el('cac:TaxCategory', [
      el('cbc:ID', id),
      el('cbc:Percent', rate),
      el('cbc:TaxExemptionReasonCode', exemption?.code ?? ''),
      el('cbc:TaxExemptionReason', exemption?.reason ?? ''),
      taxScheme,
    ])
  const typeCode = el(isCredit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', e.typeCode)
  // Peppol allows one note on the document (PEPPOL-EN16931-R002).
  const note = el('cbc:Note', e.notes.join('\n'))
  return xmlDocument(
    el(
      root,
      [
        el('cbc:CustomizationID', PEPPOL_CUSTOMIZATION),
        el('cbc:ProfileID', PEPPOL_PROFILE),
        el('cbc:ID', e.number),
        el('cbc:IssueDate', e.issueDate),
        isCredit ? null : el('cbc:DueDate', e.dueDate),
        typeCode,
        note,
        el('cbc:DocumentCurrencyCode', e.currency),
        el('cbc:BuyerReference', e.buyerReference),
        e.preceding &&
          el('cac:BillingReference', [
            el('cac:InvoiceDocumentReference', [
              el('cbc:ID', e.preceding.number),
              el('cbc:IssueDate', e.preceding.issueDate),
            ]),
          ]),
        party('cac:AccountingSupplierParty', e.seller, true),
        party('cac:AccountingCustomerParty', e.buyer, false),
        e.payment &&
          el('cac:PaymentMeans', [
            el('cbc:PaymentMeansCode', e.payment.meansCode),
            el('cbc:PaymentID', e.payment.remittance),
            e.payment.account &&
              el('cac:PayeeFinancialAccount', [
                el('cbc:ID', e.payment.account.iban),
                el('cbc:Name', e.payment.account.name),
                el('cac:FinancialInstitutionBranch', [el('cbc:ID', e.payment.account.bic)]),
              ]),
          ]),
        el('cac:PaymentTerms', [el('cbc:Note', e.paymentTerms)]),
        el('cac:TaxTotal', [
          money('cbc:TaxAmount', e.totals.tax),
          ...e.vat.map((entry) =>
            el('cac:TaxSubtotal', [
              money('cbc:TaxableAmount', entry.basis),
              money('cbc:TaxAmount', entry.tax),
              category(
                entry.category,
                entry.rate,
                entry.exemptionReason || entry.exemptionCode
                  ? { reason: entry.exemptionReason, code: entry.exemptionCode }
                  : undefined,
              ),
            ]),
          ),
        ]),
        el('cac:LegalMonetaryTotal', [
          money('cbc:LineExtensionAmount', e.totals.lineNet),
          money('cbc:TaxExclusiveAmount', e.totals.taxExclusive),
          money('cbc:TaxInclusiveAmount', e.totals.taxInclusive),
          money('cbc:PrepaidAmount', e.totals.prepaid),
          money('cbc:PayableAmount', e.totals.payable),
        ]),
        ...e.lines.map((line) =>
          el(isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
            el('cbc:ID', line.id),
            el(isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', line.quantity, {
              unitCode: line.unitCode,
            }),
            money('cbc:LineExtensionAmount', line.net),
            el('cac:Item', [
              el('cbc:Name', line.name),
              el('cac:ClassifiedTaxCategory', [
                el('cbc:ID', line.category),
                el('cbc:Percent', line.rate),
                taxScheme,
              ]),
            ]),
            el('cac:Price', [money('cbc:PriceAmount', line.netPrice)]),
          ]),
        ),
      ],
      {
        xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
        'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
        'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      },
    ),
  )
}
