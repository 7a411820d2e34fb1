import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { proposalDocumentOf } from '#common/proposal-document.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { ProposalSheet } from './proposal-sheet.tsx'

const site = {
  ...SITE_DEFAULTS,
  billing: { ...SITE_DEFAULTS.billing, country: 'DE', vatId: 'DE123456789' },
}
const draft = {
  title: 'A shop',
  summary: '',
  items: [{ description: 'Build', quantity: '2', unitPrice: '500.00', taxRate: '19' }],
  validUntil: '2026-12-31',
  terms: '',
  depositPercent: '0',
}
const client = {
  name: 'Camille Martin',
  email: 'camille@client.test',
  company: 'Boulangerie Martin SARL',
  address: '',
}

/** The sheet of the draft for a client in `country` with `vatId`: the client's page and the preview. */
const sheetFor = (country: string, vatId: string) =>
  renderToString(
    <ProposalSheet
      document={proposalDocumentOf(draft, { ...client, country, vatId }, site, '2026-12-01')}
      summaryHtml=""
      termsHtml=""
    />,
  )

describe('ProposalSheet', () => {
  it('shows a reverse-charged client no VAT and the reverse-charge notice', () => {
    const html = sheetFor('FR', 'FR40303265045')
    expect(html).toContain('VAT: Reverse charge')
    expect(html).toContain('the recipient accounts for it')
    expect(html).not.toContain('VAT 19 %')
    expect(html).toContain('€1,000.00')
    expect(html).not.toContain('€1,190.00')
  })

  it('shows the VAT to a client in the seller’s country', () => {
    const html = sheetFor('DE', 'DE811907980')
    expect(html).toContain('VAT 19 % on €1,000.00')
    expect(html).toContain('€1,190.00')
    expect(html).not.toContain('Reverse charge')
  })
})
