/**
 * The invoice or credit note as a Factur-X e-invoice: a PDF/A-3b (server/lib/pdf.ts: embedded
 * fonts, an sRGB output intent) whose page is the invoice a person reads, and whose embedded
 * `factur-x.xml` (factur-x.ts, EN 16931 profile) is the same invoice for the client's software,
 * attached as its alternative form and declared in the XMP metadata by the Factur-X extension
 * schema. The page: the seller's brand, the parties, the lines, the VAT breakdown and totals, the
 * reverse-charge wording, and how to pay (the bank details, the EPC QR code for euros, the terms).
 */
import Big from 'big.js'
import { formatMoney } from '#common/money.ts'
import {
  contentWidth,
  drawFooters,
  drawLabel,
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
  RULE,
  sectionTitle,
  TINT,
  type Pdf,
  type TotalRow,
} from '#server/lib/pdf.ts'
import type { InvoiceDocument, InvoiceParty } from '../invoice-document.ts'
import { epcQrModules, hasEpcQr } from './epc-qr.ts'
import { FACTUR_X_FILE_NAME, facturXml } from './factur-x.ts'

/** The Factur-X XMP extension schema (Factur-X 1.0, §6.2.2), with the values of this profile. */
const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'
const FACTUR_X_PROPERTIES: [name: string, value: string, description: string][] = [
  ['DocumentFileName', FACTUR_X_FILE_NAME, 'The name of the embedded XML document'],
  ['DocumentType', 'INVOICE', 'The type of the hybrid document in capital letters'],
  ['Version', '1.0', 'The actual version of the Factur-X XML schema'],
  ['ConformanceLevel', 'EN 16931', 'The conformance level of the embedded Factur-X data'],
]

const facturXmp = () => `
<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">
${FACTUR_X_PROPERTIES.map(([name, value]) => `  <fx:${name}>${value}</fx:${name}>`).join('\n')}
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>
${FACTUR_X_PROPERTIES.map(
  ([name, , description]) => `            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
).join('\n')}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>`

const LOGO_BOX = 44
const QR_SIDE = 104

/** "DE89 3704 0044 0532 0130 00": an IBAN as people read it. */
const spacedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ')

const linesOf = (party: InvoiceParty) =>
  partyLines([party.contactName, ...party.addressLines], party)

function drawHeader(doc: Pdf, d: InvoiceDocument, logo: Buffer | undefined) {
  const width = contentWidth(doc)
  const accent = d.brand.accentColor
  doc.rect(0, 0, doc.page.width, 6).fill(accent)
  let nameX = MARGIN
  if (logo) {
    doc.image(logo, MARGIN, MARGIN - 12, { fit: [LOGO_BOX, LOGO_BOX], valign: 'center' })
    nameX += LOGO_BOX + 12
  }
  const brandWidth = width / 2 - (nameX - MARGIN)
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(d.brand.businessName || d.seller.name, nameX, MARGIN - 4, { width: brandWidth })
  if (d.brand.businessName && d.brand.businessName !== d.seller.name)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(d.seller.name, nameX, doc.y + 1, { width: brandWidth })
  const title = d.kind === 'credit' ? 'Credit note' : 'Invoice'
  doc
    .font('bold')
    .fontSize(26)
    .fillColor(accent)
    .text(title, MARGIN + width / 2, MARGIN - 14, { width: width / 2, align: 'right' })
  doc
    .font('medium')
    .fontSize(11)
    .fillColor(INK)
    .text(`No. ${d.number}`, MARGIN + width / 2, doc.y, { width: width / 2, align: 'right' })
  doc.y = MARGIN + 60
}

/** The strip of key facts: number, dates, what is due. */
function drawFacts(doc: Pdf, d: InvoiceDocument) {
  const width = contentWidth(doc)
  const isCredit = d.kind === 'credit'
  const facts: [string, string][] = [
    [isCredit ? 'Credit note number' : 'Invoice number', d.number],
    ['Issue date', longDate(d.issueDate)],
    isCredit && d.corrects
      ? ['Corrects invoice', d.corrects.number]
      : ['Due date', longDate(d.dueDate)],
    [
      isCredit ? 'Credited' : 'Amount due',
      formatMoney(isCredit ? new Big(d.total).abs().toFixed(2) : d.due, d.currency),
    ],
  ]
  const top = doc.y
  const height = 46
  doc.roundedRect(MARGIN, top, width, height, 6).fill(TINT)
  doc.roundedRect(MARGIN, top, width, height, 6).lineWidth(0.75).strokeColor(RULE).stroke()
  const cell = width / facts.length
  facts.forEach(([label, value], i) => {
    const x = MARGIN + cell * i + 12
    drawLabel(doc, label, x, top + 10, cell - 16)
    const isLast = i === facts.length - 1
    doc
      .font(isLast ? 'bold' : 'medium')
      .fontSize(isLast ? 12 : 10.5)
      .fillColor(isLast ? d.brand.accentColor : INK)
      .text(value, x, top + 23, { width: cell - 16, lineBreak: false })
  })
  doc.x = MARGIN
  doc.y = top + height + 22
}

function totalsOf(d: InvoiceDocument): TotalRow[] {
  const money = (amount: string) => formatMoney(amount, d.currency)
  const rows: TotalRow[] = [
    { label: 'Net', amount: money(d.subtotal) },
    ...d.breakdown.map((entry) => ({
      label:
        entry.category === 'AE'
          ? `VAT 0 % on ${money(entry.net)} (${entry.exemptionReason})`
          : entry.category === 'E'
            ? `VAT 0 % on ${money(entry.net)} (exempt)`
            : `VAT ${entry.rate} % on ${money(entry.net)}`,
      amount: money(entry.tax),
    })),
    { label: 'Total', amount: money(d.total), isTotal: true },
  ]
  if (!new Big(d.prepaid).eq(0))
    rows.push(
      { label: 'Deposit invoiced', amount: `−${money(d.prepaid)}` },
      { label: 'Amount due', amount: money(d.due), isTotal: true },
    )
  return rows
}

async function drawPayment(doc: Pdf, d: InvoiceDocument) {
  const width = contentWidth(doc)
  const hasQr = hasEpcQr(d, d.due)
  // The section's title, then the details beside the code and its caption.
  if (doc.y + 40 + (hasQr ? QR_SIDE + 24 : 110) > doc.page.height - MARGIN) doc.addPage()
  sectionTitle(doc, 'Payment')
  const top = doc.y
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(d.paymentTerms, MARGIN, top, { width: width - QR_SIDE - 24 })
  doc.moveDown(0.5)
  const rows: [string, string][] = [
    ['Account holder', d.seller.name],
    ['IBAN', spacedIban(d.payment.iban)],
    ...(d.payment.bic ? [['BIC', d.payment.bic] as [string, string]] : []),
    ...(d.payment.bankName ? [['Bank', d.payment.bankName] as [string, string]] : []),
    ['Reference', d.payment.reference],
    ['Amount', formatMoney(d.due, d.currency)],
  ]
  for (const [label, value] of rows) {
    const y = doc.y
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, MARGIN, y, { width: 100 })
    doc
      .font('medium')
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, MARGIN + 104, y, { width: width - QR_SIDE - 132 })
    doc.y = Math.max(doc.y, y) + 3
  }
  const end = doc.y
  if (hasQr) {
    const qr = await epcQrModules(d, d.due)
    const x = MARGIN + width - QR_SIDE
    const module = QR_SIDE / qr.size
    doc.save()
    for (let row = 0; row < qr.size; row++)
      for (let column = 0; column < qr.size; column++)
        if (qr.isDark(row, column))
          doc.rect(x + column * module, top + row * module, module, module)
    doc.fill(INK).restore()
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text('Scan with your banking app to pay by transfer', x - 8, top + QR_SIDE + 6, {
        width: QR_SIDE + 16,
        align: 'center',
      })
  }
  doc.x = MARGIN
  doc.y = Math.max(end, hasQr ? doc.y : end)
}

const footerOf = (d: InvoiceDocument) =>
  [d.seller.name, d.seller.vatId && `VAT ID ${d.seller.vatId}`, d.seller.registration]
    .filter(Boolean)
    .join(' · ')

/** The PDF/A-3 of an issued invoice or credit note, its factur-x.xml embedded; `logo` a PNG. */
export async function invoicePdf(
  d: InvoiceDocument,
  { logo }: { logo?: Buffer } = {},
): Promise<Buffer> {
  const title = d.kind === 'credit' ? 'Credit note' : 'Invoice'
  // Dated by the document, so every download of one invoice is the same file.
  const issuedAt = new Date(`${d.issueDate}T00:00:00Z`)
  // Only words the XMP metadata can carry as they are (pdfkit writes them there unescaped): the
  // number holds letters, digits and dashes.
  const { doc, bytes } = await openPdf({
    info: { Title: `${title} ${d.number}`, CreationDate: issuedAt, ModDate: issuedAt },
    isArchival: true,
  })
  doc.appendXML(facturXmp())
  doc.file(Buffer.from(facturXml(d), 'utf8'), {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    description: `${title} ${d.number} as Factur-X (EN 16931)`,
    creationDate: issuedAt,
    modifiedDate: issuedAt,
    // PDF/A-3's associated-file relationship: the XML is the invoice in another form.
    relationship: 'Alternative',
  } as PDFKit.Mixins.PDFAttachmentOptions)

  drawHeader(doc, d, logo)
  drawFacts(doc, d)
  drawParties(
    doc,
    { label: 'From', name: d.seller.name, lines: linesOf(d.seller) },
    {
      label: d.kind === 'credit' ? 'Credit to' : 'Bill to',
      name: d.buyer.name,
      lines: linesOf(d.buyer),
    },
  )
  if (d.corrects || d.reference) {
    doc.moveDown(1)
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(
        [
          d.corrects
            ? `Corrects invoice ${d.corrects.number} of ${longDate(d.corrects.issueDate)}.`
            : '',
          d.reference ? `For “${d.reference}”.` : '',
        ]
          .filter(Boolean)
          .join(' '),
        MARGIN,
        doc.y,
        { width: contentWidth(doc) },
      )
  }
  doc.moveDown(1.6)
  drawLines(doc, d.lines, d.currency)
  drawTotals(doc, totalsOf(d))
  doc.moveDown(1.2)
  if (d.reverseCharge) drawReverseChargeNote(doc, { seller: d.seller.vatId, buyer: d.buyer.vatId })
  if (d.vatExemption) drawNote(doc, 'No VAT is charged', d.vatExemption)
  if (d.notes) drawNote(doc, d.kind === 'credit' ? 'Note' : 'Notes', d.notes)
  if (d.kind === 'invoice' && d.payment.iban && new Big(d.due).gt(0)) await drawPayment(doc, d)
  else if (d.kind === 'invoice' && d.paymentTerms) drawNote(doc, 'Payment', d.paymentTerms)
  drawFooters(
    doc,
    (page, pages) => `${footerOf(d)} · ${title} ${d.number} · page ${page} of ${pages}`,
  )
  doc.end()
  return bytes
}
