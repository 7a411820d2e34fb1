/**
 * Which VAT an invoice line carries: the EU's reverse charge for a business buyer in another member
 * state (Council Directive 2006/112/EC, articles 44 and 196; the invoice says "Reverse charge",
 * article 226(11a)), otherwise the line's own rate. The codes are EN 16931's VAT categories (UNTDID
 * 5305): S standard rate, Z zero rate, AE reverse charge, E exempt (a seller who charges no VAT,
 * such as a small business under §19 UStG or article 293 B of France's CGI, with the reason it gives
 * in its billing details). Proposals and invoices, the editors' previews and the server decide with
 * this one file.
 */
import { totalsOf, type LineInput } from './money.ts'

/** The member states by ISO 3166-1 alpha-2 code (Greece is GR here, though its VAT IDs start EL). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
])

export type VatCategoryCode = 'S' | 'Z' | 'AE' | 'E'

/** The words every reverse-charged document carries, on the page and in its XML. */
export const REVERSE_CHARGE_NOTE = 'Reverse charge'

/** What the reverse charge means, under a reverse-charged document's totals and in its PDF. */
export const REVERSE_CHARGE_EXPLANATION =
  'No VAT is charged: the recipient accounts for it (Council Directive 2006/112/EC, article 196).'

interface VatParties {
  /** The seller's billing country (ISO 3166-1 alpha-2, or ''). */
  sellerCountry: string
  buyerCountry: string
  /** The buyer's VAT identification number, or '' for a consumer or an unregistered business. */
  buyerVatId: string
}

/**
 * Whether the buyer is reverse-charged: a seller in a member state, a buyer with a VAT ID in
 * another member state. Outside that (a consumer, the same country, a party outside the EU) each
 * line keeps its rate.
 */
export function isReverseCharge({ sellerCountry, buyerCountry, buyerVatId }: VatParties): boolean {
  const seller = sellerCountry.toUpperCase()
  const buyer = buyerCountry.toUpperCase()
  return (
    buyerVatId.trim() !== '' &&
    EU_MEMBER_STATES.has(seller) &&
    EU_MEMBER_STATES.has(buyer) &&
    seller !== buyer
  )
}

/**
 * Whether the seller of `billing` reverse-charges `buyer` (a client): the one rule proposals and
 * invoices, their previews and their documents apply.
 */
const isBuyerReverseCharged = (
  buyer: { country: string; vatId: string },
  billing: { country: string },
): boolean =>
  isReverseCharge({
    sellerCountry: billing.country,
    buyerCountry: buyer.country,
    buyerVatId: buyer.vatId,
  })

/** How a document to a client charges VAT: exempt by the seller's reason, reverse-charged, or neither. */
export interface VatTreatment {
  reverseCharge: boolean
  /** The seller's exemption reason (billing `vatExemptionReason`), or "" when it charges VAT. */
  vatExemption: string
}

/**
 * The VAT treatment of a document from the seller of `billing` to `buyer`: an exempt seller charges
 * none whoever buys (and so reverse-charges nobody), else the reverse charge's rule.
 */
export function vatTreatmentOf(
  buyer: { country: string; vatId: string },
  billing: { country: string; vatExemptionReason: string },
): VatTreatment {
  const vatExemption = billing.vatExemptionReason.trim()
  return {
    vatExemption,
    reverseCharge: vatExemption === '' && isBuyerReverseCharged(buyer, billing),
  }
}

/**
 * A line's VAT as the invoice states it: the rate charged (percent) and its category; under an
 * `exemption` (the seller's reason), every line is exempt at 0 %.
 */
export function lineVat(
  taxRate: string | number,
  reverseCharge: boolean,
  exemption = '',
): { rate: string; category: VatCategoryCode } {
  if (exemption) return { rate: '0', category: 'E' }
  if (reverseCharge) return { rate: '0', category: 'AE' }
  return Number(taxRate) > 0
    ? { rate: String(taxRate), category: 'S' }
    : { rate: '0', category: 'Z' }
}

/** One VAT rate's part of a document: its category, the sum of its lines' nets and its tax. */
export interface VatBreakdownEntry {
  category: VatCategoryCode
  rate: string
  net: string
  tax: string
}

/**
 * The totals of `lines` as an invoice states them: each line at its VAT (`lineVat`), the tax per
 * rate on the sum of its lines (common/money.ts).
 */
export function vatTotalsOf(lines: readonly LineInput[], reverseCharge: boolean, exemption = '') {
  const charged = lines.map((line) => ({
    ...line,
    taxRate: lineVat(line.taxRate, reverseCharge, exemption).rate,
  }))
  const totals = totalsOf(charged)
  return {
    ...totals,
    breakdown: totals.breakdown.map((entry): VatBreakdownEntry => ({
      ...entry,
      category: lineVat(entry.rate, reverseCharge, exemption).category,
    })),
  }
}
