/**
 * Card payments through Stripe's webhook: an event signed with the test secret as Stripe signs it
 * (the official library's generateTestHeaderString) records a card payment of its amount once,
 * however often and however concurrently it arrives; a wrong or missing signature answers 400 and
 * records nothing; events that pay nothing record nothing; without the two variables the webhook
 * is not there.
 */
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientResponseSchema } from '#common/schemas/clients.ts'
import { InvoiceResponseSchema, type Invoice } from '#common/schemas/invoices.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const SECRET = 'whsec_test_secret_for_the_invoices_tests'
const WEBHOOK = '/api/payments/stripe/webhook'
const clock = Date.parse('2026-12-01T10:00:00Z')

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_not_used_by_these_tests', STRIPE_WEBHOOK_SECRET: SECRET },
    now: () => new Date(clock),
  })
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

let count = 0
async function issuedInvoice(): Promise<Invoice> {
  count += 1
  const client = ClientResponseSchema.parse(
    (
      await app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: admin,
        payload: { name: 'Robin Baker', email: `card${count}@crumb.test` },
      })
    ).json(),
  ).client
  const created = await app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: admin,
    payload: {
      clientId: client._id,
      items: [{ description: 'Build', quantity: 1, unitPrice: '1000.00', taxRate: 19 }],
    },
  })
  const { invoice } = InvoiceResponseSchema.parse(created.json())
  const issued = await app.inject({
    method: 'POST',
    url: `/api/invoices/${invoice._id}/issue`,
    headers: admin,
  })
  expect(issued.statusCode, issued.body).toBe(200)
  return InvoiceResponseSchema.parse(issued.json()).invoice
}

async function get(id: string) {
  return InvoiceResponseSchema.parse(
    (await app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: admin })).json(),
  ).invoice
}

/** A checkout.session.completed event's body, as Stripe sends it. */
function sessionEvent(
  invoiceId: string,
  {
    eventId = `evt_${crypto.randomUUID()}`,
    sessionId = `cs_test_${crypto.randomUUID()}`,
    amount = 119_000,
    paymentStatus = 'paid',
    type = 'checkout.session.completed',
  } = {},
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(clock / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: paymentStatus,
        status: 'complete',
        amount_total: amount,
        currency: 'eur',
        metadata: { invoiceId },
      },
    },
  })
}

/** Posts `payload` to the webhook with Stripe's signature header for it (or `signature`). */
const deliver = (
  payload: string,
  signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
) =>
  app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  })

describe('POST /api/payments/stripe/webhook', () => {
  it('records a paid Checkout Session as one card payment, however often it arrives', async () => {
    const invoice = await issuedInvoice()
    expect(invoice.total).toBe('1190.00')
    const payload = sessionEvent(invoice._id)
    const first = await deliver(payload)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ received: true })
    // Stripe retries: the same event again, and several at once.
    const again = await Promise.all([deliver(payload), deliver(payload), deliver(payload)])
    for (const res of again) expect(res.statusCode, res.body).toBe(200)
    const paid = await get(invoice._id)
    expect(paid).toMatchObject({ status: 'paid', paid: '1190.00', balance: '0.00' })
    expect(paid.payments).toHaveLength(1)
    expect(paid.payments[0]).toMatchObject({
      amount: '1190.00',
      method: 'card',
      date: '2026-12-01',
    })
  })

  it('records one payment for a session that two events report', async () => {
    const invoice = await issuedInvoice()
    const sessionId = `cs_test_${crypto.randomUUID()}`
    expect(
      (await deliver(sessionEvent(invoice._id, { sessionId, amount: 50_000 }))).statusCode,
    ).toBe(200)
    expect(
      (
        await deliver(
          sessionEvent(invoice._id, {
            sessionId,
            amount: 50_000,
            type: 'checkout.session.async_payment_succeeded',
          }),
        )
      ).statusCode,
    ).toBe(200)
    expect(await get(invoice._id)).toMatchObject({
      status: 'partially_paid',
      paid: '500.00',
      balance: '690.00',
    })
  })

  it('answers 400 to a wrong or missing signature and records nothing', async () => {
    const invoice = await issuedInvoice()
    const payload = sessionEvent(invoice._id)
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someone_else',
    })
    expectError(await deliver(payload, forged), 400)
    const tampered = sessionEvent(invoice._id, { amount: 1 })
    expectError(
      await deliver(
        tampered,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      ),
      400,
    )
    const missing = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expectError(missing, 400)
    expect(await get(invoice._id)).toMatchObject({ paid: '0.00', payments: [] })
    // The genuine event is still recorded afterwards: the refused ones left no trace of its id.
    expect((await deliver(payload)).statusCode).toBe(200)
    expect((await get(invoice._id)).paid).toBe('1190.00')
  })

  it('records nothing for a session not paid, or an event of another kind', async () => {
    const invoice = await issuedInvoice()
    expect((await deliver(sessionEvent(invoice._id, { paymentStatus: 'unpaid' }))).statusCode).toBe(
      200,
    )
    expect(
      (await deliver(sessionEvent(invoice._id, { type: 'checkout.session.expired' }))).statusCode,
    ).toBe(200)
    expect((await get(invoice._id)).paid).toBe('0.00')
  })
})

describe('without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', () => {
  it('has no webhook: 404, nothing recorded', async () => {
    const plain = await createTestApp()
    try {
      const payload = sessionEvent(crypto.randomUUID())
      const res = await plain.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      })
      expectError(res, 404)
    } finally {
      await plain.cleanup()
    }
  })
})
