/**
 * A site that makes documents, for the PDF benches: the production server on a fresh embedded
 * database, signed in as the owner, with billing details, an IBAN (so an invoice draws its EPC QR
 * code), a logo and one business client. `run` gets the server, a JSON caller with the owner's
 * token and the client's id; the server and its data are gone once it resolves. Both benches price
 * the same lines, and report their times and memory in one table's shape.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'
import { processMemory, withPeakMemory } from './measure.ts'
import { formatTable } from './report.ts'

/** Four lines at three VAT rates, with amounts that round. */
export const DOCUMENT_ITEMS = [
  { description: 'Design', quantity: '3', unitPrice: '33.33', taxRate: '19' },
  { description: 'Build', quantity: '1.5', unitPrice: '1000.10', taxRate: '19' },
  { description: 'Printed menu', quantity: '7', unitPrice: '0.15', taxRate: '7' },
  { description: 'Domain transfer', quantity: '1', unitPrice: '12.00', taxRate: '0' },
]

export interface DocumentSite {
  server: ServerProcess
  /** The owner's call: throws on any answer but 2xx. */
  call: (method: string, url: string, body?: unknown) => Promise<Response>
  clientId: string
}

export interface DocumentSiteOptions {
  env: (dataDir: string) => Record<string, string | undefined>
  admin: { email: string; password: string }
}

export async function withDocumentSite<T>(
  options: DocumentSiteOptions,
  run: (site: DocumentSite) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-documents-'))
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
      return await run({ server, call, clientId: client._id })
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

/** The median of measured times (the upper one of an even count). */
export const median = (times: readonly number[]) =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!

/** The server's memory before a batch, its peak (VmHWM) while the batch runs, and the batch's time. */
export async function measureBatch(pid: number, batch: () => Promise<unknown>) {
  const beforeMb = (await processMemory(pid)).rssMb
  const { value: batchMs, peakMb } = await withPeakMemory(pid, async () => {
    const started = performance.now()
    await batch()
    return performance.now() - started
  })
  return { batchMs, beforeMb, peakMb }
}

export interface DocumentTimes {
  /** The first PDF, which loads pdfkit and the fonts. */
  firstMs: number
  medianMs: number
  batchMs: number
  beforeMb: number
  peakMb: number
}

/**
 * A PDF bench's table: the first, the median of a run against its target, `extraRows` after it,
 * then the batch made at once and the server's memory against the peak's target.
 */
export function formatDocumentTable(
  r: DocumentTimes,
  labels: { first: string; median: string; batch: string; atOnce: number },
  targets: { medianMs: number; peakMb: number },
  extraRows: string[][] = [],
): string {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  return formatTable(
    ['measure', 'value', 'target', 'result'],
    [
      [labels.first, r.firstMs.toFixed(0), '-', '-'],
      [
        labels.median,
        r.medianMs.toFixed(1),
        `<= ${targets.medianMs}`,
        verdict(r.medianMs <= targets.medianMs),
      ],
      ...extraRows,
      [labels.batch, r.batchMs.toFixed(0), '-', '-'],
      ['server RSS before the batch MB', r.beforeMb.toFixed(1), '-', '-'],
      [
        `server peak RSS while ${labels.atOnce} are made MB`,
        r.peakMb.toFixed(1),
        `<= ${targets.peakMb}`,
        verdict(r.peakMb <= targets.peakMb),
      ],
    ],
  )
}
