/**
 * Card payments through Stripe: the one file that talks to it. A Checkout Session for what is left
 * to pay on an invoice, and the webhook's events checked against their signature with the official
 * library (`stripe.webhooks.constructEvent` on the raw body). The library is loaded on first use,
 * so a site without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET never loads it.
 */
import Big from 'big.js'
import type Stripe from 'stripe'
import { badRequest } from '#server/lib/http-errors.ts'

/** A completed Checkout Session as the invoices service acts on it. */
export interface CardPaymentEvent {
  /** The event's id: each is acted on once. */
  id: string
  type: string
  /** Set for a paid Checkout Session made for an invoice. */
  payment?: {
    sessionId: string
    invoiceId: string
    /** In the currency's minor units (cents). */
    amountMinor: number
    /** ISO 4217, upper case. */
    currency: string
  }
}

export interface CardPayments {
  /** Starts a Checkout Session for `amount` (decimal text); the address to send the client to. */
  checkout(input: {
    invoiceId: string
    number: string
    amount: string
    currency: string
    email: string
    successUrl: string
    cancelUrl: string
  }): Promise<string>
  /** The event `rawBody` holds, when `signature` is Stripe's for it; else a 400. */
  verify(rawBody: Buffer, signature: string | undefined): Promise<CardPaymentEvent>
}

/** How many digits a currency has after its point (2 for EUR, 0 for JPY), by ISO 4217. */
const minorDigits = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2

/** `amount` (decimal text) in minor units. */
const toMinorUnits = (amount: string, currency: string): number =>
  Number(new Big(amount).times(new Big(10).pow(minorDigits(currency))).round(0, Big.roundHalfUp))

/** `units` minor units as two-place decimal text. */
export const fromMinorUnits = (units: number, currency: string): string =>
  new Big(units).div(new Big(10).pow(minorDigits(currency))).toFixed(2)

const PAID_SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
])

/**
 * Card payments with the account's secret key and the webhook endpoint's signing secret; `api` is
 * where Stripe's API answers (a test's stand-in), api.stripe.com unless given.
 */
export function createCardPayments({
  secretKey,
  webhookSecret,
  api,
}: {
  secretKey: string
  webhookSecret: string
  api?: { host: string; port: number; protocol: 'http' | 'https' }
}): CardPayments {
  let client: Promise<Stripe> | undefined
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeClient }) => new StripeClient(secretKey, api),
    ))

  return {
    async checkout({ invoiceId, number, amount, currency, email, successUrl, cancelUrl }) {
      const session = await (
        await stripe()
      ).checkout.sessions.create({
        mode: 'payment',
        customer_email: email || undefined,
        client_reference_id: invoiceId,
        metadata: { invoiceId },
        payment_intent_data: { metadata: { invoiceId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: currency.toLowerCase(),
              unit_amount: toMinorUnits(amount, currency),
              product_data: { name: `Invoice ${number}` },
            },
          },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
      })
      if (!session.url) throw new Error('Stripe made a Checkout Session without an address')
      return session.url
    },

    async verify(rawBody, signature) {
      if (!signature) throw badRequest('Missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = (await stripe()).webhooks.constructEvent(rawBody, signature, webhookSecret)
      } catch {
        throw badRequest('The Stripe signature does not match')
      }
      if (!PAID_SESSION_EVENTS.has(event.type)) return { id: event.id, type: event.type }
      const session = event.data.object as Stripe.Checkout.Session
      const invoiceId = session.metadata?.invoiceId
      if (session.payment_status !== 'paid' || !invoiceId || session.amount_total === null)
        return { id: event.id, type: event.type }
      return {
        id: event.id,
        type: event.type,
        payment: {
          sessionId: session.id,
          invoiceId,
          amountMinor: session.amount_total,
          currency: (session.currency ?? '').toUpperCase(),
        },
      }
    },
  }
}
