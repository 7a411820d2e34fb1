import { describe, expect, it } from 'vitest'
import { openPdf } from './pdf.ts'

/** The fontkit font behind the document's current font (pdfkit's own field). */
const fontOf = (doc: PDFKit.PDFDocument) =>
  (doc as unknown as { _font: { font: { GPOS: unknown; kern: unknown } } })._font.font

describe('openPdf', () => {
  it('gives every document the font tables parsed once, each subset on its own', async () => {
    const first = await openPdf({ info: { Title: 'One' } })
    const second = await openPdf({ info: { Title: 'Two' }, isArchival: true })
    for (const { doc } of [first, second]) doc.font('bold').text('Ωmega € Ж')
    expect(fontOf(first.doc)).not.toBe(fontOf(second.doc))
    // Inter's kerning and shaping, the tables that cost memory, are read once.
    expect(fontOf(first.doc).GPOS).toBeDefined()
    expect(fontOf(first.doc).GPOS).toBe(fontOf(second.doc).GPOS)
    first.doc.end()
    second.doc.end()
    const [one, two] = await Promise.all([first.bytes, second.bytes])
    expect(one.subarray(0, 8).toString()).toBe('%PDF-1.3')
    expect(two.subarray(0, 8).toString()).toBe('%PDF-1.7')
    // Each embeds its own subset of the one face it used.
    for (const pdf of [one, two]) expect(pdf.toString('latin1')).toMatch(/\/FontFile2/)
  })
})
