import { describe, expect, it } from 'vitest'
import { vatTotalsOf } from '#common/vat.ts'
import { depositLines } from './deposit-lines.ts'

describe('depositLines', () => {
  it('asks for exactly the signed deposit, split over the proposal’s rates', () => {
    // The proposal of tests/api/proposals.test.ts: 1905.29 in total, a deposit of 30 %.
    const lines = depositLines({
      breakdown: [
        { rate: '7', net: '1.05', tax: '0.07' },
        { rate: '19', net: '1600.14', tax: '304.03' },
      ],
      total: '1905.29',
      depositAmount: '571.59',
      depositPercent: '30',
      description: 'Deposit',
      reverseCharge: false,
    })
    expect(lines.map((line) => line.taxRate)).toEqual(['7', '19'])
    expect(vatTotalsOf(lines, false).total).toBe('571.59')
  })

  it('finds a net for one rate whose tax makes the amount to the cent', () => {
    for (const amount of ['100.00', '0.01', '571.59', '1234.57', '999.99']) {
      const lines = depositLines({
        breakdown: [{ rate: '19', net: '5000.00', tax: '950.00' }],
        total: '5950.00',
        depositAmount: amount,
        depositPercent: '10',
        description: 'Deposit',
        reverseCharge: false,
      })
      expect(lines).toHaveLength(1)
      expect(vatTotalsOf(lines, false).total).toBe(amount)
    }
  })

  it('takes the share of the nets under reverse charge', () => {
    const lines = depositLines({
      breakdown: [{ rate: '19', net: '1000.00', tax: '190.00' }],
      total: '1190.00',
      depositAmount: '357.00',
      depositPercent: '30',
      description: 'Deposit',
      reverseCharge: true,
    })
    expect(vatTotalsOf(lines, true).total).toBe('300.00')
  })
})
