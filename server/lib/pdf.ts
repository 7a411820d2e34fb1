/**
 * What the site's PDFs share (the signed agreement, the invoice): an A4 pdfkit document set in
 * Inter, embedded and subset, which covers Latin, Greek and Cyrillic names and the currency signs;
 * its bytes collected once it ends; and the pieces both draw the same way (the parties, section
 * titles, the priced lines with their totals, the reverse-charge note, page footers). pdfkit loads with the first PDF made,
 * not at start, so the idle server does not hold it.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { DateTime } from 'luxon'
import { formatMoney } from '#common/money.ts'
import { countryName } from '#common/schemas/billing.ts'
import { REVERSE_CHARGE_EXPLANATION, REVERSE_CHARGE_NOTE } from '#common/vat.ts'

export type Pdf = PDFKit.PDFDocument

const resolveFile = createRequire(import.meta.url).resolve
const FONTS = {
  regular: resolveFile('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  medium: resolveFile('@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf'),
  bold: resolveFile('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
}

export const INK = '#0f172a'
export const MUTED = '#475569'
export const RULE = '#e2e8f0'
export const TINT = '#f8fafc'
export const MARGIN = 56

export interface PdfOptions {
  info: PDFKit.DocumentInfo
  /**
   * PDF/A-3b (ISO 19005-3, level B), the archival PDF e-invoices are: pdfkit adds its XMP
   * identification and an sRGB output intent, and every font here is embedded.
   */
  isArchival?: boolean
}

type FontName = keyof typeof FONTS

/**
 * The fonts, read and parsed once: every document's fonts share their tables (`fontFor`). Parsed
 * per document, Inter's tables (its kerning and shaping) made each PDF hold about 8 MB and take
 * 200 ms; twenty at once passed the heap limit `npm start` sets.
 */
let parsedFonts: Promise<Record<FontName, FontkitFont>> | undefined

function loadFonts() {
  parsedFonts ??= (async () => {
    const { create } = await import('fontkit')
    const entries = await Promise.all(
      (Object.keys(FONTS) as FontName[]).map(
        async (name) =>
          [name, create(await readFile(FONTS[name])) as unknown as FontkitFont] as const,
      ),
    )
    return Object.fromEntries(entries) as Record<FontName, FontkitFont>
  })()
  return parsedFonts
}

/** The parts of a fontkit TrueType font (its class, TTFFont) that `fontFor` reaches into. */
interface FontkitFont {
  stream: { pos: number }
  _directoryPos: number
  _tables: Record<string, unknown>
  constructor: new (stream: FontkitFont['stream']) => FontkitFont
}

/**
 * A font of the document's own over the parsed one's bytes and tables, made as fontkit's own
 * `getVariation` makes one (pdfkit too reads `_tables`). A font keeps the glyphs it has made, each
 * with the characters it was first made for, and pdfkit maps a glyph back to text (the ToUnicode
 * map that copying and search read) by those: shared, a glyph one document's subset had made as a
 * part of another ("’" inside "”") came to the next documents without its character, which then
 * copied as a space. Its own glyphs cost a document about 2 ms a face.
 */
function fontFor(parsed: FontkitFont) {
  parsed.stream.pos = parsed._directoryPos
  const font = new parsed.constructor(parsed.stream)
  font._tables = parsed._tables
  return font
}

/** A new document and the promise of its bytes, which settles once `doc.end()` is called. */
export async function openPdf({ info, isArchival = false }: PdfOptions) {
  const [{ default: PDFDocument }, parsed] = await Promise.all([import('pdfkit'), loadFonts()])
  const fonts = Object.fromEntries(
    (Object.keys(FONTS) as FontName[]).map((name) => [name, fontFor(parsed[name])]),
  ) as Record<FontName, FontkitFont>
  // pdfkit's types name files and buffers only; a fontkit font is what it makes of them.
  const font = (name: FontName) => fonts[name] as unknown as string
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info,
    lang: 'en',
    displayTitle: true,
    // Never pdfkit's default Helvetica, which is not embedded (PDF/A forbids it).
    font: font('regular'),
    ...(isArchival ? { pdfVersion: '1.7' as const, subset: 'PDF/A-3b' as const } : {}),
  })
  for (const name of Object.keys(FONTS) as FontName[]) doc.registerFont(name, font(name))
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, bytes }
}

/** "1 December 2026" from "2026-12-01". */
export const longDate = (day: string) =>
  DateTime.fromISO(day, { zone: 'UTC' }).setLocale('en-GB').toFormat('d LLLL yyyy')

/** The width between the margins. */
export const contentWidth = (doc: Pdf) => doc.page.width - MARGIN * 2

/** A small capitalised label ("FROM", "PAYMENT"). */
export function drawLabel(doc: Pdf, label: string, x: number, y: number, width: number) {
  doc
    .font('medium')
    .fontSize(8)
    .fillColor(MUTED)
    .text(label.toUpperCase(), x, y, { width, characterSpacing: 0.6 })
}

/** A party: its label, its name in bold and its lines; returns where it ends. */
function drawParty(
  doc: Pdf,
  box: { x: number; y: number; width: number },
  label: string,
  name: string,
  lines: string[],
) {
  const { x, y, width } = box
  drawLabel(doc, label, x, y, width)
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

/** A party's lines under its name: `lines` (a contact, an address), then its country, VAT ID and e-mail. */
export const partyLines = (
  lines: (string | undefined)[],
  party: { country: string; vatId: string; email: string },
) =>
  [
    ...lines,
    party.country ? (countryName(party.country) ?? party.country) : '',
    party.vatId ? `VAT ID ${party.vatId}` : '',
    party.email,
  ].filter((line): line is string => Boolean(line))

/** Two parties side by side from the current line; the cursor goes under the longer. */
export function drawParties(
  doc: Pdf,
  left: { label: string; name: string; lines: string[] },
  right: { label: string; name: string; lines: string[] },
) {
  const top = doc.y
  const half = (contentWidth(doc) - 24) / 2
  const leftEnd = drawParty(
    doc,
    { x: MARGIN, y: top, width: half },
    left.label,
    left.name,
    left.lines,
  )
  const rightEnd = drawParty(
    doc,
    { x: MARGIN + half + 24, y: top, width: half },
    right.label,
    right.name,
    right.lines,
  )
  doc.x = MARGIN
  doc.y = Math.max(leftEnd, rightEnd)
}

/**
 * The heading of a section, with a rule under it; a new page when little room is left, or when
 * `keepWith` points (the start of what follows it) would not fit under it.
 */
export function sectionTitle(doc: Pdf, title: string, keepWith = 0) {
  const roomLeft = doc.page.height - doc.page.margins.bottom - doc.y
  if (doc.y > doc.page.height - 140 || roomLeft < 60 + keepWith) doc.addPage()
  const width = contentWidth(doc)
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

/** A priced line as both documents list it (amounts as two-place text). */
export interface PricedLine {
  description: string
  quantity: string
  unitPrice: string
  taxRate: string
  net: string
}

/**
 * The lines as a table (description, quantity, unit price, VAT, amount), each row as tall as its
 * longest cell; a row that does not fit starts a new page under the table's head again.
 */
export function drawLines(doc: Pdf, lines: readonly PricedLine[], currency: string) {
  const width = contentWidth(doc)
  const columns = [
    { label: 'Description', width: width - 260, align: 'left' as const },
    { label: 'Qty', width: 50, align: 'right' as const },
    { label: 'Unit price', width: 85, align: 'right' as const },
    { label: 'VAT', width: 40, align: 'right' as const },
    { label: 'Amount', width: 85, align: 'right' as const },
  ]
  const row = (cells: string[], font: 'regular' | 'medium', color: string, fill?: string) => {
    const height =
      Math.max(
        ...cells.map((cell, i) =>
          doc
            .font(font)
            .fontSize(9.5)
            .heightOfString(cell, { width: columns[i]!.width - 12 }),
        ),
      ) + 12
    if (doc.y + height > doc.page.height - MARGIN - 24) {
      doc.addPage()
      if (!fill) head()
    }
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
  const head = () =>
    row(
      columns.map((c) => c.label),
      'medium',
      MUTED,
      TINT,
    )
  head()
  for (const line of lines)
    row(
      [
        line.description,
        line.quantity,
        formatMoney(line.unitPrice, currency),
        `${line.taxRate} %`,
        formatMoney(line.net, currency),
      ],
      'regular',
      INK,
    )
}

export interface TotalRow {
  label: string
  amount: string
  /** The row that is the document's sum, set larger and in bold. */
  isTotal?: boolean
}

/** The totals, right-aligned under the lines; the rule over the sum as wide as the longest label. */
export function drawTotals(doc: Pdf, rows: readonly TotalRow[]) {
  const width = contentWidth(doc)
  const labels = Math.max(
    ...rows.map(({ label, isTotal = false }) =>
      Math.min(
        240,
        doc
          .font(isTotal ? 'bold' : 'regular')
          .fontSize(isTotal ? 11.5 : 9.5)
          .widthOfString(label),
      ),
    ),
  )
  const ruleFrom = MARGIN + width - 100 - Math.max(labels, 150)
  doc.moveDown(0.6)
  for (const { label, amount, isTotal = false } of rows) {
    if (doc.y + 24 > doc.page.height - MARGIN) doc.addPage()
    const top = doc.y + (isTotal ? 4 : 0)
    if (isTotal)
      doc
        .moveTo(ruleFrom, top - 4)
        .lineTo(MARGIN + width, top - 4)
        .lineWidth(0.75)
        .strokeColor(RULE)
        .stroke()
    doc
      .font(isTotal ? 'bold' : 'regular')
      .fontSize(isTotal ? 11.5 : 9.5)
      .fillColor(isTotal ? INK : MUTED)
      .text(label, MARGIN + width - 340, top + (isTotal ? 2 : 0), { width: 240, align: 'right' })
    doc
      .font(isTotal ? 'bold' : 'medium')
      .fontSize(isTotal ? 11.5 : 9.5)
      .fillColor(INK)
      .text(amount, MARGIN + width - 96, top + (isTotal ? 2 : 0), { width: 90, align: 'right' })
    doc.y = Math.max(doc.y, top) + 4
  }
}

/** A line of small text centred in the bottom margin of every page: `text(page, pages)`. */
export function drawFooters(doc: Pdf, text: (page: number, pages: number) => string) {
  const pages = doc.bufferedPageRange()
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i)
    // The footer sits in the bottom margin: without this, pdfkit would start a page for it.
    doc.page.margins.bottom = 0
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(text(i + 1, pages.count), MARGIN, doc.page.height - MARGIN + 16, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      })
  }
}

/** A tinted note across the page: a bold heading and its text. */
export function drawNote(doc: Pdf, heading: string, text: string) {
  const width = contentWidth(doc)
  const inner = width - 28
  doc.font('regular').fontSize(9.5)
  const height = doc.heightOfString(text, { width: inner, lineGap: 1.5 }) + 34
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage()
  const top = doc.y
  doc.roundedRect(MARGIN, top, width, height, 6).fill(TINT)
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(heading, MARGIN + 14, top + 11, { width: inner })
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(text, MARGIN + 14, doc.y + 2, { width: inner, lineGap: 1.5 })
  doc.x = MARGIN
  doc.y = top + height + 12
}

/** Why a reverse-charged document carries no VAT, with both parties' VAT IDs (the seller's if known). */
export function drawReverseChargeNote(doc: Pdf, vatIds: { seller: string; buyer: string }) {
  drawNote(
    doc,
    REVERSE_CHARGE_NOTE,
    [
      REVERSE_CHARGE_EXPLANATION,
      vatIds.seller ? `Supplier’s VAT ID ${vatIds.seller}.` : '',
      `Customer’s VAT ID ${vatIds.buyer}.`,
    ]
      .filter(Boolean)
      .join(' '),
  )
}
