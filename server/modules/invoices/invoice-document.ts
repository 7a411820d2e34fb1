/**
 * An issued invoice as its documents show it: the one value the PDF, the embedded Factur-X XML
 * (UN/CEFACT CII, EN 16931 profile), the UBL 2.1 XML (Peppol BIS Billing 3.0) and the client's
 * invoice page are drawn from. Fixed when the invoice is issued and stored with it, so every
 * download of an issued invoice shows the same facts. Amounts are two-place decimal strings
 * (common/money.ts), credit notes carry them negated; dates are "YYYY-MM-DD".
 */

/** EN 16931's VAT category codes used here: standard rate, zero rate, reverse charge, exempt. */
export type VatCategory = 'S' | 'Z' | 'AE' | 'E'

export interface InvoiceParty {
  /** The legal name (the seller's billing legalName; the buyer's company, else their name). */
  name: string
  /** The person to address, when the party is a company ("" otherwise). */
  contactName: string
  /** Street lines, then postcode and city, as the owner typed them, one per line. */
  addressLines: string[]
  /** ISO 3166-1 alpha-2 ("DE"), or "" when unknown. */
  country: string
  /** "DE123456789", or "". */
  vatId: string
  /** The trade register entry ("HRB 12345, Amtsgericht Berlin"), or "". */
  registration: string
  email: string
  /** The seller's telephone (billing `phone`); absent from documents issued before it was asked. */
  phone?: string
  /**
   * The Peppol participant ID ("0088:…") the party's e-invoices go to, or ""; absent from
   * documents issued before it was asked (the UBL then reads the record as it is now).
   */
  peppolId?: string
}

export interface InvoiceDocumentLine {
  description: string
  /** Up to three places ("1.5"). */
  quantity: string
  unitPrice: string
  /** Percent ("19"). */
  taxRate: string
  category: VatCategory
  /** quantity x unit price, half up to the cent. */
  net: string
}

export interface InvoiceVatBreakdown {
  category: VatCategory
  rate: string
  net: string
  tax: string
  /** "Reverse charge" for AE, the seller's reason for E, else "". */
  exemptionReason: string
}

export interface InvoiceDocument {
  /** 380 commercial invoice, 381 credit note. */
  kind: 'invoice' | 'credit'
  number: string
  issueDate: string
  dueDate: string
  /** ISO 4217 ("EUR"). */
  currency: string
  /** The invoice a credit note corrects. */
  corrects: { number: string; issueDate: string } | null
  seller: InvoiceParty
  buyer: InvoiceParty
  /** Where the buyer pays: an IBAN (electronic format, no spaces) with its BIC and bank, or "". */
  payment: { iban: string; bic: string; bankName: string; reference: string }
  /** "Payable within 14 days", the words printed under the totals and carried in the XML. */
  paymentTerms: string
  lines: InvoiceDocumentLine[]
  breakdown: InvoiceVatBreakdown[]
  subtotal: string
  tax: string
  total: string
  /** Paid before this document was drawn (a deposit already settled), and what is left to pay. */
  prepaid: string
  due: string
  /** The buyer is reverse-charged: no tax, the note "Reverse charge" on every document. */
  reverseCharge: boolean
  /** The seller's VAT exemption reason, printed and carried as a note; "" or absent for none. */
  vatExemption?: string
  /** The owner's free text for the client (Markdown-free plain text). */
  notes: string
  /** The proposal it comes from, when it does (its title, as a buyer's reference). */
  reference: string
  /** What the PDF is branded with. */
  brand: { businessName: string; accentColor: string }
}
