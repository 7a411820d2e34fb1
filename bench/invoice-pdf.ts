/**
 * The invoice PDF (a PDF/A-3 with its factur-x.xml, drawn by pdfkit in the server), on the site of
 * document-site.ts: an invoice of four lines at three VAT rates issued through the API. Then GET
 * /api/invoices/{id}/pdf: the first answer (pdfkit, the fonts and the logo's icon load), the median of a run one after another, and the server's peak memory (its whole process
 * tree, VmHWM) while a batch is asked at once, beside its memory before.
 */
import { median, withDocumentSite, type DocumentSiteOptions } from './document-site.ts'
import { processMemory, withPeakMemory } from './measure.ts'
import { formatTable } from './report.ts'

export const INVOICE_PDFS = 50
const AT_ONCE = 20
const TARGETS = { medianMs: 150, peakMb: 300 }

export interface InvoicePdfResult {
  bytes: number
  firstMs: number
  medianMs: number
  batchMs: number
  beforeMb: number
  peakMb: number
}

const ITEMS = [
  { description: 'Design', quantity: '3', unitPrice: '33.33', taxRate: '19' },
  { description: 'Build', quantity: '1.5', unitPrice: '1000.10', taxRate: '19' },
  { description: 'Printed menu', quantity: '7', unitPrice: '0.15', taxRate: '7' },
  { description: 'Domain transfer', quantity: '1', unitPrice: '12.00', taxRate: '0' },
]

export async function measureInvoicePdf(options: DocumentSiteOptions): Promise<InvoicePdfResult> {
  return withDocumentSite(options, async ({ server, call, clientId }) => {
    const { invoice } = (await (
      await call('POST', '/api/invoices', { clientId, items: ITEMS })
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
    const beforeMb = (await processMemory(server.pid)).rssMb
    const { value: batchMs, peakMb } = await withPeakMemory(server.pid, async () => {
      const started = performance.now()
      await Promise.all(Array.from({ length: AT_ONCE }, draw))
      return performance.now() - started
    })
    return { bytes, firstMs, medianMs: median(times), batchMs, beforeMb, peakMb }
  })
}

export function renderInvoicePdf(r: InvoicePdfResult): string {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  return [
    `### Invoice PDF (PDF/A-3 with factur-x.xml, EPC QR code and logo; ${Math.round(r.bytes / 1024)} kB), GET /api/invoices/{id}/pdf on the production server`,
    '',
    formatTable(
      ['measure', 'value', 'target', 'result'],
      [
        ['first (pdfkit, fonts and logo load) ms', r.firstMs.toFixed(0), '-', '-'],
        [
          `median of ${INVOICE_PDFS} one after another ms`,
          r.medianMs.toFixed(1),
          `<= ${TARGETS.medianMs}`,
          verdict(r.medianMs <= TARGETS.medianMs),
        ],
        [`${AT_ONCE} at once, all answered ms`, r.batchMs.toFixed(0), '-', '-'],
        ['server RSS before the batch MB', r.beforeMb.toFixed(1), '-', '-'],
        [
          `server peak RSS while ${AT_ONCE} are made MB`,
          r.peakMb.toFixed(1),
          `<= ${TARGETS.peakMb}`,
          verdict(r.peakMb <= TARGETS.peakMb),
        ],
      ],
    ),
  ].join('\n')
}
