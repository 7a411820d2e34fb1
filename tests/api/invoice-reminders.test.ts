/**
 * Reminders of overdue invoices, on an injected clock: the client is mailed on each of the billing
 * details' reminder days after the due date, once per day however often the round runs; a paid
 * invoice, one not yet due and a credit note get none; after a pause, the days passed meanwhile
 * make one mail, not several.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientResponseSchema } from '#common/schemas/clients.ts'
import { InvoiceResponseSchema, type Invoice } from '#common/schemas/invoices.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { changeSettings } from '#tests/helpers/settings.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const DAY = 24 * 60 * 60_000
const START = Date.parse('2026-12-01T10:00:00Z')
let clock = START

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({ env: { SMTP_URL: smtp.url }, now: () => new Date(clock) })
  admin = (await asAdmin(app)).headers
  await changeSettings(app, admin, (current) => ({
    ...current,
    businessName: 'Harbour Pixel Works',
    ownerName: 'Sam Lee',
    billing: { ...current.billing, paymentTermsDays: 14, reminderDays: [3, 10] },
  }))
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

let count = 0
/** An invoice issued on START, due 14 days later (2026-12-15), and its client's address. */
async function issuedInvoice(): Promise<{ invoice: Invoice; email: string }> {
  clock = START
  count += 1
  const email = `late${count}@crumb.test`
  const client = ClientResponseSchema.parse(
    (
      await app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: admin,
        payload: { name: 'Robin Baker', email },
      })
    ).json(),
  ).client
  const created = await app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: admin,
    payload: {
      clientId: client._id,
      items: [{ description: 'Build', quantity: 1, unitPrice: '500.00', taxRate: 0 }],
    },
  })
  const { invoice } = InvoiceResponseSchema.parse(created.json())
  const issued = await app.inject({
    method: 'POST',
    url: `/api/invoices/${invoice._id}/issue`,
    headers: admin,
  })
  expect(issued.statusCode, issued.body).toBe(200)
  const result = InvoiceResponseSchema.parse(issued.json()).invoice
  expect(result.dueDate).toBe('2026-12-15')
  return { invoice: result, email }
}

const remindersTo = (email: string) =>
  smtp.mailsTo(email).filter((mail) => mail.subject.startsWith('Reminder:'))

/** Runs the scheduled round `times` times on the day `days` after START. */
async function roundsOn(days: number, times = 1) {
  clock = START + days * DAY
  for (let i = 0; i < times; i += 1) await app.services.invoices.runScheduled()
}

describe('the reminders of overdue invoices', () => {
  it('mail the client on each reminder day after the due date, once each', async () => {
    const { invoice, email } = await issuedInvoice()
    // Due 2026-12-15 (day 14); reminder days 3 and 10: 2026-12-18 and 2026-12-25.
    await roundsOn(14, 2)
    await roundsOn(16, 2)
    expect(remindersTo(email)).toHaveLength(0)
    await roundsOn(17, 3)
    expect(remindersTo(email)).toHaveLength(1)
    const [first] = remindersTo(email)
    expect(first!.subject).toBe(`Reminder: invoice ${invoice.number} is overdue`)
    expect(first!.text).toContain(invoice.url!)
    expect(first!.text).toContain('€500.00')
    expect(first!.text).toContain(
      'See all your documents in your client room: http://site.test/client',
    )
    expect(first!.html).toContain('href="http://site.test/client"')
    await roundsOn(23, 2)
    expect(remindersTo(email)).toHaveLength(1)
    await roundsOn(24, 3)
    expect(remindersTo(email)).toHaveLength(2)
    await roundsOn(60, 3)
    expect(remindersTo(email)).toHaveLength(2)
  })

  it('send no reminder for a paid invoice, one not due yet, or a credit note', async () => {
    const { invoice, email } = await issuedInvoice()
    const paid = await app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice._id}/payments`,
      headers: admin,
      payload: { amount: '500.00', date: '2026-12-01', method: 'bank' },
    })
    expect(paid.statusCode, paid.body).toBe(201)
    const credited = await issuedInvoice()
    const note = await app.inject({
      method: 'POST',
      url: `/api/invoices/${credited.invoice._id}/credit`,
      headers: admin,
    })
    expect(note.statusCode, note.body).toBe(201)
    await roundsOn(30, 2)
    expect(remindersTo(email)).toHaveLength(0)
    expect(remindersTo(credited.email)).toHaveLength(0)
  })

  it('send one mail for the days passed during a pause', async () => {
    const { email } = await issuedInvoice()
    // Day 14 + 12: both reminder days have passed since the last round.
    await roundsOn(26, 3)
    expect(remindersTo(email)).toHaveLength(1)
    await roundsOn(40)
    expect(remindersTo(email)).toHaveLength(1)
  })
})
