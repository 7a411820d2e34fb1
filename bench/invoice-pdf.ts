/**
 * The invoice PDF (a PDF/A-3 with its factur-x.xml, drawn by pdfkit in the server), on the site of
 * document-site.ts: an invoice of four lines at three VAT rates issued through the API. Then GET
 * /api/invoices/{id}/pdf: the first answer (pdfkit, the fonts and the logo's icon load), the median of a run one after another, and the server's peak memory (its whole process
 * tree, VmHWM) while a batch is asked at once, beside its memory before.
 */
import {
  DOCUMENT_ITEMS,
  formatDocumentTable,
  measureBatch,
  median,
  withDocumentSite,
  type DocumentSiteOptions,
  type DocumentTimes,
} from './document-site.ts'

export const INVOICE_PDFS = 50
const AT_ONCE = 20
const TARGETS = { medianMs: 150, peakMb: 300 }

export interface InvoicePdfResult extends DocumentTimes {
  bytes: number
}

export async function measureInvoicePdf(options: DocumentSiteOptions): Promise<InvoicePdfResult> {
  return withDocumentSite(options, async ({ server, call, clientId }) => {
    const { invoice } = (await (
      await call('POST', '/api/invoices', { clientId, items: DOCUMENT_ITEMS })
    ).json()) as { invoice: { _id: string } }
    await call('POST', `/api/invoices/${invoice._id}/issue`)

    let bytes = 0
    const draw = async () => {
      const started = performance.now()
      const res = await call('GET', `/api/invoices/${invoice._id}/pdf`)
      bytes = (await res.arrayBuffer()).byteLength
      return performance.now() - started
    }
    const firstMs = await draw()
    const times: number[] = []
    for (let i = 0; i < INVOICE_PDFS; i++) times.push(await draw())
    const batch = await measureBatch(server.pid, () =>
      Promise.all(Array.from({ length: AT_ONCE }, draw)),
    )
    return { bytes, firstMs, medianMs: median(times), ...batch }
  })
}

export function renderInvoicePdf(r: InvoicePdfResult): string {
  return [
    `### Invoice PDF (PDF/A-3 with factur-x.xml, EPC QR code and logo; ${Math.round(r.bytes / 1024)} kB), GET /api/invoices/{id}/pdf on the production server`,
    '',
    formatDocumentTable(
      r,
      {
        first: 'first (pdfkit, fonts and logo load) ms',
        median: `median of ${INVOICE_PDFS} one after another ms`,
        batch: `${AT_ONCE} at once, all answered ms`,
        atOnce: AT_ONCE,
      },
      TARGETS,
    ),
  ].join('\n')
}
