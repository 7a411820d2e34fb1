import { describe, expect, it } from 'vitest'
import { EU_MEMBER_STATES, isReverseCharge, lineVat, vatTotalsOf } from './vat.ts'

describe('isReverseCharge', () => {
  it('charges a business in another member state in reverse', () => {
    expect(isReverseCharge({ sellerCountry: 'DE', buyerCountry: 'FR', buyerVatId: 'FR1234' })).toBe(
      true,
    )
    expect(
      isReverseCharge({ sellerCountry: 'de', buyerCountry: 'gr', buyerVatId: 'EL12345' }),
    ).toBe(true)
  })

  it('keeps the VAT of a consumer, a buyer in the same country, and parties outside the EU', () => {
    expect(isReverseCharge({ sellerCountry: 'DE', buyerCountry: 'FR', buyerVatId: '' })).toBe(false)
    expect(isReverseCharge({ sellerCountry: 'DE', buyerCountry: 'DE', buyerVatId: 'DE1234' })).toBe(
      false,
    )
    expect(isReverseCharge({ sellerCountry: 'DE', buyerCountry: 'CH', buyerVatId: 'CHE123' })).toBe(
      false,
    )
    expect(isReverseCharge({ sellerCountry: 'GB', buyerCountry: 'FR', buyerVatId: 'FR1234' })).toBe(
      false,
    )
    expect(isReverseCharge({ sellerCountry: '', buyerCountry: 'FR', buyerVatId: 'FR1234' })).toBe(
      false,
    )
  })

  it('knows the 27 member states', () => {
    expect(EU_MEMBER_STATES.size).toBe(27)
    expect(EU_MEMBER_STATES.has('GB')).toBe(false)
  })
})

describe('lineVat', () => {
  it('is AE at no rate when reverse-charged, else S for a rate and Z for none', () => {
    expect(lineVat('19', true)).toEqual({ rate: '0', category: 'AE' })
    expect(lineVat('19', false)).toEqual({ rate: '19', category: 'S' })
    expect(lineVat('0', false)).toEqual({ rate: '0', category: 'Z' })
    expect(lineVat(0, false)).toEqual({ rate: '0', category: 'Z' })
  })
})

describe('vatTotalsOf', () => {
  const lines = [
    { quantity: '2', unitPrice: '100', taxRate: '19' },
    { quantity: '1', unitPrice: '10', taxRate: '0' },
  ]

  it('taxes each rate on the sum of its lines, S and Z', () => {
    expect(vatTotalsOf(lines, false)).toMatchObject({
      subtotal: '210.00',
      tax: '38.00',
      total: '248.00',
      breakdown: [
        { category: 'Z', rate: '0', net: '10.00', tax: '0.00' },
        { category: 'S', rate: '19', net: '200.00', tax: '38.00' },
      ],
    })
  })

  it('charges no tax in reverse, one AE entry', () => {
    expect(vatTotalsOf(lines, true)).toMatchObject({
      tax: '0.00',
      total: '210.00',
      breakdown: [{ category: 'AE', rate: '0', net: '210.00', tax: '0.00' }],
    })
  })
})
