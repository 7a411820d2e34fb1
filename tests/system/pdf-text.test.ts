/**
 * The site's PDFs as text, as `pdftotext` (and so copying, search and screen readers) reads them:
 * every character drawn comes back in each document the process makes, not only in the first. In
 * a module registry of its own (vitest.config.ts), so the fonts are parsed by this file and the
 * documents before are the ones it makes.
 */
import { describe, expect, it } from 'vitest'
import { openPdf } from '#server/lib/pdf.ts'
import { textOf } from '#tests/helpers/pdf-files.ts'

/** A document with `text` in each of the three faces, as `pdftotext` reads it, a line a face. */
async function textThrough(text: string) {
  const { doc, bytes } = await openPdf({ info: { Title: 'Text' }, isArchival: true })
  for (const face of ['regular', 'medium', 'bold']) doc.font(face).text(text)
  doc.end()
  return (await textOf(await bytes)).trim().split('\n')
}

describe('the text of a PDF', () => {
  it('maps every character back to text in each document, whatever the ones before drew', async () => {
    // Inter draws these from glyphs of single marks (” and „ of two ’, “ of two ‘, « of two ‹, é
    // of e and an accent), which this document's subset makes without a character of their own.
    const before = '„Angebot“ «Ja» ”fertig” café'
    expect(await textThrough(before)).toEqual([before, before, before])
    const text = 'It’s ‘done’ ‹ok› – 1.200,00 € für Zoë, naïve Łódź'
    for (let made = 0; made < 2; made++) expect(await textThrough(text)).toEqual([text, text, text])
  })
})
