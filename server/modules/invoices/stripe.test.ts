import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCardPayments, fromMinorUnits } from './stripe.ts'

/** A stand-in for Stripe's API: records each request, answers a Checkout Session. */
const requests: { path: string; auth: string; form: URLSearchParams }[] = []
const server = createServer((request: IncomingMessage, response) => {
  let body = ''
  request.on('data', (chunk: Buffer) => (body += chunk.toString()))
  request.on('end', () => {
    requests.push({
      path: request.url ?? '',
      auth: request.headers.authorization ?? '',
      form: new URLSearchParams(body),
    })
    response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' })
    response.end(
      JSON.stringify({
        id: 'cs_test_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      }),
    )
  })
})
let port = 0

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('createCardPayments', () => {
  it('starts a Checkout Session for what is left to pay, in minor units, naming the invoice', async () => {
    const cards = createCardPayments({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_x',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    })
    const url = await cards.checkout({
      invoiceId: 'c2a4b1de-0000-4000-8000-000000000001',
      number: '2026-0007',
      amount: '1333.70',
      currency: 'EUR',
      email: 'robin@crumb.test',
      successUrl: 'http://site.test/invoice/abc?card=paid',
      cancelUrl: 'http://site.test/invoice/abc',
    })
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_1')
    const [sent] = requests
    expect(sent!.path).toBe('/v1/checkout/sessions')
    expect(sent!.auth).toBe('Bearer sk_test_123')
    const form = sent!.form
    expect(form.get('mode')).toBe('payment')
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('133370')
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur')
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Invoice 2026-0007')
    expect(form.get('metadata[invoiceId]')).toBe('c2a4b1de-0000-4000-8000-000000000001')
    expect(form.get('customer_email')).toBe('robin@crumb.test')
    expect(form.get('success_url')).toBe('http://site.test/invoice/abc?card=paid')
  })

  it('reads minor units by the currency’s digits', () => {
    expect(fromMinorUnits(133_370, 'EUR')).toBe('1333.70')
    expect(fromMinorUnits(5000, 'JPY')).toBe('5000.00')
  })
})
