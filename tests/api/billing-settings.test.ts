/**
 * The owner's billing details in the settings (PUT /api/settings `billing`): validated (the IBAN's
 * check digits, the BIC, the country, the currency), normalised, kept when a body leaves them out,
 * and shown to the admin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { BILLING_DEFAULTS } from '#common/site-defaults.ts'

let app: TestApp
let admin: Record<string, string>
let current: SiteSettings

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
  current = SiteSettingsSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
  )
})
afterAll(() => app.cleanup())

const put = (body: object) =>
  app.inject({ method: 'PUT', url: '/api/settings', headers: admin, payload: body })

const billing = {
  legalName: 'Harbour Pixel Works GmbH',
  address: 'Hafenstraße 1\n20457 Hamburg',
  country: 'de',
  vatId: 'DE 123 456 789',
  registration: 'HRB 12345, Amtsgericht Hamburg',
  email: 'Billing@Harbour.example',
  phone: ' +49 (40) 123 4567 ',
  iban: 'de89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  bankName: 'Commerzbank',
  currency: 'eur',
  invoicePrefix: 'HPW-',
  paymentTermsDays: 30,
  defaultTaxRate: 19,
  reminderDays: [10, 3, 10],
}

describe('PUT /api/settings with billing details', () => {
  it('starts empty, in euros, with 14 days to pay and reminders after 3 and 10 days', () => {
    expect(current.billing).toEqual(BILLING_DEFAULTS)
    expect(BILLING_DEFAULTS).toMatchObject({
      currency: 'EUR',
      invoicePrefix: '',
      paymentTermsDays: 14,
      defaultTaxRate: 0,
      reminderDays: [3, 10],
    })
  })

  it('stores them normalised, shows them to the admin and keeps them when a body leaves them out', async () => {
    const saved = await put({ ...current, billing })
    expect(saved.statusCode, saved.body).toBe(200)
    const expected = {
      ...billing,
      country: 'DE',
      vatId: 'DE123456789',
      email: 'billing@harbour.example',
      phone: '+49 (40) 123 4567',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      currency: 'EUR',
      reminderDays: [3, 10],
      peppolId: '',
      vatExemptionReason: '',
    }
    expect(SiteSettingsSchema.parse(saved.json()).billing).toEqual(expected)
    const { billing: _left, ...withoutBilling } = current
    expect((await put({ ...withoutBilling, tagline: 'Still here' })).statusCode).toBe(200)
    const asAdmin = await app.inject({ method: 'GET', url: '/api/settings', headers: admin })
    expect(SiteSettingsSchema.parse(asAdmin.json()).billing).toEqual(expected)

    // A visitor never reads the bank account, the legal address or the tax number.
    const asVisitor = await app.inject({ method: 'GET', url: '/api/settings' })
    expect(SiteSettingsSchema.parse(asVisitor.json()).billing).toEqual(BILLING_DEFAULTS)
    expect(asVisitor.body).not.toContain('DE89370400440532013000')
  })

  it('answers 400 naming billing.iban for an IBAN whose check digits fail, and keeps what was saved', async () => {
    const before = (
      await app.inject({ method: 'GET', url: '/api/settings', headers: admin })
    ).json()
    const res = await put({ ...current, billing: { ...billing, iban: 'DE89370400440532013001' } })
    expectError(res, 400)
    expect(res.json().message).toMatch(/^billing\.iban: IBAN is not valid/)
    expect(
      (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
    ).toEqual(before)
  })

  it('refuses a BIC, a country, a currency, a prefix and terms that are not ones', async () => {
    const cases: [object, RegExp][] = [
      [{ bic: 'NOPE' }, /^billing\.bic: BIC must be/],
      [{ country: 'XX' }, /^billing\.country: Country must be a two-letter country code/],
      [{ currency: 'EUX' }, /^billing\.currency: Currency must be a three-letter currency code/],
      [{ invoicePrefix: 'INV/' }, /^billing\.invoicePrefix: Invoice prefix may hold/],
      [
        { paymentTermsDays: -1 },
        /^billing\.paymentTermsDays: Payment terms must be 0 days or more/,
      ],
      [
        { defaultTaxRate: 19.555 },
        /^billing\.defaultTaxRate: Default tax rate must have at most 2/,
      ],
      [{ vatId: '123' }, /^billing\.vatId: VAT ID must start with its country code/],
      [{ phone: 'call me' }, /^billing\.phone: Phone must be a telephone number/],
    ]
    for (const [change, message] of cases) {
      const res = await put({ ...current, billing: { ...billing, ...change } })
      expect(res.statusCode, JSON.stringify(change)).toBe(400)
      expect(res.json().message).toMatch(message)
    }
  })

  it('reads billing details saved without a phone as having none', async () => {
    const { phone: _none, ...withoutPhone } = billing
    const res = await put({ ...current, billing: withoutPhone })
    expect(res.statusCode, res.body).toBe(200)
    expect(SiteSettingsSchema.parse(res.json()).billing.phone).toBe('')
  })
})
