/**
 * An invoice document as EN 16931's semantic model states it: the values both e-invoice syntaxes
 * carry (factur-x.ts writes them as UN/CEFACT CII, ubl.ts as UBL 2.1), with the business terms'
 * numbers (BT-n, BG-n) beside them. It owns the rules that are the model's rather than a syntax's:
 * a credit note states positive amounts (its type code 381 says it credits), an item's net price is
 * never negative (a negative line is a negative quantity instead, BR-27), a reverse-charged
 * or exempt breakdown carries its exemption reason, and each party has an electronic address.
 * Amounts stay two-place decimal strings (common/money.ts).
 */
import Big from 'big.js'
import { parsePeppolId } from '#common/peppol.ts'
import { REVERSE_CHARGE_NOTE } from '#common/vat.ts'
import type {
  InvoiceDocument,
  InvoiceParty,
  InvoiceVatBreakdown,
  VatCategory,
} from '../invoice-document.ts'

/** The CEN specification every e-invoice here conforms to (BT-24). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017'

/** The exemption reason code of a reverse-charged breakdown (BT-121, the VATEX code list). */
const REVERSE_CHARGE_CODE = 'VATEX-EU-AE'

/**
 * UNTDID 4461's "SEPA credit transfer" (BT-81): the owner's IBAN in the SEPA scheme, as the EPC QR
 * code also pays it.
 */
const SEPA_CREDIT_TRANSFER = '58'

/**
 * UNTDID 4461's "clearing between partners" (BT-81): how a credit note is settled, against what
 * the buyer owes or by a refund the owner arranges; German e-invoices between German parties must
 * name a payment means even then (DE-R-001).
 */
const CLEARING_BETWEEN_PARTNERS = '97'

/** UN/ECE Recommendation 20's "one": the unit of a line, which the owner does not name. */
const UNIT_ONE = 'C62'

/**
 * The Peppol electronic address scheme (EAS) of a VAT number by its prefix: the scheme a party
 * registered by VAT number is found under. The list is OpenPEPPOL's EAS code list (its VAT schemes;
 * Belgium's enterprise number, which is its VAT number's digits; Italy's Partita IVA).
 */
const VAT_ADDRESS_SCHEMES: Readonly<Record<string, string>> = {
  AD: '9922',
  AL: '9923',
  AT: '9914',
  BA: '9924',
  BE: '0208',
  BG: '9926',
  CH: '9927',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  EL: '9933',
  ES: '9920',
  FR: '9957',
  GB: '9932',
  HR: '9934',
  HU: '9910',
  IE: '9935',
  IT: '0211',
  LI: '9936',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MC: '9940',
  ME: '9941',
  MK: '9942',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  RS: '9948',
  SI: '9949',
  SK: '9950',
  SM: '9951',
  TR: '9952',
  VA: '9953',
}

/** The electronic address scheme of an e-mail address in CEN's EAS list (not in Peppol's). */
const EMAIL_SCHEME = 'EM'

export interface En16931Address {
  /** BT-35, BT-36, BT-162 (the seller's; the buyer's are BT-50, BT-51, BT-163). */
  lines: string[]
  /** BT-38 / BT-53. */
  postcode: string
  /** BT-37 / BT-52. */
  city: string
  /** BT-40 / BT-55, ISO 3166-1 alpha-2. */
  country: string
}

export interface En16931Party {
  /** BT-27 / BT-44. */
  name: string
  /**
   * BT-34 / BT-49: scheme (EAS) and identifier; null when the party has no Peppol ID, VAT ID or
   * e-mail.
   */
  endpoint: { scheme: string; id: string } | null
  /** BT-31 / BT-48. */
  vatId: string
  /** BT-33: the seller's additional legal information (its trade register entry). */
  legalInfo: string
  /** BT-41 / BT-56. */
  contactName: string
  /** BT-43 / BT-58. */
  email: string
  /** BT-42: the seller's telephone ("" for the buyer, whose the site does not keep). */
  phone: string
  address: En16931Address
}

interface En16931Line {
  /** BT-126, from 1. */
  id: string
  /** BT-153. */
  name: string
  /** BT-129, negative for a line that lowers the total. */
  quantity: string
  /** BT-130. */
  unitCode: string
  /** BT-146, never negative. */
  netPrice: string
  /** BT-131. */
  net: string
  /** BT-151. */
  category: VatCategory
  /** BT-152, percent. */
  rate: string
}

interface En16931VatBreakdown {
  /** BT-118. */
  category: VatCategory
  /** BT-119. */
  rate: string
  /** BT-116. */
  basis: string
  /** BT-117. */
  tax: string
  /** BT-120 and BT-121, for a category that charges none by exemption (AE, E). */
  exemptionReason: string
  exemptionCode: string
}

export interface En16931Invoice {
  /** BT-3: 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381'
  /** BT-1. */
  number: string
  /** BT-2, "YYYY-MM-DD". */
  issueDate: string
  /** BT-9; "" on a credit note, which asks for no payment. */
  dueDate: string
  /** BT-5. */
  currency: string
  /** BT-22: the reverse-charge or exemption note and the owner's notes. */
  notes: string[]
  /** BT-10. */
  buyerReference: string
  /** BG-3: the invoice a credit note corrects (BT-25, BT-26). */
  preceding: { number: string; issueDate: string } | null
  seller: En16931Party
  buyer: En16931Party
  /** BG-16: how it is paid; null for an invoice without the owner's bank account. */
  payment: {
    /** BT-81. */
    meansCode: string
    /** BT-83. */
    remittance: string
    /** BG-17: the account to transfer to (BT-84 IBAN, BT-85 its holder, BT-86 BIC). */
    account: { iban: string; name: string; bic: string } | null
  } | null
  /** BT-20. */
  paymentTerms: string
  lines: En16931Line[]
  vat: En16931VatBreakdown[]
  totals: {
    /** BT-106. */
    lineNet: string
    /** BT-109. */
    taxExclusive: string
    /** BT-110. */
    tax: string
    /** BT-112. */
    taxInclusive: string
    /** BT-113. */
    prepaid: string
    /** BT-115. */
    payable: string
  }
}

const toFixed2 = (value: Big) => value.toFixed(2)

/** A postcode and a city on one line: "20457 Hamburg", "1012 AB Amsterdam", "L-1611 Luxembourg". */
const POSTCODE_CITY = /^(\d{4}\s?[A-Z]{2}|[A-Z]{1,2}-\d[\dA-Z-]*|\d[\d-]*)\s+([^\s\d].*)$/

/**
 * The address as typed (street lines, then postcode and city) in EN 16931's parts. A last line
 * of another shape is taken as the city, and the lines beyond the model's three join the third.
 */
export function addressOf(party: InvoiceParty): En16931Address {
  const lines = [...party.addressLines]
  let postcode = ''
  let city = ''
  const last = lines.length > 1 ? lines.pop()! : undefined
  if (last !== undefined) {
    const match = POSTCODE_CITY.exec(last)
    if (match) [, postcode = '', city = ''] = match
    else city = last
  }
  const street = lines.length > 3 ? [...lines.slice(0, 2), lines.slice(2).join(', ')] : lines
  return { lines: street, postcode, city, country: party.country }
}

/**
 * A party's electronic address: the Peppol participant ID it gave, else its VAT number under its
 * country's EAS scheme, else its e-mail (which Peppol does not take: ubl.ts refuses it).
 */
export function endpointOf(party: Pick<InvoiceParty, 'vatId' | 'email' | 'peppolId'>) {
  const given = party.peppolId ? parsePeppolId(party.peppolId) : undefined
  if (given) return given
  const prefix = party.vatId.slice(0, 2)
  const scheme = VAT_ADDRESS_SCHEMES[prefix]
  if (scheme)
    // Belgium's enterprise number is the VAT number's digits; the other schemes take it whole.
    return { scheme, id: prefix === 'BE' ? party.vatId.slice(2) : party.vatId }
  if (party.email) return { scheme: EMAIL_SCHEME, id: party.email }
  return null
}

function partyOf(party: InvoiceParty): En16931Party {
  return {
    name: party.name,
    endpoint: endpointOf(party),
    vatId: party.vatId,
    legalInfo: party.registration,
    contactName: party.contactName,
    email: party.email,
    phone: party.phone ?? '',
    address: addressOf(party),
  }
}

function breakdownOf(entry: InvoiceVatBreakdown, sign: number): En16931VatBreakdown {
  const isExempt = entry.category === 'AE' || entry.category === 'E'
  return {
    category: entry.category,
    rate: entry.rate,
    basis: toFixed2(new Big(entry.net).times(sign)),
    tax: toFixed2(new Big(entry.tax).times(sign)),
    exemptionReason: isExempt ? entry.exemptionReason : '',
    // An exempt seller states its own reason (BR-E-10 takes the text alone): no VATEX code.
    exemptionCode: entry.category === 'AE' ? REVERSE_CHARGE_CODE : '',
  }
}

/** The EN 16931 values of `d`. */
export function en16931Of(d: InvoiceDocument): En16931Invoice {
  const isCredit = d.kind === 'credit'
  // A credit note's document holds its amounts negated; EN 16931 states them positive.
  const sign = isCredit ? -1 : 1
  const amount = (value: string) => toFixed2(new Big(value).times(sign))
  const notes = [d.reverseCharge ? REVERSE_CHARGE_NOTE : '', d.vatExemption ?? '', d.notes]
  return {
    typeCode: isCredit ? '381' : '380',
    number: d.number,
    issueDate: d.issueDate,
    dueDate: isCredit ? '' : d.dueDate,
    currency: d.currency,
    notes: notes.map((note) => note.trim()).filter(Boolean),
    // Peppol asks every invoice for a buyer's reference (PEPPOL-EN16931-R003): the proposal it
    // comes from, else the person it is for, else its own number.
    buyerReference: d.reference || d.buyer.contactName || d.number,
    preceding: d.corrects,
    seller: partyOf(d.seller),
    buyer: partyOf(d.buyer),
    payment: isCredit
      ? { meansCode: CLEARING_BETWEEN_PARTNERS, remittance: d.number, account: null }
      : d.payment.iban
        ? {
            meansCode: SEPA_CREDIT_TRANSFER,
            remittance: d.payment.reference,
            account: { iban: d.payment.iban, name: d.seller.name, bic: d.payment.bic },
          }
        : null,
    paymentTerms: d.paymentTerms,
    lines: d.lines.map((line, index): En16931Line => {
      const price = new Big(line.unitPrice).times(sign)
      const quantity = new Big(line.quantity).times(price.lt(0) ? -1 : 1)
      return {
        id: String(index + 1),
        name: line.description,
        quantity: quantity.toString(),
        unitCode: UNIT_ONE,
        netPrice: toFixed2(price.abs()),
        net: amount(line.net),
        category: line.category,
        rate: line.taxRate,
      }
    }),
    vat: d.breakdown.map((entry) => breakdownOf(entry, sign)),
    totals: {
      lineNet: amount(d.subtotal),
      taxExclusive: amount(d.subtotal),
      tax: amount(d.tax),
      taxInclusive: amount(d.total),
      prepaid: amount(d.prepaid),
      payable: amount(d.due),
    },
  }
}
