/**
 * Stand-in until the e-invoice PDF (PDF/A-3 with its factur-x.xml) replaces this file: the invoice
 * as a plain pdfkit PDF, with the same signature. pdfkit loads only when a PDF is made.
 */
import { createRequire } from 'node:module'
import { formatMoney } from '#common/money.ts'
import type { InvoiceDocument } from '../invoice-document.ts'

const resolveFile = createRequire(import.meta.url).resolve
const FONT = resolveFile('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')
const MARGIN = 56

/** The PDF of an issued invoice or credit note. */
export async function invoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const title = d.kind === 'credit' ? 'Credit note' : 'Invoice'
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${title} ${d.number}`, Author: d.seller.name },
    lang: 'en',
  })
  doc.registerFont('regular', FONT)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })
  const money = (amount: string) => formatMoney(amount, d.currency)
  doc.font('regular').fontSize(11).fillColor(d.brand.accentColor).text(d.brand.businessName)
  doc.moveDown().fontSize(20).fillColor('#0f172a').text(`${title} ${d.number}`)
  doc.fontSize(10).text(`Issued ${d.issueDate} · due ${d.dueDate}`)
  if (d.corrects) doc.text(`Corrects invoice ${d.corrects.number} of ${d.corrects.issueDate}`)
  doc
    .moveDown()
    .text(
      `From: ${[d.seller.name, ...d.seller.addressLines, d.seller.vatId].filter(Boolean).join(', ')}`,
    )
  doc.text(
    `To: ${[d.buyer.name, ...d.buyer.addressLines, d.buyer.vatId].filter(Boolean).join(', ')}`,
  )
  doc.moveDown()
  for (const line of d.lines)
    doc.text(
      `${line.description}: ${line.quantity} x ${money(line.unitPrice)} = ${money(line.net)} (VAT ${line.taxRate} %, ${line.category})`,
    )
  doc.moveDown()
  for (const entry of d.breakdown)
    doc.text(
      `VAT ${entry.category} ${entry.rate} % on ${money(entry.net)}: ${money(entry.tax)}${entry.exemptionReason ? ` (${entry.exemptionReason})` : ''}`,
    )
  doc.text(`Net ${money(d.subtotal)} · VAT ${money(d.tax)} · Total ${money(d.total)}`)
  if (d.prepaid !== '0.00') doc.text(`Prepaid ${money(d.prepaid)} · Due ${money(d.due)}`)
  if (d.reverseCharge) doc.text('Reverse charge')
  if (d.paymentTerms) doc.moveDown().text(d.paymentTerms)
  if (d.payment.iban)
    doc.text(
      `IBAN ${d.payment.iban}${d.payment.bic ? ` · BIC ${d.payment.bic}` : ''} · Reference ${d.payment.reference}`,
    )
  if (d.notes) doc.moveDown().text(d.notes)
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
