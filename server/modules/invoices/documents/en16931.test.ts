import { describe, expect, it } from 'vitest'
import type { InvoiceDocument, InvoiceParty } from '../invoice-document.ts'
import { addressOf, en16931Of, endpointOf } from './en16931.ts'

const party = (addressLines: string[], extra: Partial<InvoiceParty> = {}): InvoiceParty => ({
  name: 'Crumb & Crust GmbH',
  contactName: 'Robin Baker',
  addressLines,
  country: 'DE',
  vatId: '',
  registration: '',
  email: 'robin@crumb.test',
  ...extra,
})

const document = (extra: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  number: '2026-0001',
  issueDate: '2026-12-01',
  dueDate: '2026-12-15',
  currency: 'EUR',
  corrects: null,
  seller: party(['Hafenstraße 1', '20457 Hamburg'], { vatId: 'DE123456789' }),
  buyer: party(['Backstraße 2', '10115 Berlin']),
  payment: { iban: 'DE89370400440532013000', bic: '', bankName: '', reference: '2026-0001' },
  paymentTerms: 'Payable by 15 December 2026',
  lines: [
    {
      description: 'Build',
      quantity: '2',
      unitPrice: '100.00',
      taxRate: '19',
      category: 'S',
      net: '200.00',
    },
    {
      description: 'Discount',
      quantity: '1',
      unitPrice: '-20.00',
      taxRate: '19',
      category: 'S',
      net: '-20.00',
    },
  ],
  breakdown: [{ category: 'S', rate: '19', net: '180.00', tax: '34.20', exemptionReason: '' }],
  subtotal: '180.00',
  tax: '34.20',
  total: '214.20',
  prepaid: '0.00',
  due: '214.20',
  reverseCharge: false,
  notes: '',
  reference: '',
  brand: { businessName: 'Harbour', accentColor: '#0d9488' },
  ...extra,
})

describe('addressOf', () => {
  it('reads the last line as postcode and city, in the shapes Europe writes them', () => {
    expect(addressOf(party(['Hafenstraße 1', '20457 Hamburg']))).toEqual({
      lines: ['Hafenstraße 1'],
      postcode: '20457',
      city: 'Hamburg',
      country: 'DE',
    })
    expect(addressOf(party(['Damrak 1', '1012 AB Amsterdam']))).toMatchObject({
      postcode: '1012 AB',
      city: 'Amsterdam',
    })
    expect(addressOf(party(['1 rue X', 'L-1611 Luxembourg']))).toMatchObject({
      postcode: 'L-1611',
      city: 'Luxembourg',
    })
    expect(addressOf(party(['10 Downing Street', 'London']))).toMatchObject({
      postcode: '',
      city: 'London',
    })
    expect(addressOf(party(['a', 'b', 'c', 'd', '10115 Berlin'])).lines).toEqual(['a', 'b', 'c, d'])
    expect(addressOf(party(['Hafenstraße 1, 20457 Hamburg'])).lines).toEqual([
      'Hafenstraße 1, 20457 Hamburg',
    ])
  })
})

describe('endpointOf', () => {
  it('addresses a party by its VAT number under its country’s scheme, else by e-mail', () => {
    expect(endpointOf({ vatId: 'DE123456789', email: 'a@b.test' })).toEqual({
      scheme: '9930',
      id: 'DE123456789',
    })
    expect(endpointOf({ vatId: 'BE0123456789', email: '' })).toEqual({
      scheme: '0208',
      id: '0123456789',
    })
    expect(endpointOf({ vatId: '', email: 'a@b.test' })).toEqual({ scheme: 'EM', id: 'a@b.test' })
    expect(endpointOf({ vatId: '', email: '' })).toBeNull()
  })
})

describe('en16931Of', () => {
  it('states a negative line as a negative quantity at a positive price (BR-27)', () => {
    const [, discount] = en16931Of(document()).lines
    expect(discount).toMatchObject({ quantity: '-1', netPrice: '20.00', net: '-20.00' })
  })

  it('states a credit note positive, settled between the parties, with the invoice it corrects', () => {
    const credit = en16931Of(
      document({
        kind: 'credit',
        number: '2026-0002',
        corrects: { number: '2026-0001', issueDate: '2026-12-01' },
        lines: document().lines.map((line) => ({
          ...line,
          unitPrice: line.unitPrice.startsWith('-')
            ? line.unitPrice.slice(1)
            : `-${line.unitPrice}`,
          net: line.net.startsWith('-') ? line.net.slice(1) : `-${line.net}`,
        })),
        breakdown: [
          { category: 'S', rate: '19', net: '-180.00', tax: '-34.20', exemptionReason: '' },
        ],
        subtotal: '-180.00',
        tax: '-34.20',
        total: '-214.20',
        due: '-214.20',
      }),
    )
    expect(credit).toMatchObject({
      typeCode: '381',
      dueDate: '',
      preceding: { number: '2026-0001' },
      payment: { meansCode: '97', account: null },
      totals: { lineNet: '180.00', tax: '34.20', taxInclusive: '214.20', payable: '214.20' },
      vat: [{ basis: '180.00', tax: '34.20' }],
    })
    expect(credit.lines.map((line) => [line.quantity, line.netPrice, line.net])).toEqual([
      ['2', '100.00', '200.00'],
      ['-1', '20.00', '-20.00'],
    ])
  })

  it('gives a reverse-charged breakdown its reason and code, and the document its note', () => {
    const reversed = en16931Of(
      document({
        reverseCharge: true,
        breakdown: [
          {
            category: 'AE',
            rate: '0',
            net: '180.00',
            tax: '0.00',
            exemptionReason: 'Reverse charge',
          },
        ],
      }),
    )
    expect(reversed.notes).toEqual(['Reverse charge'])
    expect(reversed.vat[0]).toMatchObject({
      exemptionReason: 'Reverse charge',
      exemptionCode: 'VATEX-EU-AE',
    })
  })
})
