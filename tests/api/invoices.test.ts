/**
 * Invoices through the API: drafts with exact totals, numbers consecutive within the year with no
 * gap and no duplicate (twelve issued at once; a deleted draft uses none; two instances on one
 * PostgreSQL database), an issued invoice that never changes, credit notes, reverse charge, partial
 * and full payments and an overpayment refused, sending (the PDF and the link by mail), the
 * deposit invoice of a signed proposal and the final invoice that deducts it, a client kept while
 * an invoice names them, the CSV export and the dashboard's figures.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientResponseSchema } from '#common/schemas/clients.ts'
import {
  InvoiceResponseSchema,
  InvoicesListSchema,
  type Invoice,
} from '#common/schemas/invoices.ts'
import { ProposalResponseSchema } from '#common/schemas/proposals.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { SummarySchema } from '#common/schemas/summary.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { asAdmin, asUser, authHeader, expectError } from '#tests/helpers/auth.ts'
import { makeAdmin } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { changeSettings } from '#tests/helpers/settings.ts'
import { createScratchPostgres, createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'

const DAY = 24 * 60 * 60_000
let clock = Date.parse('2026-12-01T10:00:00Z')

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>

type Inject = Pick<TestApp, 'inject'>

const BILLING = (current: SiteSettings): SiteSettings => ({
  ...current,
  businessName: 'Harbour Pixel Works',
  ownerName: 'Sam Lee',
  billing: {
    ...current.billing,
    legalName: 'Harbour Pixel Works GmbH',
    address: 'Hafenstraße 1\n20457 Hamburg',
    country: 'DE',
    vatId: 'DE123456789',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    paymentTermsDays: 14,
  },
})

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({ env: { SMTP_URL: smtp.url }, now: () => new Date(clock) })
  admin = (await asAdmin(app)).headers
  await changeSettings(app, admin, BILLING)
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

/** Sets the clock to `at`, with the owner signed in anew then (a session lasts days, not months). */
async function setClock(at: number) {
  clock = at
  admin = (await asAdmin(app)).headers
}

let clientCount = 0
async function makeClient(target: Inject, headers: Record<string, string>, extra: object = {}) {
  clientCount += 1
  const res = await target.inject({
    method: 'POST',
    url: '/api/clients',
    headers,
    payload: {
      name: 'Robin Baker',
      email: `robin${clientCount}@crumb.test`,
      company: 'Crumb & Crust GmbH',
      address: 'Backstraße 2\n10115 Berlin',
      country: 'DE',
      ...extra,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return ClientResponseSchema.parse(res.json()).client
}

const ITEMS = [
  { description: 'Design', quantity: '3', unitPrice: '33.33', taxRate: '19' },
  { description: 'Build', quantity: 1.5, unitPrice: '1000.10', taxRate: 19 },
  { description: 'Printed menu', quantity: '7', unitPrice: '0.15', taxRate: '7' },
]

async function draft(
  clientId: string,
  extra: object = {},
  target: Inject = app,
  headers = admin,
): Promise<Invoice> {
  const res = await target.inject({
    method: 'POST',
    url: '/api/invoices',
    headers,
    payload: { clientId, items: ITEMS, ...extra },
  })
  expect(res.statusCode, res.body).toBe(201)
  return InvoiceResponseSchema.parse(res.json()).invoice
}

const post = (url: string, payload?: object, target: Inject = app, headers = admin) =>
  target.inject({ method: 'POST', url, headers, payload })

async function issue(id: string, target: Inject = app, headers = admin): Promise<Invoice> {
  const res = await post(`/api/invoices/${id}/issue`, undefined, target, headers)
  expect(res.statusCode, res.body).toBe(200)
  return InvoiceResponseSchema.parse(res.json()).invoice
}

async function get(id: string): Promise<Invoice> {
  const res = await app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  return InvoiceResponseSchema.parse(res.json()).invoice
}

/** "2026-0007" -> 7 */
const sequenceOf = (number: string | null) => Number(number!.split('-').at(-1))

describe('/api/invoices', () => {
  it('is the admin’s: 401 for a visitor, 403 for a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/invoices' }), 401)
    const user = (await asUser(app)).headers
    expectError(await app.inject({ method: 'GET', url: '/api/invoices', headers: user }), 403)
    expectError(
      await post('/api/invoices', { clientId: crypto.randomUUID(), items: ITEMS }, app, user),
      403,
    )
  })
})

describe('POST /api/invoices', () => {
  it('makes a draft with no number and exact totals: each line to the cent, tax per rate', async () => {
    const client = await makeClient(app, admin)
    const invoice = await draft(client._id, { notes: 'Thank you!' })
    expect(invoice).toMatchObject({
      number: null,
      status: 'draft',
      kind: 'invoice',
      clientId: client._id,
      issueDate: null,
      dueDate: null,
      currency: 'EUR',
      // 3 x 33.33 = 99.99; 1.5 x 1000.10 = 1500.15; 7 x 0.15 = 1.05
      subtotal: '1601.19',
      // 19 % of 1600.14 = 304.0266 -> 304.03; 7 % of 1.05 = 0.0735 -> 0.07
      tax: '304.10',
      total: '1905.29',
      paid: '0.00',
      balance: '1905.29',
      reverseCharge: false,
      notes: 'Thank you!',
      url: null,
    })
    expect(invoice.items.map((item) => item.net)).toEqual(['99.99', '1500.15', '1.05'])
    expect(invoice.taxBreakdown).toEqual([
      { category: 'S', rate: '7', net: '1.05', tax: '0.07' },
      { category: 'S', rate: '19', net: '1600.14', tax: '304.03' },
    ])
  })

  it('refuses an unknown client, no items and a third decimal, naming the field', async () => {
    expectError(
      await post('/api/invoices', { clientId: crypto.randomUUID(), items: ITEMS }),
      400,
      'clientId: No client with this id',
    )
    const client = await makeClient(app, admin)
    expectError(await post('/api/invoices', { clientId: client._id, items: [] }), 400, /^items: /)
    const res = await post('/api/invoices', {
      clientId: client._id,
      items: [{ description: 'X', quantity: 1, unitPrice: '1.001', taxRate: 0 }],
    })
    expectError(res, 400, /^items\.0\.unitPrice: /)
  })

  it('lists newest first, by status, a page at a time', async () => {
    const client = await makeClient(app, admin)
    const open = await draft(client._id)
    const issued = await issue((await draft(client._id))._id)
    const drafts = InvoicesListSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/invoices?status=draft', headers: admin })
      ).json(),
    )
    expect(drafts.invoices.map((i) => i._id)).toContain(open._id)
    expect(drafts.invoices.every((i) => i.status === 'draft')).toBe(true)
    const issuedList = InvoicesListSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/invoices?status=issued', headers: admin })
      ).json(),
    )
    expect(issuedList.invoices.map((i) => i._id)).toContain(issued._id)
    expect(issuedList.invoices.map((i) => i._id)).not.toContain(open._id)
    const all = InvoicesListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/invoices?page=1', headers: admin })).json(),
    )
    expect(all).toMatchObject({ page: 1, pages: Math.ceil(all.total / 20) })
    expect(all.invoices[0]!.createdAt >= all.invoices.at(-1)!.createdAt).toBe(true)
    expect(
      (await app.inject({ method: 'GET', url: '/api/invoices?status=lost', headers: admin }))
        .statusCode,
    ).toBe(400)
  })
})

describe('POST /api/invoices/{id}/issue', () => {
  it('numbers prefix + year + four digits, dates it today and sets the due date from the terms', async () => {
    const client = await makeClient(app, admin)
    const issued = await issue((await draft(client._id))._id)
    expect(issued.number).toMatch(/^2026-\d{4}$/)
    expect(issued).toMatchObject({
      status: 'issued',
      issueDate: '2026-12-01',
      dueDate: '2026-12-15',
      url: expect.stringMatching(/^http:\/\/site\.test\/invoice\/[\w-]{20,}$/),
    })
    const chosen = await issue((await draft(client._id, { dueDate: '2027-01-31' }))._id)
    expect(chosen.dueDate).toBe('2027-01-31')
    expect(sequenceOf(chosen.number)).toBe(sequenceOf(issued.number) + 1)
    expectError(await post(`/api/invoices/${issued._id}/issue`), 409)
  })

  it('gives twelve invoices issued at once twelve consecutive, distinct numbers', async () => {
    const client = await makeClient(app, admin)
    const drafts = await Promise.all(Array.from({ length: 12 }, () => draft(client._id)))
    const answers = await Promise.all(drafts.map((d) => post(`/api/invoices/${d._id}/issue`)))
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const numbers = answers.map((res) => InvoiceResponseSchema.parse(res.json()).invoice.number)
    expect(new Set(numbers).size).toBe(12)
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b)
    expect(sequences).toEqual(Array.from({ length: 12 }, (_, i) => sequences[0]! + i))
  })

  it('uses no number for a deleted draft', async () => {
    const client = await makeClient(app, admin)
    const before = await issue((await draft(client._id))._id)
    const dropped = await draft(client._id)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/invoices/${dropped._id}`,
      headers: admin,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    const after = await issue((await draft(client._id))._id)
    expect(sequenceOf(after.number)).toBe(sequenceOf(before.number) + 1)
  })

  it('dates and numbers by the owner’s time zone, and starts each year at 0001', async () => {
    const saved = clock
    await changeSettings(app, admin, (s) => ({
      ...s,
      booking: { ...s.booking, timeZone: 'Europe/Berlin' },
    }))
    try {
      // 23:30 in London is already New Year's Day in Berlin.
      await setClock(Date.parse('2026-12-31T23:30:00Z'))
      const client = await makeClient(app, admin)
      const issued = await issue((await draft(client._id))._id)
      expect(issued).toMatchObject({ issueDate: '2027-01-01', number: '2027-0001' })
    } finally {
      await setClock(saved)
      await changeSettings(app, admin, (s) => ({
        ...s,
        booking: { ...s.booking, timeZone: 'UTC' },
      }))
    }
  })

  it('takes the prefix of the billing details', async () => {
    await changeSettings(app, admin, (s) => ({
      ...s,
      billing: { ...s.billing, invoicePrefix: 'HPW-' },
    }))
    try {
      const client = await makeClient(app, admin)
      const first = await issue((await draft(client._id))._id)
      expect(first.number).toBe('HPW-2026-0001')
    } finally {
      await changeSettings(app, admin, (s) => ({
        ...s,
        billing: { ...s.billing, invoicePrefix: '' },
      }))
    }
  })
})

describe('an issued invoice', () => {
  it('never changes: PUT and DELETE answer 409, and its document stays as issued', async () => {
    // Its Peppol ID addresses the UBL to a client without a VAT ID.
    const client = await makeClient(app, admin, { peppolId: '0088:5798000000001' })
    const issued = await issue((await draft(client._id))._id)
    const put = await app.inject({
      method: 'PUT',
      url: `/api/invoices/${issued._id}`,
      headers: admin,
      payload: {
        clientId: client._id,
        items: [{ description: 'Other', quantity: 1, unitPrice: 1, taxRate: 0 }],
      },
    })
    expectError(put, 409)
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/invoices/${issued._id}`, headers: admin }),
      409,
    )
    const pdfBefore = await app.inject({
      method: 'GET',
      url: `/api/invoices/${issued._id}/pdf`,
      headers: admin,
    })
    expect(pdfBefore.statusCode).toBe(200)
    // The client's details change; the issued invoice does not.
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/clients/${client._id}`,
      headers: admin,
      payload: {
        name: 'Robin Baker',
        email: client.email,
        company: 'Another Name Ltd',
        country: 'FR',
        vatId: 'FR12345678901',
      },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const again = await get(issued._id)
    expect(again).toMatchObject({
      total: issued.total,
      tax: issued.tax,
      number: issued.number,
      reverseCharge: false,
    })
    const ubl = await app.inject({
      method: 'GET',
      url: `/api/invoices/${issued._id}/ubl`,
      headers: admin,
    })
    expect(ubl.statusCode).toBe(200)
    expect(ubl.headers['content-type']).toMatch(/^application\/xml/)
    expect(ubl.body).toContain(issued.number)
    expect(ubl.body).not.toContain('Another Name Ltd')
  })

  it('keeps its client: a client with an issued invoice cannot be deleted, one with drafts only can', async () => {
    const kept = await makeClient(app, admin)
    await issue((await draft(kept._id))._id)
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/clients/${kept._id}`, headers: admin }),
      409,
    )
    const gone = await makeClient(app, admin)
    const onlyDraft = await draft(gone._id)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${gone._id}`,
      headers: admin,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: `/api/invoices/${onlyDraft._id}`, headers: admin }))
        .statusCode,
    ).toBe(404)
  })
})

describe('POST /api/invoices/{id}/credit', () => {
  it('issues a credit note with the next number, negated amounts and the invoice it corrects', async () => {
    const client = await makeClient(app, admin)
    const original = await issue((await draft(client._id))._id)
    expectError(await post(`/api/invoices/${(await draft(client._id))._id}/credit`), 409)
    const res = await post(`/api/invoices/${original._id}/credit`)
    expect(res.statusCode, res.body).toBe(201)
    const note = InvoiceResponseSchema.parse(res.json()).invoice
    expect(note).toMatchObject({
      kind: 'credit',
      status: 'issued',
      corrects: original._id,
      correctsNumber: original.number,
      subtotal: '-1601.19',
      tax: '-304.10',
      total: '-1905.29',
      issueDate: '2026-12-01',
      balance: '0.00',
    })
    expect(sequenceOf(note.number)).toBe(sequenceOf(original.number) + 1)
    expect(note.taxBreakdown).toEqual([
      { category: 'S', rate: '7', net: '-1.05', tax: '-0.07' },
      { category: 'S', rate: '19', net: '-1600.14', tax: '-304.03' },
    ])
    expect(await get(original._id)).toMatchObject({
      status: 'credited',
      credited: '1905.29',
      balance: '0.00',
    })
    expectError(await post(`/api/invoices/${original._id}/credit`), 409)
    expectError(await post(`/api/invoices/${note._id}/credit`), 409)
    expectError(
      await post(`/api/invoices/${note._id}/payments`, {
        amount: '1',
        date: '2026-12-01',
        method: 'bank',
      }),
      409,
    )
  })
})

describe('reverse charge', () => {
  it('charges a business in another member state no tax, category AE, "Reverse charge"', async () => {
    const client = await makeClient(app, admin, { country: 'FR', vatId: 'FR12345678901' })
    const invoice = await issue((await draft(client._id))._id)
    expect(invoice).toMatchObject({
      reverseCharge: true,
      subtotal: '1601.19',
      tax: '0.00',
      total: '1601.19',
    })
    expect(invoice.taxBreakdown).toEqual([
      { category: 'AE', rate: '0', net: '1601.19', tax: '0.00' },
    ])
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice._id}/pdf`,
      headers: admin,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
  })

  it('keeps the VAT of a consumer abroad and of a business in the seller’s own country', async () => {
    const consumer = await makeClient(app, admin, { company: '', country: 'FR', vatId: '' })
    expect(await draft(consumer._id)).toMatchObject({ reverseCharge: false, tax: '304.10' })
    const local = await makeClient(app, admin, { country: 'DE', vatId: 'DE987654321' })
    expect(await draft(local._id)).toMatchObject({ reverseCharge: false, tax: '304.10' })
  })
})

describe('POST /api/invoices/{id}/payments', () => {
  it('follows partial and full payment, refuses an overpayment naming amount, and a draft', async () => {
    const client = await makeClient(app, admin)
    const open = await draft(client._id)
    expectError(
      await post(`/api/invoices/${open._id}/payments`, {
        amount: '1',
        date: '2026-12-01',
        method: 'bank',
      }),
      409,
    )
    const invoice = await issue(open._id)
    const partly = await post(`/api/invoices/${invoice._id}/payments`, {
      amount: '905.29',
      date: '2026-12-01',
      method: 'bank',
    })
    expect(partly.statusCode, partly.body).toBe(201)
    expect(InvoiceResponseSchema.parse(partly.json()).invoice).toMatchObject({
      status: 'partially_paid',
      paid: '905.29',
      balance: '1000.00',
    })
    expectError(
      await post(`/api/invoices/${invoice._id}/payments`, {
        amount: '1000.01',
        date: '2026-12-01',
        method: 'bank',
      }),
      400,
      /^amount: /,
    )
    expectError(
      await post(`/api/invoices/${invoice._id}/payments`, {
        amount: '10',
        date: '2026-12-02',
        method: 'bank',
      }),
      400,
      /^date: /,
    )
    expectError(
      await post(`/api/invoices/${invoice._id}/payments`, {
        amount: '10',
        date: '2026-12-01',
        method: 'cash',
      }),
      400,
      /^method: /,
    )
    const full = await post(`/api/invoices/${invoice._id}/payments`, {
      amount: 1000,
      date: '2026-12-01',
      method: 'other',
    })
    expect(full.statusCode, full.body).toBe(201)
    const paid = InvoiceResponseSchema.parse(full.json()).invoice
    expect(paid).toMatchObject({ status: 'paid', paid: '1905.29', balance: '0.00' })
    expect(paid.payments.map((p) => [p.amount, p.method])).toEqual([
      ['905.29', 'bank'],
      ['1000.00', 'other'],
    ])
  })

  it('is overdue while a balance remains after the due date, read as of today', async () => {
    const client = await makeClient(app, admin)
    const invoice = await issue((await draft(client._id))._id)
    const saved = clock
    try {
      await setClock(saved + 15 * DAY)
      expect((await get(invoice._id)).status).toBe('overdue')
      const overdue = InvoicesListSchema.parse(
        (
          await app.inject({ method: 'GET', url: '/api/invoices?status=overdue', headers: admin })
        ).json(),
      )
      expect(overdue.invoices.map((i) => i._id)).toContain(invoice._id)
      await post(`/api/invoices/${invoice._id}/payments`, {
        amount: '5',
        date: '2026-12-16',
        method: 'bank',
      })
      expect((await get(invoice._id)).status).toBe('overdue')
    } finally {
      await setClock(saved)
    }
    expect((await get(invoice._id)).status).toBe('partially_paid')
  })
})

describe('POST /api/invoices/{id}/send', () => {
  it('mails the client the PDF and the link to the invoice’s page', async () => {
    const client = await makeClient(app, admin)
    const open = await draft(client._id)
    expectError(await post(`/api/invoices/${open._id}/send`), 409)
    const invoice = await issue(open._id)
    const res = await post(`/api/invoices/${invoice._id}/send`)
    expect(res.statusCode, res.body).toBe(200)
    expect(InvoiceResponseSchema.parse(res.json()).invoice.sentAt).not.toBeNull()
    const mail = await smtp.waitForMailTo(client.email)
    expect(mail.subject).toBe(`Invoice ${invoice.number} from Harbour Pixel Works`)
    expect(mail.text).toContain(invoice.url!)
    expect(mail.text).toContain('€1,905.29')
    expect(mail.text).toContain(
      'See all your documents in your client room: http://site.test/client',
    )
    expect(mail.html).toContain('href="http://site.test/client"')
    const [pdf] = mail.parsed.attachments
    expect(pdf!.contentType).toBe('application/pdf')
    expect(pdf!.filename).toBe(`invoice-${invoice.number}.pdf`)
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-')
  })
})

describe('a signed proposal’s deposit', () => {
  it('is issued and mailed at once, and the final invoice deducts it', async () => {
    const client = await makeClient(app, admin)
    const created = await post('/api/proposals', {
      clientId: client._id,
      title: 'A shop for Crumb & Crust',
      items: ITEMS,
      validUntil: '2026-12-31',
      depositPercent: 30,
    })
    expect(created.statusCode, created.body).toBe(201)
    const proposal = ProposalResponseSchema.parse(created.json()).proposal
    const sent = ProposalResponseSchema.parse(
      (await post(`/api/proposals/${proposal._id}/send`)).json(),
    ).proposal
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/proposals/accept',
      payload: { token: sent.url!.split('/').at(-1), signerName: 'Robin Baker', consent: true },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(ProposalResponseSchema.parse(accepted.json()).proposal.depositStatus).toBe('invoiced')

    const list = InvoicesListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/invoices', headers: admin })).json(),
    )
    const deposit = list.invoices.find((i) => i.proposalId === proposal._id)!
    expect(deposit).toMatchObject({
      kind: 'deposit',
      status: 'issued',
      clientId: client._id,
      // 30 % of 1905.29, as the client signed it.
      total: '571.59',
      issueDate: '2026-12-01',
      number: expect.stringMatching(/^2026-\d{4}$/),
    })
    expect(deposit.sentAt).not.toBeNull()
    const mail = smtp
      .mailsTo(client.email)
      .find((m) => m.subject.startsWith(`Invoice ${deposit.number}`))
    expect(mail, 'the deposit invoice by mail').toBeDefined()
    expect(mail!.parsed.attachments[0]!.contentType).toBe('application/pdf')

    const final = await draft(client._id, { items: [], proposalId: proposal._id })
    expect(final).toMatchObject({ total: '1905.29', prepaid: '571.59', balance: '1333.70' })
    const issued = await issue(final._id)
    expect(issued).toMatchObject({ prepaid: '571.59', balance: '1333.70' })
    expectError(
      await post('/api/invoices', {
        clientId: (await makeClient(app, admin))._id,
        proposalId: proposal._id,
      }),
      400,
      /^proposalId: /,
    )
  })
})

describe('GET /api/invoices/export', () => {
  it('is the year’s issued invoices as CSV for the accountant', async () => {
    const client = await makeClient(app, admin, { company: 'Export Bakery' })
    const invoice = await issue((await draft(client._id))._id)
    const res = await app.inject({
      method: 'GET',
      url: '/api/invoices/export?year=2026',
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = res.body.trim().split('\n')
    expect(lines[0]).toBe('number,issue date,client,net,tax,gross,paid,status')
    expect(lines).toContain(
      `${invoice.number},2026-12-01,Export Bakery,1601.19,304.10,1905.29,0.00,issued`,
    )
    const other = await app.inject({
      method: 'GET',
      url: '/api/invoices/export?year=2025',
      headers: admin,
    })
    expect(other.body.trim().split('\n')).toHaveLength(1)
    expect(
      (await app.inject({ method: 'GET', url: '/api/invoices/export?year=x', headers: admin }))
        .statusCode,
    ).toBe(400)
  })
})

describe('the numbers of the year', () => {
  it('run from 0001 with no gap and no duplicate, whatever the tests above did', async () => {
    const numbers: string[] = []
    for (let page = 1; ; page += 1) {
      const res = InvoicesListSchema.parse(
        (
          await app.inject({ method: 'GET', url: `/api/invoices?page=${page}`, headers: admin })
        ).json(),
      )
      numbers.push(
        ...res.invoices.flatMap((i) => (i.number?.startsWith('2026-') ? [i.number] : [])),
      )
      if (page >= res.pages) break
    }
    const sequences = numbers.map(sequenceOf).sort((a, b) => a - b)
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1))
  })
})

describe('GET /api/summary/summary', () => {
  it('shows this year’s invoiced and paid totals and the overdue balance, beside its figures', async () => {
    const read = async () =>
      SummarySchema.parse(
        (await app.inject({ method: 'GET', url: '/api/summary/summary', headers: admin })).json(),
      )
    const before = await read()
    expect(before.users[0]!.numUsers).toBeGreaterThan(0)
    const client = await makeClient(app, admin)
    const invoice = await issue((await draft(client._id))._id)
    await post(`/api/invoices/${invoice._id}/payments`, {
      amount: '100',
      date: '2026-12-01',
      method: 'bank',
    })
    const after = await read()
    expect(after.invoices.year).toBe(2026)
    expect(Number(after.invoices.invoiced) - Number(before.invoices.invoiced)).toBeCloseTo(
      1905.29,
      2,
    )
    expect(Number(after.invoices.paid) - Number(before.invoices.paid)).toBeCloseTo(100, 2)
    const saved = clock
    try {
      await setClock(saved + 20 * DAY)
      expect(Number((await read()).invoices.overdue)).toBeGreaterThanOrEqual(1805.29)
    } finally {
      await setClock(saved)
    }
  })
})

describe('two instances on one PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>
  const dirs: string[] = []
  const apps: TestApp[] = []

  beforeAll(async () => {
    scratch = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
    for (let i = 0; i < 2; i += 1) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-invoices-'))
      dirs.push(dataDir)
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://site.test',
        RATE_LIMIT_SCALE: '100',
        SESSION_SECRET: 'a-session-secret-both-instances-share-0123456789',
      })
      if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL')
      const database = await openDatabase(config.database)
      await migrateDatabase(database)
      const instance = await buildApp({
        config,
        database,
        now: () => new Date(clock),
        jobsOff: ['link-checks', 'booking', 'invoices', 'backups', 'database-upkeep'],
        web: false,
        logger: false,
      })
      apps.push(
        Object.assign(instance, {
          database,
          cleanup: async () => {
            await instance.close()
            await database.close()
          },
        }),
      )
    }
  })
  afterAll(async () => {
    for (const one of apps) await one.cleanup()
    await scratch?.drop()
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it('number twelve invoices issued at once on both consecutively, with no duplicate', async () => {
    const [a, b] = apps as [TestApp, TestApp]
    const owner = await makeAdmin(a)
    const headers = await authHeader(a, owner)
    const client = await makeClient(a, headers)
    const drafts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => draft(client._id, {}, i % 2 ? b : a, headers)),
    )
    const answers = await Promise.all(
      drafts.map((d, i) => post(`/api/invoices/${d._id}/issue`, undefined, i % 2 ? a : b, headers)),
    )
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const sequences = answers
      .map((res) => sequenceOf(InvoiceResponseSchema.parse(res.json()).invoice.number))
      .sort((x, y) => x - y)
    expect(sequences).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    // The same draft issued on both at once: one number, one 409.
    const twice = await draft(client._id, {}, a, headers)
    const both = await Promise.all(
      [a, b].map((one) => post(`/api/invoices/${twice._id}/issue`, undefined, one, headers)),
    )
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409])
    const last = InvoiceResponseSchema.parse(
      both.find((res) => res.statusCode === 200)!.json(),
    ).invoice
    expect(last.number).toBe('2026-0013')
  })
})
