/**
 * Clients and proposals through the API: a client made from an inquiry, a proposal's totals
 * computed exactly, sending (the link mailed, the inquiry at "proposal", the content fixed), the
 * client's acceptance (signature, device, hash, the signed PDF to both sides, the inquiry "won",
 * the deposit due), a second acceptance refused, an expired one gone, a decline told to the owner,
 * and the EU reverse charge applied as the invoices apply it.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientResponseSchema, ClientsListSchema } from '#common/schemas/clients.ts'
import { MessageSchema } from '#common/schemas/messages.ts'
import { InvoiceResponseSchema, InvoicesListSchema } from '#common/schemas/invoices.ts'
import { ProposalResponseSchema, type Proposal } from '#common/schemas/proposals.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { changeSettings } from '#tests/helpers/settings.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const run = promisify(execFile)
const OWNER = 'owner@proposals.test'
const DAY = 24 * 60 * 60_000
let clock = Date.parse('2026-12-01T10:00:00Z')

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let scratch: string

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER },
    now: () => new Date(clock),
  })
  admin = (await asAdmin(app)).headers
  scratch = await mkdtemp(path.join(os.tmpdir(), 'site-proposals-'))
  await changeSettings(app, admin, (current) => ({
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
    },
  }))
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
  await rm(scratch, { recursive: true, force: true })
})

async function inquiry(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages/contact',
    payload: { fullName: 'Robin Baker', email, subject: 'A new shop', message: 'We bake bread.' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return MessageSchema.parse(res.json())._id
}

async function stageOf(id: string) {
  const res = await app.inject({ method: 'GET', url: '/api/messages/admin', headers: admin })
  return (res.json() as { messages: { _id: string; stage: string }[] }).messages.find(
    (m) => m._id === id,
  )?.stage
}

async function makeClient(email: string, messageId?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: { name: 'Robin Baker', email, company: 'Crumb & Crust Ltd', country: 'de', messageId },
  })
  expect(res.statusCode, res.body).toBe(201)
  return ClientResponseSchema.parse(res.json()).client
}

const ITEMS = [
  { description: 'Design', quantity: '3', unitPrice: '33.33', taxRate: '19' },
  { description: 'Build', quantity: 1.5, unitPrice: '1000.10', taxRate: 19 },
  { description: 'Printed menu', quantity: '7', unitPrice: '0.15', taxRate: '7' },
]

async function draft(clientId: string, extra: object = {}): Promise<Proposal> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: admin,
    payload: {
      clientId,
      title: 'A shop for Crumb & Crust',
      summary: '## Scope\n\n- A shop\n- A menu',
      items: ITEMS,
      validUntil: '2026-12-31',
      terms: '## Payment\n\nHalf up front.',
      depositPercent: 30,
      ...extra,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return ProposalResponseSchema.parse(res.json()).proposal
}

async function send(id: string): Promise<Proposal> {
  const res = await app.inject({ method: 'POST', url: `/api/proposals/${id}/send`, headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  return ProposalResponseSchema.parse(res.json()).proposal
}

const tokenOf = (proposal: Proposal) => proposal.url!.split('/').at(-1)!

const accept = (token: string, signerName = 'Robin Baker', consent: unknown = true) =>
  app.inject({
    method: 'POST',
    url: '/api/proposals/accept',
    headers: { 'user-agent': 'Mozilla/5.0 (Test Phone)' },
    payload: { token, signerName, consent },
  })

async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.pdf`)
  await writeFile(file, bytes)
  return (await run('pdftotext', ['-layout', file, '-'])).stdout
}

describe('clients', () => {
  it('are the admin’s: 401 for a visitor, 403 for a user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401)
    const user = (await asUser(app)).headers
    expect(
      (await app.inject({ method: 'GET', url: '/api/clients', headers: user })).statusCode,
    ).toBe(403)
  })

  it('are made from an inquiry, listed, changed, refused twice for one e-mail and deleted', async () => {
    const messageId = await inquiry('robin@crumb.test')
    const client = await makeClient('Robin@Crumb.test', messageId)
    expect(client).toMatchObject({
      name: 'Robin Baker',
      email: 'robin@crumb.test',
      company: 'Crumb & Crust Ltd',
      country: 'DE',
      vatId: '',
      messageId,
    })
    const again = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: 'Someone', email: 'robin@crumb.test' },
    })
    expectError(again, 409, 'A client with this e-mail already exists')
    const list = ClientsListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/clients', headers: admin })).json(),
    )
    expect(list.clients.map((c) => c._id)).toContain(client._id)
    expect(list.total).toBe(list.clients.length)

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/clients/${client._id}`,
      headers: admin,
      payload: { name: 'Robin Baker', email: 'robin@crumb.test', vatId: 'FR 12 345678901' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(ClientResponseSchema.parse(changed.json()).client).toMatchObject({
      vatId: 'FR12345678901',
      messageId,
    })
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${client._id}`,
      headers: admin,
    })
    expect(deleted.statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: `/api/clients/${client._id}`, headers: admin }))
        .statusCode,
    ).toBe(404)
  })

  it('refuses an unknown inquiry and a country that is not one', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: {
        name: 'X',
        email: 'x@crumb.test',
        messageId: '00000000-0000-4000-8000-000000000000',
      },
    })
    expectError(bad, 400, 'messageId: No inquiry with this id')
    const country = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: 'X', email: 'x@crumb.test', country: 'XX' },
    })
    expect(country.statusCode).toBe(400)
    expect(country.json().message).toMatch(/^country: /)
  })
})

describe('a proposal’s totals', () => {
  it('are exact: each line to the cent, tax per rate on the sum of its lines, half up', async () => {
    const client = await makeClient('totals@crumb.test')
    const proposal = await draft(client._id)
    // 3 x 33.33 = 99.99; 1.5 x 1000.10 = 1500.15; 7 x 0.15 = 1.05.
    expect(proposal.items.map((item) => item.net)).toEqual(['99.99', '1500.15', '1.05'])
    // 19 % of 1600.14 = 304.0266 -> 304.03; 7 % of 1.05 = 0.0735 -> 0.07.
    expect(proposal.taxBreakdown).toEqual([
      { rate: '7', net: '1.05', tax: '0.07' },
      { rate: '19', net: '1600.14', tax: '304.03' },
    ])
    expect(proposal).toMatchObject({
      status: 'draft',
      subtotal: '1601.19',
      tax: '304.10',
      total: '1905.29',
      currency: 'EUR',
      depositPercent: '30',
      // 30 % of 1905.29 = 571.587 -> 571.59
      depositAmount: '571.59',
      url: null,
      signature: null,
    })
  })

  it('refuses a price with a third decimal, a rate over 100 and an empty list, naming the field', async () => {
    const client = await makeClient('refused@crumb.test')
    const post = (items: object[]) =>
      app.inject({
        method: 'POST',
        url: '/api/proposals',
        headers: admin,
        payload: { clientId: client._id, title: 'X', items, validUntil: '2026-12-31' },
      })
    const cases: [object[], RegExp][] = [
      [
        [{ ...ITEMS[0], unitPrice: '1.005' }],
        /^items\.0\.unitPrice: Unit price must have at most 2/,
      ],
      [[{ ...ITEMS[0], taxRate: '101' }], /^items\.0\.taxRate: Tax rate must be between 0 and 100/],
      [[{ ...ITEMS[0], quantity: 'two' }], /^items\.0\.quantity: Quantity must be a number/],
      [[], /^items: A proposal needs at least one item/],
    ]
    for (const [items, message] of cases) {
      const res = await post(items)
      expect(res.statusCode, JSON.stringify(items)).toBe(400)
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('sending and signing', () => {
  it('mails the link, moves the inquiry to "proposal", and fixes the content', async () => {
    const email = 'send@crumb.test'
    const messageId = await inquiry(email)
    const client = await makeClient(email, messageId)
    const proposal = await draft(client._id, { messageId })
    const sent = await send(proposal._id)
    expect(sent.status).toBe('sent')
    expect(sent.url).toMatch(/^http:\/\/site\.test\/proposal\/[\w-]{20,}$/)
    expect(await stageOf(messageId)).toBe('proposal')
    const mail = await smtp.waitForMailTo(email)
    expect(mail.subject).toBe('Proposal: A shop for Crumb & Crust')
    expect(mail.text).toContain(sent.url!)
    expect(mail.text).toContain('€1,905.29')
    expect(mail.text).toContain(
      'See all your documents in your client room: http://site.test/client',
    )
    expect(mail.html).toContain('href="http://site.test/client"')

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/proposals/${proposal._id}`,
      headers: admin,
      payload: { clientId: client._id, title: 'Cheaper', items: ITEMS, validUntil: '2026-12-31' },
    })
    expectError(changed, 409)
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/proposals/${proposal._id}`, headers: admin }),
      409,
    )
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/clients/${client._id}`, headers: admin }),
      409,
    )
    expectError(
      await app.inject({
        method: 'POST',
        url: `/api/proposals/${proposal._id}/send`,
        headers: admin,
      }),
      409,
    )
  })

  it('records the signature, mails the signed PDF to both sides, wins the lead and refuses a second acceptance', async () => {
    const email = 'sign@crumb.test'
    const messageId = await inquiry(email)
    const client = await makeClient(email, messageId)
    const sent = await send((await draft(client._id, { messageId }))._id)
    const token = tokenOf(sent)

    expectError(await accept(token, 'Robin Baker', false), 400)
    expectError(await accept('not-a-token'), 404)
    const res = await accept(token)
    expect(res.statusCode, res.body).toBe(200)
    const accepted = ProposalResponseSchema.parse(res.json()).proposal
    expect(accepted.status).toBe('accepted')
    expect(accepted.signature).toEqual({
      name: 'Robin Baker',
      signedAt: new Date(clock).toISOString(),
      documentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(accepted.depositStatus).toBe('invoiced')
    expect(await stageOf(messageId)).toBe('won')
    expectError(await accept(token), 409, 'This proposal was already answered')

    const toClient = smtp
      .mailsTo(email)
      .find((m) => m.subject === 'Signed: A shop for Crumb & Crust')
    const toOwner = smtp.mailsTo(OWNER).find((m) => m.subject.includes('accepted'))
    expect(toClient, 'the client’s copy').toBeDefined()
    expect(toOwner, 'the owner’s copy').toBeDefined()
    const [clientPdf] = toClient!.parsed.attachments
    const [ownerPdf] = toOwner!.parsed.attachments
    expect(clientPdf!.contentType).toBe('application/pdf')
    expect(ownerPdf!.content.equals(clientPdf!.content)).toBe(true)

    const text = await pdfText(clientPdf!.content)
    expect(text).toContain('A shop for Crumb & Crust')
    expect(text).toContain('Harbour Pixel Works GmbH')
    expect(text).toContain('Crumb & Crust Ltd')
    expect(text).toMatch(/Total\s+€1,905\.29/)
    expect(text).toContain('Half up front.')
    expect(text).toContain('Signature record')
    expect(text).toContain('Robin Baker')
    expect(text).toContain('2026-12-01 10:00:00 UTC')
    expect(text).toContain('Mozilla/5.0 (Test Phone)')
    expect(text).toContain(accepted.signature!.documentHash)

    // The owner downloads the very same bytes.
    const download = await app.inject({
      method: 'GET',
      url: `/api/proposals/${accepted._id}/pdf`,
      headers: admin,
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.rawPayload.equals(clientPdf!.content)).toBe(true)
  })

  it('gives two proposals with different content different hashes, and one the same hash each time', async () => {
    const client = await makeClient('hash@crumb.test')
    const one = await send((await draft(client._id))._id)
    const two = await send((await draft(client._id, { title: 'Another shop' }))._id)
    const a = ProposalResponseSchema.parse((await accept(tokenOf(one))).json()).proposal
    const b = ProposalResponseSchema.parse((await accept(tokenOf(two))).json()).proposal
    expect(a.signature!.documentHash).not.toBe(b.signature!.documentHash)
    const again = ProposalResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/proposals/${a._id}`, headers: admin })).json(),
    ).proposal
    expect(again.signature).toEqual(a.signature)
  })

  it('answers 410 once the proposal’s validity has ended, and refuses to send an expired draft', async () => {
    const client = await makeClient('late@crumb.test')
    const sent = await send((await draft(client._id, { validUntil: '2026-12-02' }))._id)
    const kept = clock
    clock += 2 * DAY
    try {
      expectError(await accept(tokenOf(sent)), 410, 'This proposal has expired')
      const late = await draft(client._id, { validUntil: '2026-12-02' })
      const res = await app.inject({
        method: 'POST',
        url: `/api/proposals/${late._id}/send`,
        headers: admin,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/^validUntil: /)
    } finally {
      clock = kept
    }
  })

  it('records a decline with its reason and tells the owner', async () => {
    const client = await makeClient('decline@crumb.test')
    const sent = await send((await draft(client._id, { title: 'A decline' }))._id)
    const res = await app.inject({
      method: 'POST',
      url: '/api/proposals/decline',
      payload: { token: tokenOf(sent), reason: 'We went with a friend.' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(ProposalResponseSchema.parse(res.json()).proposal).toMatchObject({
      status: 'declined',
      declineReason: 'We went with a friend.',
    })
    const told = await smtp.waitForMailTo(OWNER)
    expect(told.subject).toBe('Robin Baker declined: A decline')
    expect(told.text).toContain('We went with a friend.')
    expectError(await accept(tokenOf(sent)), 409)
  })
})

describe('the reverse charge', () => {
  /** A client of the seller's (a DE business) with `country` and `vatId`. */
  async function clientIn(country: string, vatId: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: {
        name: 'Camille Martin',
        email: `vat-${crypto.randomUUID()}@client.test`,
        company: 'Boulangerie Martin SARL',
        country,
        vatId,
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    return ClientResponseSchema.parse(res.json()).client
  }

  it('takes no tax from a business with a VAT ID in another member state, on the proposal, its PDF and its invoices', async () => {
    const client = await clientIn('FR', 'FR40303265045')
    const proposal = await draft(client._id)
    expect(proposal).toMatchObject({
      reverseCharge: true,
      subtotal: '1601.19',
      tax: '0.00',
      total: '1601.19',
      // 30 % of 1601.19 = 480.357 -> 480.36
      depositAmount: '480.36',
    })
    expect(proposal.taxBreakdown).toEqual([{ rate: '0', net: '1601.19', tax: '0.00' }])

    const sent = await send(proposal._id)
    expect(sent).toMatchObject({ reverseCharge: true, tax: '0.00', total: '1601.19' })
    const mail = await smtp.waitForMailTo(client.email)
    expect(mail.text).toContain('€1,601.19')

    const res = await accept(tokenOf(sent), 'Camille Martin')
    expect(res.statusCode, res.body).toBe(200)
    const signed = smtp.mailsTo(client.email).find((m) => m.subject.startsWith('Signed:'))
    const text = await pdfText(signed!.parsed.attachments[0]!.content)
    expect(text).toMatch(/Total\s+€1,601\.19/)
    expect(text).toContain('Reverse charge')
    expect(text).toContain('the recipient accounts for it')
    expect(text).toContain('VAT ID FR40303265045.')
    expect(text).not.toMatch(/VAT 19 %/)

    // The deposit invoice issued on signing, and the final invoice made from the proposal.
    const listed = await app.inject({ method: 'GET', url: '/api/invoices', headers: admin })
    const deposit = InvoicesListSchema.parse(listed.json()).invoices.find(
      (invoice) => invoice.proposalId === sent._id,
    )
    expect(deposit).toMatchObject({ kind: 'deposit', reverseCharge: true, tax: '0.00' })
    expect(deposit!.total).toBe('480.36')
    const final = await app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: admin,
      payload: { clientId: client._id, proposalId: sent._id },
    })
    expect(final.statusCode, final.body).toBe(201)
    expect(InvoiceResponseSchema.parse(final.json()).invoice).toMatchObject({
      reverseCharge: true,
      subtotal: '1601.19',
      tax: '0.00',
      total: '1601.19',
      prepaid: '480.36',
    })
  })

  it('keeps the tax for a business in the seller’s own country', async () => {
    const client = await clientIn('DE', 'DE811907980')
    const sent = await send((await draft(client._id))._id)
    expect(sent).toMatchObject({ reverseCharge: false, tax: '304.10', total: '1905.29' })
    expect(sent.taxBreakdown).toEqual([
      { rate: '7', net: '1.05', tax: '0.07' },
      { rate: '19', net: '1600.14', tax: '304.03' },
    ])
  })

  it('keeps the tax for a client abroad without a VAT ID', async () => {
    const client = await clientIn('FR', '')
    const sent = await send((await draft(client._id))._id)
    expect(sent).toMatchObject({ reverseCharge: false, tax: '304.10', total: '1905.29' })
  })

  it('follows the client’s details as they are when the proposal is sent', async () => {
    const client = await clientIn('FR', '')
    const proposal = await draft(client._id)
    expect(proposal).toMatchObject({ reverseCharge: false, tax: '304.10' })
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/clients/${client._id}`,
      headers: admin,
      payload: { ...client, vatId: 'FR40303265045' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await send(proposal._id)).toMatchObject({
      reverseCharge: true,
      tax: '0.00',
      total: '1601.19',
      depositAmount: '480.36',
    })
  })
})

describe('an exempt seller', () => {
  it('takes no tax on its proposals and says why, as its invoices do', async () => {
    const reason = 'Kleinunternehmer gemäß § 19 UStG'
    await changeSettings(app, admin, (current) => ({
      ...current,
      billing: { ...current.billing, vatExemptionReason: reason },
    }))
    try {
      const client = await makeClient('exempt@crumb.test')
      const sent = await send((await draft(client._id))._id)
      expect(sent).toMatchObject({
        vatExemption: reason,
        reverseCharge: false,
        subtotal: '1601.19',
        tax: '0.00',
        total: '1601.19',
      })
      const res = await accept(tokenOf(sent))
      expect(res.statusCode, res.body).toBe(200)
      const signed = smtp.mailsTo('exempt@crumb.test').find((m) => m.subject.startsWith('Signed:'))
      const text = await pdfText(signed!.parsed.attachments[0]!.content)
      expect(text).toContain('No VAT is charged')
      expect(text).toContain(reason)
      expect(text).toMatch(/Total\s+€1,601\.19/)
    } finally {
      await changeSettings(app, admin, (current) => ({
        ...current,
        billing: { ...current.billing, vatExemptionReason: '' },
      }))
    }
  })
})
