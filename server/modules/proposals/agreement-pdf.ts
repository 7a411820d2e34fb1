/**
 * The signed agreement as a PDF: the proposal as the client saw it (parties, scope, items and
 * totals, deposit), its terms, and an audit page recording the signature (signer, time in UTC,
 * device, the document's SHA-256). Drawn with pdfkit, which is loaded only when a PDF is made, so
 * the idle server does not hold it; the text is set in Inter (embedded, subset), which covers
 * Latin, Greek and Cyrillic names and the currency signs.
 */
import { createRequire } from 'node:module'
import MarkdownIt from 'markdown-it'
import { DateTime } from 'luxon'
import { countryName } from '#common/schemas/billing.ts'
import type { ProposalDocument } from '#common/schemas/proposals.ts'
import { formatMoney } from '#common/money.ts'

export interface AgreementSignature {
  name: string
  signedAt: Date
  device: string
  documentHash: string
}

const resolveFile = createRequire(import.meta.url).resolve
const FONTS = {
  regular: resolveFile('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  medium: resolveFile('@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf'),
  bold: resolveFile('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
}

const INK = '#0f172a'
const MUTED = '#475569'
const RULE = '#e2e8f0'
const TINT = '#f8fafc'
const MARGIN = 56

type Doc = PDFKit.PDFDocument

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

function drawMarkdown(doc: Doc, source: string) {
  for (const block of markdownBlocks(source)) {
    if (block.kind === 'heading') {
      doc.moveDown(0.6).font('bold').fontSize(12).fillColor(INK).text(block.text)
      doc.moveDown(0.2)
    } else if (block.kind === 'item') {
      doc.font('regular').fontSize(10).fillColor(INK).text(`•  ${block.text}`, { indent: 8 })
      doc.moveDown(0.15)
    } else {
      doc.font('regular').fontSize(10).fillColor(INK).text(block.text, { lineGap: 2 })
      doc.moveDown(0.5)
    }
  }
}

const partyLines = (party: {
  name: string
  company?: string
  address: string
  country: string
  vatId: string
  email: string
}) =>
  [
    party.company,
    party.address,
    party.country ? (countryName(party.country) ?? party.country) : '',
    party.vatId ? `VAT ID ${party.vatId}` : '',
    party.email,
  ].filter((line): line is string => Boolean(line))

function drawParty(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  label: string,
  name: string,
  lines: string[],
) {
  doc
    .font('medium')
    .fontSize(8)
    .fillColor(MUTED)
    .text(label.toUpperCase(), x, y, { width, characterSpacing: 0.6 })
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(name, x, doc.y + 4, { width })
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(lines.join('\n'), x, doc.y + 2, { width, lineGap: 1.5 })
  return doc.y
}

/** The heading of a section, with a rule under it. */
function sectionTitle(doc: Doc, title: string) {
  if (doc.y > doc.page.height - 140) doc.addPage()
  const width = doc.page.width - MARGIN * 2
  doc.moveDown(1.2).font('bold').fontSize(13).fillColor(INK).text(title, MARGIN, doc.y, { width })
  const y = doc.y + 4
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke()
  doc.y = y + 10
}

function drawItems(doc: Doc, d: ProposalDocument) {
  const width = doc.page.width - MARGIN * 2
  const columns = [
    { label: 'Description', width: width - 250, align: 'left' as const },
    { label: 'Qty', width: 50, align: 'right' as const },
    { label: 'Unit price', width: 80, align: 'right' as const },
    { label: 'VAT', width: 40, align: 'right' as const },
    { label: 'Amount', width: 80, align: 'right' as const },
  ]
  const row = (
    cells: string[],
    font: 'regular' | 'medium' | 'bold',
    color: string,
    fill?: string,
  ) => {
    const heights = cells.map((cell, i) =>
      doc
        .font(font)
        .fontSize(9.5)
        .heightOfString(cell, { width: columns[i]!.width - 12 }),
    )
    const height = Math.max(...heights) + 12
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage()
    const top = doc.y
    if (fill) doc.rect(MARGIN, top, width, height).fill(fill)
    let x = MARGIN
    cells.forEach((cell, i) => {
      const column = columns[i]!
      doc
        .font(font)
        .fontSize(9.5)
        .fillColor(color)
        .text(cell, x + 6, top + 6, { width: column.width - 12, align: column.align })
      x += column.width
    })
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    doc.y = top + height
  }
  row(
    columns.map((c) => c.label),
    'medium',
    MUTED,
    TINT,
  )
  for (const item of d.items)
    row(
      [
        item.description,
        item.quantity,
        formatMoney(item.unitPrice, d.currency),
        `${item.taxRate} %`,
        formatMoney(item.net, d.currency),
      ],
      'regular',
      INK,
    )
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatMoney(d.subtotal, d.currency), false],
    ...d.taxBreakdown.map((entry): [string, string, boolean] => [
      `VAT ${entry.rate} % on ${formatMoney(entry.net, d.currency)}`,
      formatMoney(entry.tax, d.currency),
      false,
    ]),
    ['Total', formatMoney(d.total, d.currency), true],
  ]
  if (Number(d.depositPercent) > 0)
    totals.push([
      `Deposit due on acceptance (${d.depositPercent} %)`,
      formatMoney(d.depositAmount, d.currency),
      false,
    ])
  doc.moveDown(0.6)
  for (const [label, amount, isTotal] of totals) {
    const top = doc.y
    doc
      .font(isTotal ? 'bold' : 'regular')
      .fontSize(isTotal ? 11.5 : 9.5)
      .fillColor(isTotal ? INK : MUTED)
      .text(label, MARGIN + width - 330, top, { width: 240, align: 'right' })
    doc
      .font(isTotal ? 'bold' : 'medium')
      .fontSize(isTotal ? 11.5 : 9.5)
      .fillColor(INK)
      .text(amount, MARGIN + width - 90, top, { width: 84, align: 'right' })
    doc.y = Math.max(doc.y, top) + 4
  }
}

function drawAudit(doc: Doc, d: ProposalDocument, signature: AgreementSignature) {
  doc.addPage()
  const width = doc.page.width - MARGIN * 2
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

/** The PDF of the agreement `document` signed as `signature`. */
export async function agreementPdf(
  d: ProposalDocument,
  signature: AgreementSignature,
  accentColor: string,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${d.title}: signed agreement`,
      Author: d.seller.legalName || d.seller.businessName,
      Subject: `Proposal for ${d.buyer.company || d.buyer.name}`,
      CreationDate: signature.signedAt,
      ModDate: signature.signedAt,
    },
    lang: 'en',
    displayTitle: true,
  })
  doc.registerFont('regular', FONTS.regular)
  doc.registerFont('medium', FONTS.medium)
  doc.registerFont('bold', FONTS.bold)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })

  const width = doc.page.width - MARGIN * 2
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
      `Proposal of ${DateTime.fromISO(d.issuedAt, { zone: 'UTC' }).toFormat('d LLLL yyyy')} · valid until ${DateTime.fromISO(d.validUntil, { zone: 'UTC' }).toFormat('d LLLL yyyy')} · ${formatMoney(d.total, d.currency)}`,
      { width },
    )
  doc.moveDown(1.4)
  const top = doc.y
  const half = (width - 24) / 2
  const sellerEnd = drawParty(
    doc,
    MARGIN,
    top,
    half,
    'From',
    d.seller.legalName || d.seller.businessName,
    [
      ...(d.seller.legalName && d.seller.legalName !== d.seller.businessName
        ? [d.seller.businessName]
        : []),
      ...partyLines({ ...d.seller, name: d.seller.ownerName }),
      ...(d.seller.registration ? [d.seller.registration] : []),
    ],
  )
  const buyerEnd = drawParty(
    doc,
    MARGIN + half + 24,
    top,
    half,
    'For',
    d.buyer.company || d.buyer.name,
    partyLines({ ...d.buyer, company: d.buyer.company ? d.buyer.name : '' }),
  )
  doc.x = MARGIN
  doc.y = Math.max(sellerEnd, buyerEnd)

  if (d.summary.trim()) {
    sectionTitle(doc, 'Scope')
    drawMarkdown(doc, d.summary)
  }
  sectionTitle(doc, 'Price')
  drawItems(doc, d)
  if (d.terms.trim()) {
    sectionTitle(doc, 'Terms')
    drawMarkdown(doc, d.terms)
  }
  drawAudit(doc, d, signature)

  const pages = doc.bufferedPageRange()
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i)
    // The footer sits in the bottom margin: without this, pdfkit would start a page for it.
    doc.page.margins.bottom = 0
    const y = doc.page.height - MARGIN + 16
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${d.title} · signed by ${signature.name} · page ${i + 1} of ${pages.count}`,
        MARGIN,
        y,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      )
  }
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
