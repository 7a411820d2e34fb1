/**
 * The lines of a deposit invoice: the share of a signed proposal's total the client agreed to pay
 * first, split over the proposal's VAT rates as its total is, each line's net chosen so that net
 * plus its tax is that rate's part to the cent. The deposit invoice then asks for exactly the
 * amount the client signed ("a deposit of 571.59"), with the VAT each rate owes on it.
 */
import Big from 'big.js'
import type { LineItem } from '#common/schemas/billing.ts'

interface RatePart {
  rate: string
  net: string
  tax: string
}

const cents = (value: Big) => value.round(2, Big.roundHalfUp)
const taxOf = (net: Big, rate: string) => cents(net.times(rate).div(100))

/** The net whose tax at `rate` makes `gross`, to the cent; the nearest when none does. */
function netFor(gross: Big, rate: string): Big {
  const guess = cents(gross.div(new Big(rate).div(100).plus(1)))
  for (const step of [0, 1, -1, 2, -2]) {
    const net = guess.plus(new Big(step).div(100))
    if (net.plus(taxOf(net, rate)).eq(gross)) return net
  }
  return guess
}

/**
 * One line per VAT rate of `breakdown` (the proposal's) for `depositAmount` of its `total`;
 * under reverse charge (no tax), `depositPercent` of each rate's net.
 */
export function depositLines({
  breakdown,
  total,
  depositAmount,
  depositPercent,
  description,
  reverseCharge,
}: {
  breakdown: readonly RatePart[]
  total: string
  depositAmount: string
  depositPercent: string
  description: string
  reverseCharge: boolean
}): LineItem[] {
  const parts = breakdown.filter((part) => !new Big(part.net).eq(0))
  // A part's line: one of it, at its net, named after its rate when there are several.
  const lineOf = (rate: string, net: string): LineItem => ({
    description: parts.length > 1 ? `${description} (VAT ${rate} %)` : description,
    quantity: '1',
    unitPrice: net,
    taxRate: rate,
    net,
  })
  if (reverseCharge)
    return parts.map((part) => {
      return lineOf(part.rate, cents(new Big(part.net).times(depositPercent).div(100)).toFixed(2))
    })
  const deposit = new Big(depositAmount)
  let left = deposit
  return parts.map((part, index) => {
    const gross = new Big(part.net).plus(part.tax)
    const share =
      index === parts.length - 1 || new Big(total).eq(0)
        ? left
        : cents(deposit.times(gross).div(total))
    left = left.minus(share)
    return lineOf(part.rate, netFor(share, part.rate).toFixed(2))
  })
}
