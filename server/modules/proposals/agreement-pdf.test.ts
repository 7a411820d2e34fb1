/**
 * The signed agreement's pages as a reader's tool reads them (pdftotext, a page at a time): a
 * heading never ends a page, whatever the terms' length, and long terms go on over as many pages
 * as they need with every heading and paragraph in them.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { ProposalDocument } from '#common/schemas/proposals.ts'
import { agreementPdf } from './agreement-pdf.ts'

const run = promisify(execFile)

const CLAUSES = [
  'Payment',
  'Changes to the scope',
  'Content and materials',
  'Ownership',
  'Confidentiality',
  'Warranty',
  'Liability',
  'Hosting and care',
  'Cancellation',
  'Disputes',
  'Notices',
  'Entire agreement',
]

const sentence =
  'The client provides the texts and images in time for each stage, and each side answers the other within three working days. '

/** Terms of twelve clauses whose paragraphs grow by `extra` sentences: each run breaks elsewhere. */
const termsWith = (extra: number) =>
  CLAUSES.map(
    (title, i) =>
      `## ${i + 1}. ${title}\n\n${sentence.repeat(2 + ((i + extra) % 4) + extra)}\n\n- ${sentence}\n- ${sentence}`,
  ).join('\n\n')

/** A scope of `count` list items: the longer, the lower on its page the terms start. */
const summaryWith = (count: number) =>
  `## What you get\n\n${Array.from({ length: count }, (_, i) => `- Page ${i + 1} of the shop`).join('\n')}`

const document = (terms: string, summary: string): ProposalDocument => ({
  title: 'A new online shop',
  summary,
  items: [
    { description: 'Design', quantity: '3', unitPrice: '650.00', taxRate: '20', net: '1950.00' },
    { description: 'Cards', quantity: '200', unitPrice: '1.25', taxRate: '5', net: '250.00' },
  ] as ProposalDocument['items'],
  subtotal: '2200.00',
  tax: '402.50',
  total: '2602.50',
  taxBreakdown: [
    { rate: '5', net: '250.00', tax: '12.50' },
    { rate: '20', net: '1950.00', tax: '390.00' },
  ],
  currency: 'EUR',
  validUntil: '2099-12-31',
  terms,
  depositPercent: '30',
  depositAmount: '780.75',
  issuedAt: '2026-12-01',
  seller: {
    businessName: 'Rivera Web Studio',
    ownerName: 'Sam Rivera',
    legalName: '',
    address: '1 Main Street',
    country: 'US',
    vatId: '',
    registration: '',
    email: 'sam@example.com',
  },
  buyer: {
    name: 'Robin Baker',
    email: 'robin@example.com',
    company: 'Crumb & Crust Ltd',
    address: '12 Mill Lane',
    country: 'GB',
    vatId: '',
  },
})

/** Each page's lines of text, without the footer every page carries. */
async function pagesOf(pdf: Buffer): Promise<string[][]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agreement-'))
  try {
    const file = path.join(dir, 'agreement.pdf')
    await writeFile(file, pdf)
    const info = (await run('pdfinfo', [file])).stdout
    const count = Number(/^Pages:\s+(\d+)/m.exec(info)![1])
    const pages: string[][] = []
    for (let n = 1; n <= count; n++) {
      const { stdout } = await run('pdftotext', ['-f', String(n), '-l', String(n), file, '-'])
      pages.push(
        stdout
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !/ · page \d+ of \d+$/.test(line)),
      )
    }
    return pages
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const HEADINGS = new Set([
  'Scope',
  'Price',
  'Terms',
  'What you get',
  ...CLAUSES.map((title, i) => `${i + 1}. ${title}`),
])

const signature = {
  name: 'Robin Baker',
  signedAt: new Date('2026-12-02T09:14:00Z'),
  device: 'Firefox on Linux',
  documentHash: 'a'.repeat(64),
}

describe('the signed agreement PDF', () => {
  it('never ends a page with a heading, and carries long terms over the pages whole', async () => {
    let breaks = 0
    // Eight lengths of the same terms, each after a longer scope: the page breaks fall before, on
    // and after the headings, the terms' own title among them.
    for (let extra = 0; extra < 8; extra++) {
      const pages = await pagesOf(
        await agreementPdf(
          document(termsWith(extra), summaryWith(2 + extra * 5)),
          signature,
          '#174ca8',
        ),
      )
      // The terms, then the audit page.
      expect(pages.length).toBeGreaterThanOrEqual(3)
      expect(pages.at(-1)).toContain('Signature record')
      const bodyPages = pages.slice(0, -1)
      breaks += bodyPages.length - 1
      bodyPages.forEach((lines, index) => {
        expect(
          HEADINGS.has(lines.at(-1)!),
          `terms +${extra}: page ${index + 1} ends with the heading "${lines.at(-1)}"`,
        ).toBe(false)
      })
      const text = bodyPages.flat().join('\n')
      for (const [i, title] of CLAUSES.entries()) expect(text).toContain(`${i + 1}. ${title}`)
    }
    expect(breaks).toBeGreaterThanOrEqual(16)
  })
})
