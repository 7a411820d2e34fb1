/**
 * The invoice as a UN/CEFACT Cross Industry Invoice (CII D16B) of the Factur-X / ZUGFeRD EN 16931
 * profile: the `factur-x.xml` invoice-pdf.ts embeds in the PDF/A-3. The values come from
 * en16931.ts; this file only places them, in the order the CII schema's sequences require.
 */
import type { InvoiceDocument } from '../invoice-document.ts'
import { EN16931_GUIDELINE, en16931Of, type En16931Invoice, type En16931Party } from './en16931.ts'
import { el, keptEmpty, xmlDocument, type XmlElement } from './xml-builder.ts'

/** The name a Factur-X PDF gives its embedded XML, which readers look for. */
export const FACTUR_X_FILE_NAME = 'factur-x.xml'

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
}

/** "2026-12-01" as CII's date format 102, "20261201". */
const date = (name: string, day: string, prefix: 'udt' | 'qdt' = 'udt') =>
  day
    ? el(name, [el(`${prefix}:DateTimeString`, day.replaceAll('-', ''), { format: '102' })])
    : null

const vat = (category: string, rate: string) => [
  el('ram:TypeCode', 'VAT'),
  el('ram:CategoryCode', category),
  el('ram:RateApplicablePercent', rate),
]

function party(name: string, p: En16931Party, isSeller: boolean): XmlElement {
  const [lineOne = '', lineTwo = '', lineThree = ''] = p.address.lines
  return el(name, [
    el('ram:Name', p.name),
    isSeller ? el('ram:Description', p.legalInfo) : null,
    el('ram:DefinedTradeContact', [
      el('ram:PersonName', p.contactName),
      el('ram:TelephoneUniversalCommunication', [el('ram:CompleteNumber', p.phone)]),
      el('ram:EmailURIUniversalCommunication', [el('ram:URIID', p.email)]),
    ]),
    el('ram:PostalTradeAddress', [
      el('ram:PostcodeCode', p.address.postcode),
      el('ram:LineOne', lineOne),
      el('ram:LineTwo', lineTwo),
      el('ram:LineThree', lineThree),
      el('ram:CityName', p.address.city),
      el('ram:CountryID', p.address.country),
    ]),
    p.endpoint &&
      el('ram:URIUniversalCommunication', [
        el('ram:URIID', p.endpoint.id, { schemeID: p.endpoint.scheme }),
      ]),
    el('ram:SpecifiedTaxRegistration', [el('ram:ID', p.vatId, { schemeID: 'VA' })]),
  ])
}

function settlement(e: En16931Invoice): XmlElement {
  const amount = (name: string, value: string, withCurrency = false) =>
    el(name, value, withCurrency ? { currencyID: e.currency } : {})
  return el('ram:ApplicableHeaderTradeSettlement', [
    el('ram:PaymentReference', e.payment?.remittance ?? ''),
    el('ram:InvoiceCurrencyCode', e.currency),
    e.payment &&
      el('ram:SpecifiedTradeSettlementPaymentMeans', [
        el('ram:TypeCode', e.payment.meansCode),
        e.payment.account &&
          el('ram:PayeePartyCreditorFinancialAccount', [
            el('ram:IBANID', e.payment.account.iban),
            el('ram:AccountName', e.payment.account.name),
          ]),
        e.payment.account &&
          el('ram:PayeeSpecifiedCreditorFinancialInstitution', [
            el('ram:BICID', e.payment.account.bic),
          ]),
      ]),
    ...e.vat.map((entry) =>
      el('ram:ApplicableTradeTax', [
        el('ram:CalculatedAmount', entry.tax),
        el('ram:TypeCode', 'VAT'),
        el('ram:ExemptionReason', entry.exemptionReason),
        el('ram:BasisAmount', entry.basis),
        el('ram:CategoryCode', entry.category),
        el('ram:ExemptionReasonCode', entry.exemptionCode),
        el('ram:RateApplicablePercent', entry.rate),
      ]),
    ),
    el('ram:SpecifiedTradePaymentTerms', [
      el('ram:Description', e.paymentTerms),
      date('ram:DueDateDateTime', e.dueDate),
    ]),
    el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
      amount('ram:LineTotalAmount', e.totals.lineNet),
      amount('ram:TaxBasisTotalAmount', e.totals.taxExclusive),
      amount('ram:TaxTotalAmount', e.totals.tax, true),
      amount('ram:GrandTotalAmount', e.totals.taxInclusive),
      amount('ram:TotalPrepaidAmount', e.totals.prepaid),
      amount('ram:DuePayableAmount', e.totals.payable),
    ]),
    e.preceding &&
      el('ram:InvoiceReferencedDocument', [
        el('ram:IssuerAssignedID', e.preceding.number),
        date('ram:FormattedIssueDateTime', e.preceding.issueDate, 'qdt'),
      ]),
  ])
}

/** The factur-x.xml of `d`. */
export function facturXml(d: InvoiceDocument): string {
  const e = en16931Of(d)
  return xmlDocument(
    el(
      'rsm:CrossIndustryInvoice',
      [
        el('rsm:ExchangedDocumentContext', [
          el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', EN16931_GUIDELINE)]),
        ]),
        el('rsm:ExchangedDocument', [
          el('ram:ID', e.number),
          el('ram:TypeCode', e.typeCode),
          date('ram:IssueDateTime', e.issueDate),
          ...e.notes.map((note) => el('ram:IncludedNote', [el('ram:Content', note)])),
        ]),
        el('rsm:SupplyChainTradeTransaction', [
          ...e.lines.map((line) =>
            el('ram:IncludedSupplyChainTradeLineItem', [
              el('ram:AssociatedDocumentLineDocument', [el('ram:LineID', line.id)]),
              el('ram:SpecifiedTradeProduct', [el('ram:Name', line.name)]),
              el('ram:SpecifiedLineTradeAgreement', [
                el('ram:NetPriceProductTradePrice', [el('ram:ChargeAmount', line.netPrice)]),
              ]),
              el('ram:SpecifiedLineTradeDelivery', [
                el('ram:BilledQuantity', line.quantity, { unitCode: line.unitCode }),
              ]),
              el('ram:SpecifiedLineTradeSettlement', [
                el('ram:ApplicableTradeTax', vat(line.category, line.rate)),
                el('ram:SpecifiedTradeSettlementLineMonetarySummation', [
                  el('ram:LineTotalAmount', line.net),
                ]),
              ]),
            ]),
          ),
          el('ram:ApplicableHeaderTradeAgreement', [
            el('ram:BuyerReference', e.buyerReference),
            party('ram:SellerTradeParty', e.seller, true),
            party('ram:BuyerTradeParty', e.buyer, false),
          ]),
          // Required by the schema; the invoice states no delivery of its own.
          keptEmpty('ram:ApplicableHeaderTradeDelivery'),
          settlement(e),
        ]),
      ],
      NAMESPACES,
    ),
  )
}
