/**
 * Money, exactly: amounts are decimal strings with two places ("1234.50"), never floats. A line's
 * net is quantity x unit price rounded half up to the cent; the tax of each VAT rate is that rate
 * applied to the sum of its lines' nets, rounded half up (EN 16931's VAT breakdown, BR-CO-17); the
 * total is the nets plus the taxes. The editor's preview and the server compute with this one file,
 * so what the owner sees before sending is what the client is asked to sign.
 */
import Big from 'big.js'

/** A line as the owner enters it: decimal strings (or numbers) for quantity, price and rate. */
export interface LineInput {
  quantity: string | number
  unitPrice: string | number
  /** Percent: "19" is 19 %. */
  taxRate: string | number
}

/** Tax of one rate: the sum of its lines' nets and the tax on that sum. */
interface TaxBreakdown {
  rate: string
  net: string
  tax: string
}

export interface Totals {
  /** Each line's net, in the lines' order. */
  lineNets: string[]
  subtotal: string
  tax: string
  total: string
  /** One entry per rate, lowest rate first. */
  breakdown: TaxBreakdown[]
}

const cents = (value: Big) => value.round(2, Big.roundHalfUp)

/** `value` as a normalised decimal string ("2.50" stays "2.5", "007" is "7"). */
export const decimalText = (value: string | number): string => new Big(value).toString()

/** `percent` of `amount`, to the cent, half up (a deposit's share). */
export const percentOf = (amount: string, percent: string | number): string =>
  cents(new Big(amount).times(percent).div(100)).toFixed(2)

/** Whether `value` is a decimal number Big reads (digits, one point, an optional sign). */
export function isDecimal(value: string | number): boolean {
  if (typeof value === 'number') return Number.isFinite(value)
  if (!/^-?\d+(?:\.\d+)?$/.test(value.trim())) return false
  return true
}

/** How many digits `value` has after its point. */
export const decimalPlaces = (value: string | number): number => {
  const [, fraction = ''] = new Big(value).toFixed().split('.')
  return fraction.length
}

/** The totals of `lines`, computed as the file's comment says. */
export function totalsOf(lines: readonly LineInput[]): Totals {
  const lineNets = lines.map((line) => cents(new Big(line.quantity).times(line.unitPrice)))
  const byRate = new Map<string, Big>()
  lines.forEach((line, index) => {
    const rate = decimalText(line.taxRate)
    byRate.set(rate, (byRate.get(rate) ?? new Big(0)).plus(lineNets[index]!))
  })
  const breakdown = [...byRate.entries()]
    .sort(([a], [b]) => new Big(a).cmp(b))
    .map(([rate, net]) => ({ rate, net, tax: cents(net.times(rate).div(100)) }))
  const subtotal = lineNets.reduce((sum, net) => sum.plus(net), new Big(0))
  const tax = breakdown.reduce((sum, entry) => sum.plus(entry.tax), new Big(0))
  return {
    lineNets: lineNets.map((net) => net.toFixed(2)),
    subtotal: subtotal.toFixed(2),
    tax: tax.toFixed(2),
    total: subtotal.plus(tax).toFixed(2),
    breakdown: breakdown.map(({ rate, net, tax: rateTax }) => ({
      rate,
      net: net.toFixed(2),
      tax: rateTax.toFixed(2),
    })),
  }
}

/**
 * `amount` (two-place text) in `currency` for a reader: "€1,234.50". Intl reads a string as an
 * exact decimal (ECMA-402's NumberFormat v3), so no amount is ever shown through a float.
 */
export function formatMoney(amount: string, currency: string, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    amount as unknown as number,
  )
}

/** What a client has left to pay in one currency, and on how many invoices. */
export interface AmountDue {
  currency: string
  amount: string
  invoices: number
}

/**
 * What is left to pay on `invoices`, per currency (by its code, A to Z): the sum
 * of each invoice's balance above zero. A credit note owes nothing (its amounts are negative): what
 * it corrects is already off its invoice's balance, so its own total is never counted again.
 */
export function dueByCurrency(
  invoices: readonly { kind: string; currency: string; balance: string }[],
): AmountDue[] {
  const due = new Map<string, { amount: Big; invoices: number }>()
  for (const invoice of invoices) {
    if (invoice.kind === 'credit' || !new Big(invoice.balance).gt(0)) continue
    const entry = due.get(invoice.currency) ?? { amount: new Big(0), invoices: 0 }
    due.set(invoice.currency, {
      amount: entry.amount.plus(invoice.balance),
      invoices: entry.invoices + 1,
    })
  }
  return [...due]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, { amount, invoices: count }]) => ({
      currency,
      amount: amount.toFixed(2),
      invoices: count,
    }))
}
