/**
 * The signed agreement (a PDF drawn by pdfkit in the server when a client signs), on the site of
 * document-site.ts: proposals of four lines at three VAT rates and a page of terms, sent through the
 * API, then signed with POST /api/proposals/accept. The signature's answer comes once the agreement
 * is drawn, stored and queued to both sides, so its time is the time to make the signed PDF and what
 * the signature needs besides (a deposit adds its invoice, measured apart): the first (pdfkit and
 * the fonts load), the median of a run one after another, and the server's peak memory (its whole
 * process tree, VmHWM) while a batch is signed at once, beside its memory before.
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

export const AGREEMENTS = 30
const AT_ONCE = 10
/** Signatures of proposals with a deposit, whose invoice is issued, drawn and mailed with them. */
const WITH_DEPOSIT = 10
const TARGETS = { medianMs: 300, peakMb: 300 }

export interface AgreementPdfResult extends DocumentTimes {
  bytes: number
  depositMedianMs: number
}

const SCOPE = [
  'A new site for the bakery: a home page with the week’s bread, an order form for cakes, and',
  'a page for each shop with its hours. Content is moved from the old site and checked.',
].join(' ')

const TERMS = Array.from(
  { length: 6 },
  (_, i) =>
    `## ${i + 1}. Clause ${i + 1}\n\nThe work is done as the scope says; changes beyond it are ` +
    'agreed in writing and invoiced at the day rate. Each milestone is delivered for review and ' +
    'taken as accepted after ten working days without comments. Invoices are due within 14 days.',
).join('\n\n')

export async function measureAgreementPdf(
  options: DocumentSiteOptions,
): Promise<AgreementPdfResult> {
  return withDocumentSite(options, async ({ server, call, clientId }) => {
    /** A proposal sent to the client; its link's token. */
    const sent = async (n: number, depositPercent = 0) => {
      const { proposal } = (await (
        await call('POST', '/api/proposals', {
          clientId,
          title: `Bakery site ${n}`,
          summary: SCOPE,
          items: DOCUMENT_ITEMS,
          validUntil: '2099-12-31',
          terms: TERMS,
          depositPercent,
        })
      ).json()) as { proposal: { _id: string } }
      const { proposal: out } = (await (
        await call('POST', `/api/proposals/${proposal._id}/send`)
      ).json()) as { proposal: { url: string } }
      return new URL(out.url).pathname.split('/').pop()!
    }
    const tokens: string[] = []
    for (let i = 0; i < 1 + AGREEMENTS + AT_ONCE; i++) tokens.push(await sent(i))
    const depositTokens: string[] = []
    for (let i = 0; i < WITH_DEPOSIT; i++) depositTokens.push(await sent(i, 30))

    const sign = async (token: string) => {
      const started = performance.now()
      const res = await fetch(`${server.url}/api/proposals/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
        body: JSON.stringify({ token, signerName: 'Robin Baker', consent: true }),
      })
      if (!res.ok) throw new Error(`POST /api/proposals/accept: HTTP ${res.status}`)
      return performance.now() - started
    }
    const firstMs = await sign(tokens[0]!)
    const times: number[] = []
    for (const token of tokens.slice(1, 1 + AGREEMENTS)) times.push(await sign(token))
    const depositTimes: number[] = []
    for (const token of depositTokens) depositTimes.push(await sign(token))
    const batch = await measureBatch(server.pid, () =>
      Promise.all(tokens.slice(1 + AGREEMENTS).map(sign)),
    )
    const { proposals } = (await (await call('GET', '/api/proposals')).json()) as {
      proposals: { _id: string }[]
    }
    const pdf = await call('GET', `/api/proposals/${proposals[0]!._id}/pdf`)
    const bytes = (await pdf.arrayBuffer()).byteLength
    return {
      bytes,
      firstMs,
      medianMs: median(times),
      depositMedianMs: median(depositTimes),
      ...batch,
    }
  })
}

export function renderAgreementPdf(r: AgreementPdfResult): string {
  return [
    `### Signed agreement PDF (scope, four items at three VAT rates, six clauses of terms and the signature record; ${Math.round(r.bytes / 1024)} kB), POST /api/proposals/accept on the production server`,
    '',
    formatDocumentTable(
      r,
      {
        first: 'first signature (pdfkit and fonts load) ms',
        median: `median of ${AGREEMENTS} signatures one after another ms`,
        batch: `${AT_ONCE} signed at once, all answered ms`,
        atOnce: AT_ONCE,
      },
      TARGETS,
      [
        [
          `median of ${WITH_DEPOSIT} with a 30 % deposit (its invoice issued, drawn and mailed too) ms`,
          r.depositMedianMs.toFixed(1),
          '-',
          '-',
        ],
      ],
    ),
  ].join('\n')
}
