/**
 * The invoice PDF (a PDF/A-3 with its factur-x.xml, drawn by pdfkit in the server): the production
 * server on a fresh embedded database, with an owner who has billing details, an IBAN (so the EPC
 * QR code is drawn) and a logo, and an invoice of four lines at three VAT rates issued through the
 * API. Then GET /api/invoices/{id}/pdf: the first answer (pdfkit, the fonts and the logo's icon
 * load), the median of a run one after another, and the server's peak memory (its whole process
 * tree, VmHWM) while a batch is asked at once, beside its memory before.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { startServer } from '#tests/helpers/server-process.ts'
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

export async function measureInvoicePdf(options: {
  env: (dataDir: string) => Record<string, string | undefined>
  admin: { email: string; password: string }
}): Promise<InvoicePdfResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-invoice-pdf-'))
  try {
    const server = await startServer({ env: options.env(dataDir), readyTimeoutMs: 300_000 })
    try {
      const signIn = await fetch(`${server.url}/api/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(options.admin),
      })
      const { token } = (await signIn.json()) as { token: string }
      const call = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`${server.url}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`)
        return res
      }
      const form = new FormData()
      const logo = await readFile(path.join(ROOT_DIR, 'tests/fixtures/image.png'))
      form.append('image', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png')
      const uploaded = await fetch(`${server.url}/api/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      const settings = (await (await call('GET', '/api/settings')).json()) as {
        billing: object
      }
      await call('PUT', '/api/settings', {
        ...settings,
        businessName: 'Harbour Pixel Works',
        ownerName: 'Sam Lee',
        logo: (await uploaded.json()) as string,
        billing: {
          ...settings.billing,
          legalName: 'Harbour Pixel Works GmbH',
          address: 'Hafenstraße 1\n20457 Hamburg',
          country: 'DE',
          vatId: 'DE123456789',
          phone: '+49 40 1234567',
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
        },
      })
      const { client } = (await (
        await call('POST', '/api/clients', {
          name: 'Robin Baker',
          email: 'robin@crumb.test',
          company: 'Crumb & Crust GmbH',
          address: 'Backstraße 2\n10115 Berlin',
          country: 'DE',
          vatId: 'DE987654321',
        })
      ).json()) as { client: { _id: string } }
      const { invoice } = (await (
        await call('POST', '/api/invoices', { clientId: client._id, items: ITEMS })
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
      times.sort((a, b) => a - b)
      const beforeMb = (await processMemory(server.pid)).rssMb
      const { value: batchMs, peakMb } = await withPeakMemory(server.pid, async () => {
        const started = performance.now()
        await Promise.all(Array.from({ length: AT_ONCE }, draw))
        return performance.now() - started
      })
      return {
        bytes,
        firstMs,
        medianMs: times[Math.floor(times.length / 2)]!,
        batchMs,
        beforeMb,
        peakMb,
      }
    } catch (err) {
      const tail = server.output().split('\n').filter(Boolean).slice(-40).join('\n')
      throw new Error(`${String(err)}; the server's last lines:\n${tail}`, { cause: err })
    } finally {
      await server.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
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
