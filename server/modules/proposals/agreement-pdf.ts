/**
 * The signed agreement as a PDF: the proposal as the client saw it (parties, scope, items and
 * totals, deposit), its terms, and an audit page recording the signature (signer, time in UTC,
 * device, the document's SHA-256). Drawn with pdfkit, which is loaded only when a PDF is made, so
 * the idle server does not hold it; the text is set in Inter (embedded, subset), which covers
 * Latin, Greek and Cyrillic names and the currency signs.
 */
import MarkdownIt from 'markdown-it'
import { DateTime } from 'luxon'
import type { ProposalDocument } from '#common/schemas/proposals.ts'
import { formatMoney } from '#common/money.ts'
import { REVERSE_CHARGE_NOTE } from '#common/vat.ts'
import {
  contentWidth,
  drawFooters,
  drawLines,
  drawNote,
  drawParties,
  drawReverseChargeNote,
  drawTotals,
  INK,
  longDate,
  MARGIN,
  MUTED,
  openPdf,
  partyLines,
  sectionTitle,
  type Pdf,
} from '#server/lib/pdf.ts'

export interface AgreementSignature {
  name: string
  signedAt: Date
  device: string
  documentHash: string
}

const markdown = new MarkdownIt({ html: false, linkify: false })

/** Markdown as blocks a PDF sets: headings, paragraphs and list items, as plain text. */
function markdownBlocks(
  source: string,
): { kind: 'heading' | 'paragraph' | 'item'; text: string }[] {
  const blocks: { kind: 'heading' | 'paragraph' | 'item'; text: string }[] = []
  let kind: 'heading' | 'paragraph' | 'item' = 'paragraph'
  let depth = 0
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'heading_open') kind = 'heading'
    else if (token.type === 'list_item_open') {
      depth += 1
      kind = 'item'
    } else if (token.type === 'list_item_close') depth -= 1
    else if (token.type === 'paragraph_open' && depth === 0) kind = 'paragraph'
    else if (token.type === 'inline') {
      const text = (token.children ?? [])
        .map((child) =>
          child.type === 'softbreak' || child.type === 'hardbreak' ? '\n' : child.content,
        )
        .join('')
      if (text.trim()) blocks.push({ kind, text })
    }
  }
  return blocks
}

type Block = ReturnType<typeof markdownBlocks>[number]

/** How each kind of block is set: its face and size, the gap between its lines and its indent. */
const BLOCK_STYLE = {
  heading: { font: 'bold', size: 12, lineGap: 0, indent: 0 },
  item: { font: 'regular', size: 10, lineGap: 0, indent: 16 },
  paragraph: { font: 'regular', size: 10, lineGap: 2, indent: 0 },
} as const

const styled = (doc: Pdf, block: Block) => {
  const style = BLOCK_STYLE[block.kind]
  doc.font(style.font).fontSize(style.size).fillColor(INK)
  return style
}

/** The height of `block`'s first `lines` lines (all of it if it has fewer). */
function heightOfStart(doc: Pdf, block: Block, lines: number) {
  const style = styled(doc, block)
  const whole = doc.heightOfString(block.text, {
    width: contentWidth(doc) - style.indent,
    lineGap: style.lineGap,
  })
  return Math.min(whole, lines * (doc.currentLineHeight(true) + style.lineGap))
}

/** The room the first lines of `blocks` need: a heading's with two of the block under it. */
function startHeight(doc: Pdf, blocks: readonly Block[]) {
  const [first, next] = blocks
  if (!first) return 0
  if (first.kind !== 'heading') return heightOfStart(doc, first, 2)
  return 24 + heightOfStart(doc, first, 3) + (next ? heightOfStart(doc, next, 2) + 4 : 0)
}

/** The room left on the page under the cursor. */
const roomLeft = (doc: Pdf) => doc.page.height - doc.page.margins.bottom - doc.y

/**
 * The blocks, set so that the pages break cleanly: a heading goes to the next page unless its first
 * two lines of text fit under it, and a paragraph that would leave a single line at the foot of a
 * page starts on the next.
 */
function drawMarkdown(doc: Pdf, source: string) {
  const blocks = markdownBlocks(source)
  blocks.forEach((block, index) => {
    const isPageTop = doc.y <= doc.page.margins.top
    if (block.kind === 'heading') {
      if (!isPageTop && roomLeft(doc) < startHeight(doc, blocks.slice(index))) doc.addPage()
      if (doc.y > doc.page.margins.top) doc.moveDown(0.6)
      styled(doc, block)
      doc.text(block.text, MARGIN, doc.y, { width: contentWidth(doc) })
      doc.moveDown(0.2)
    } else {
      const style = styled(doc, block)
      const line = doc.currentLineHeight(true) + style.lineGap
      if (!isPageTop && heightOfStart(doc, block, 2) > line * 1.5 && roomLeft(doc) < line * 2)
        doc.addPage()
      styled(doc, block)
      const top = doc.y
      // A list item hangs from its bullet: its wrapped lines stand under its first word.
      if (block.kind === 'item') doc.text('•', MARGIN + 4, top, { lineBreak: false })
      doc.text(block.text, MARGIN + style.indent, top, {
        width: contentWidth(doc) - style.indent,
        lineGap: style.lineGap,
      })
      doc.x = MARGIN
      doc.moveDown(block.kind === 'item' ? 0.15 : 0.5)
    }
  })
}

function drawAudit(doc: Pdf, d: ProposalDocument, signature: AgreementSignature) {
  doc.addPage()
  const width = contentWidth(doc)
  doc.font('bold').fontSize(18).fillColor(INK).text('Signature record', MARGIN, MARGIN, { width })
  doc
    .moveDown(0.4)
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `The client accepted this proposal on the page the owner sent them, by typing their full name and ticking that they agree to the proposal and its terms. The fingerprint below is the SHA-256 of the document as it was shown and signed; any change to it would give another.`,
      { width, lineGap: 2 },
    )
  doc.moveDown(1)
  const rows: [string, string][] = [
    ['Document', d.title],
    [
      'Between',
      `${d.seller.legalName || d.seller.businessName} and ${d.buyer.company || d.buyer.name}`,
    ],
    ['Signed by', signature.name],
    [
      'Signed at',
      `${DateTime.fromJSDate(signature.signedAt, { zone: 'UTC' }).toFormat('yyyy-LL-dd HH:mm:ss')} UTC`,
    ],
    ['Device', signature.device || 'Not given'],
    ['Document SHA-256', signature.documentHash],
  ]
  for (const [label, value] of rows) {
    const top = doc.y
    doc.font('medium').fontSize(9).fillColor(MUTED).text(label, MARGIN, top, { width: 120 })
    // The fingerprint on one line, where a reader compares it with the mail's.
    const isHash = label === 'Document SHA-256'
    doc
      .font(isHash ? 'medium' : 'regular')
      .fontSize(isHash ? 8 : 10)
      .fillColor(INK)
      .text(value, MARGIN + 130, top, { width: width - 130 })
    doc.y = Math.max(doc.y, top) + 10
  }
}

/** The items with their totals and the deposit due on acceptance. */
function drawItems(doc: Pdf, d: ProposalDocument) {
  const money = (amount: string) => formatMoney(amount, d.currency)
  drawLines(doc, d.items, d.currency)
  drawTotals(doc, [
    { label: 'Subtotal', amount: money(d.subtotal) },
    ...d.taxBreakdown.map((entry) => ({
      label: d.vatExemption
        ? `VAT 0 % on ${money(entry.net)} (exempt)`
        : d.reverseCharge
          ? `VAT 0 % on ${money(entry.net)} (${REVERSE_CHARGE_NOTE})`
          : `VAT ${entry.rate} % on ${money(entry.net)}`,
      amount: money(entry.tax),
    })),
    { label: 'Total', amount: money(d.total), isTotal: true },
    ...(Number(d.depositPercent) > 0
      ? [
          {
            label: `Deposit due on acceptance (${d.depositPercent} %)`,
            amount: money(d.depositAmount),
          },
        ]
      : []),
  ])
  if (d.vatExemption) {
    doc.moveDown(1.2)
    drawNote(doc, 'No VAT is charged', d.vatExemption)
  }
  if (d.reverseCharge) {
    doc.moveDown(1.2)
    drawReverseChargeNote(doc, { seller: d.seller.vatId, buyer: d.buyer.vatId })
  }
}

/** The PDF of the agreement `document` signed as `signature`. */
export async function agreementPdf(
  d: ProposalDocument,
  signature: AgreementSignature,
  accentColor: string,
): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    info: {
      Title: `${d.title}: signed agreement`,
      Author: d.seller.legalName || d.seller.businessName,
      Subject: `Proposal for ${d.buyer.company || d.buyer.name}`,
      CreationDate: signature.signedAt,
      ModDate: signature.signedAt,
    },
  })
  const width = contentWidth(doc)
  doc.rect(0, 0, doc.page.width, 6).fill(accentColor)
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(accentColor)
    .text(d.seller.businessName, MARGIN, MARGIN - 8, { width })
  doc.moveDown(1.4).font('bold').fontSize(24).fillColor(INK).text(d.title, { width })
  doc
    .moveDown(0.3)
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `Proposal of ${longDate(d.issuedAt)} · valid until ${longDate(d.validUntil)} · ${formatMoney(d.total, d.currency)}`,
      { width },
    )
  doc.moveDown(1.4)
  drawParties(
    doc,
    {
      label: 'From',
      name: d.seller.legalName || d.seller.businessName,
      lines: [
        ...(d.seller.legalName && d.seller.legalName !== d.seller.businessName
          ? [d.seller.businessName]
          : []),
        ...partyLines([d.seller.address], d.seller),
        ...(d.seller.registration ? [d.seller.registration] : []),
      ],
    },
    {
      label: 'For',
      name: d.buyer.company || d.buyer.name,
      lines: partyLines([d.buyer.company ? d.buyer.name : '', d.buyer.address], d.buyer),
    },
  )

  if (d.summary.trim()) {
    sectionTitle(doc, 'Scope', startHeight(doc, markdownBlocks(d.summary)))
    drawMarkdown(doc, d.summary)
  }
  sectionTitle(doc, 'Price')
  drawItems(doc, d)
  if (d.terms.trim()) {
    sectionTitle(doc, 'Terms', startHeight(doc, markdownBlocks(d.terms)))
    drawMarkdown(doc, d.terms)
  }
  drawAudit(doc, d, signature)
  drawFooters(
    doc,
    (page, pages) => `${d.title} · signed by ${signature.name} · page ${page} of ${pages}`,
  )
  doc.end()
  return bytes
}
