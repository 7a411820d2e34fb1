/**
 * The mails of a proposal: the link to the client, the signed agreement to both sides, and the
 * owner's word that a client declined.
 */
import { escapeMarkup } from '#common/escape-markup.ts'
import { formatMoney } from '#common/money.ts'
import {
  clientLinkMail,
  mailButton,
  mailLayout,
  mailLongDate as longDate,
  oneLine,
  paragraphs,
  type MailBrand,
} from './layout.ts'

interface ProposalFacts {
  title: string
  clientName: string
  total: string
  currency: string
  validUntil: string
  depositPercent: string
  depositAmount: string
  ownerName: string
  businessName: string
  link: string
  brand: MailBrand
}

const depositLine = (f: ProposalFacts) =>
  Number(f.depositPercent) > 0
    ? ` A deposit of ${formatMoney(f.depositAmount, f.currency)} (${f.depositPercent} %) is due on acceptance.`
    : ''

/** To the client: the proposal is ready, with its link. */
export function proposalSentMail(f: ProposalFacts) {
  return clientLinkMail({
    ...f,
    subject: `Proposal: ${f.title}`,
    lead: `Here is my proposal for ${f.title}: the scope, the price (${formatMoney(f.total, f.currency)} in total) and the terms, on one page. You can accept it there by typing your name, or decline it with a word on why. It is valid until ${longDate(f.validUntil)}.${depositLine(f)}`,
    button: 'Read the proposal',
    preheader: `${f.title}: ${formatMoney(f.total, f.currency)}`,
    isRoomShown: true,
  })
}

interface SignedFacts extends ProposalFacts {
  signerName: string
  /** "2 December 2026, 09:14 UTC" */
  signedAt: string
  documentHash: string
}

/** To the client: their signed agreement, the PDF attached. */
export function proposalSignedClientMail(f: SignedFacts) {
  return clientLinkMail({
    ...f,
    subject: `Signed: ${f.title}`,
    lead: `Thank you, ${f.signerName}: you accepted the proposal "${f.title}" on ${f.signedAt}. The signed agreement is attached as a PDF, with an audit page that records the signature; the same PDF stays available from the proposal's page.${depositLine(f)}`,
    button: 'Open the agreement',
    footnote: `Document fingerprint (SHA-256): ${f.documentHash}`,
    preheader: `Your signed agreement for ${f.title}`,
  })
}

/** To the owner: the client accepted, the signed PDF attached. */
export function proposalSignedOwnerMail(f: SignedFacts & { adminUrl: string }) {
  const subject = oneLine(`${f.clientName} accepted: ${f.title}`)
  const lead = `${f.signerName} accepted "${f.title}" (${formatMoney(f.total, f.currency)}) on ${f.signedAt}. The signed agreement is attached.${Number(f.depositPercent) > 0 ? ` The deposit of ${formatMoney(f.depositAmount, f.currency)} is now due.` : ''}`
  const text = `${lead}

${f.adminUrl}

Document fingerprint (SHA-256): ${f.documentHash}`
  const html = mailLayout(
    subject,
    `${paragraphs(lead)}
${mailButton(f.adminUrl, 'Open the proposal', f.brand)}
<p style="font-size:13px;color:#64748b;word-break:break-all">Document fingerprint (SHA-256): ${escapeMarkup(f.documentHash)}</p>`,
    { brand: f.brand, preheader: lead },
  )
  return { subject, text, html }
}

/** To the owner: the client declined, with their reason if they gave one. */
export function proposalDeclinedOwnerMail({
  title,
  clientName,
  reason,
  adminUrl,
  brand,
}: {
  title: string
  clientName: string
  reason: string
  adminUrl: string
  brand: MailBrand
}) {
  const subject = oneLine(`${clientName} declined: ${title}`)
  const lead = `${clientName} declined the proposal "${title}".`
  const why = reason ? `Their reason:\n\n${reason}` : 'They gave no reason.'
  const text = `${lead}

${why}

${adminUrl}`
  const html = mailLayout(
    subject,
    `${paragraphs(lead)}
${paragraphs(why)}
${mailButton(adminUrl, 'Open the proposal', brand)}`,
    { brand, preheader: lead },
  )
  return { subject, text, html }
}
