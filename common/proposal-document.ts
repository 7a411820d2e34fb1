/**
 * The document a proposal makes: what the client sees and signs, built by the server when the
 * proposal is sent and by the editor's live preview from the same function, so the preview is
 * the document.
 */
import { ownContactEmail } from './first-run-persona.ts'
import { decimalText, percentOf, type LineInput } from './money.ts'
import type { Client } from './schemas/clients.ts'
import type { ProposalDocument } from './schemas/proposals.ts'
import type { SiteSettings } from './schemas/settings.ts'
import { lineVat, vatTotalsOf, vatTreatmentOf } from './vat.ts'

interface ProposalDraft {
  title: string
  summary: string
  items: (LineInput & { description: string })[]
  currency?: string | undefined
  validUntil: string
  terms: string
  depositPercent: string | number
}

type Party = Pick<Client, 'name' | 'email' | 'company' | 'address' | 'country' | 'vatId'>

/** Who issues the document: the settings' business and billing details. */
function sellerOf(site: SiteSettings): ProposalDocument['seller'] {
  const { billing } = site
  return {
    businessName: site.businessName,
    ownerName: site.ownerName,
    legalName: billing.legalName,
    address: billing.address,
    country: billing.country,
    vatId: billing.vatId,
    registration: billing.registration,
    // Never the first-run sample address: the owner's own, or none.
    email: billing.email || ownContactEmail(site) || '',
  }
}

/**
 * The totals of a proposal's `items` for `client`: each line at the VAT it is charged (none under
 * the reverse charge or the seller's exemption, by the invoices' rule, so the proposal asks for
 * what its invoices will), tax per rate on the sum of its lines.
 */
export function proposalTotalsOf(
  items: readonly LineInput[],
  client: Pick<Party, 'country' | 'vatId'>,
  site: SiteSettings,
) {
  const treatment = vatTreatmentOf(client, site.billing)
  return {
    ...treatment,
    ...vatTotalsOf(items, treatment.reverseCharge, treatment.vatExemption),
  }
}

/** `draft` for `client` as the site stands, issued on `issuedAt` ("YYYY-MM-DD"). */
export function proposalDocumentOf(
  draft: ProposalDraft,
  client: Party,
  site: SiteSettings,
  issuedAt: string,
): ProposalDocument {
  const { reverseCharge, vatExemption, ...totals } = proposalTotalsOf(draft.items, client, site)
  return {
    title: draft.title,
    summary: draft.summary,
    items: draft.items.map((item, index) => ({
      description: item.description,
      quantity: String(item.quantity),
      unitPrice: String(item.unitPrice),
      // The rate charged: 0 under the reverse charge or an exemption, as on the invoice.
      taxRate: lineVat(String(item.taxRate), reverseCharge, vatExemption).rate,
      net: totals.lineNets[index]!,
    })),
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    taxBreakdown: totals.breakdown.map(({ rate, net, tax }) => ({ rate, net, tax })),
    reverseCharge,
    vatExemption,
    currency: draft.currency ?? site.billing.currency,
    validUntil: draft.validUntil,
    terms: draft.terms,
    depositPercent: decimalText(draft.depositPercent),
    depositAmount: percentOf(totals.total, draft.depositPercent),
    issuedAt,
    seller: sellerOf(site),
    buyer: {
      name: client.name,
      email: client.email,
      company: client.company,
      address: client.address,
      country: client.country,
      vatId: client.vatId,
    },
  }
}
