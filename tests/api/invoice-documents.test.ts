/**
 * The e-invoices through the API, read with tools outside the site: the PDF is a PDF/A-3 (its XMP
 * says so, with the Factur-X extension) that embeds `factur-x.xml`, whose number, dates, parties,
 * VAT breakdown and totals are the invoice's; the UBL likewise. Both pass the published rules
 * (EN 16931 for CII and UBL, Peppol BIS Billing 3.0 for the UBL: tests/helpers/en16931-rules.ts)
 * for an invoice with several VAT rates, a reverse-charged one, a credit note, a buyer without a
 * VAT ID addressed by their Peppol participant ID and an exempt seller (category E). The EPC QR
 * code, on the client's page and in the PDF, pays what is due to the IBAN with the number as
 * reference.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PEPPOL_EAS_CODES } from '#common/peppol.ts'
import { ClientResponseSchema } from '#common/schemas/clients.ts'
import { InvoiceResponseSchema, type Invoice } from '#common/schemas/invoices.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { checkRules, type RuleSet } from '#tests/helpers/en16931-rules.ts'
import { embeddedFiles, firstPagePng, readQrCode, textOf, xmpOf } from '#tests/helpers/pdf-files.ts'
import { uploadFixture } from '#tests/helpers/images.ts'
import { changeSettings } from '#tests/helpers/settings.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const NOW = Date.parse('2026-12-01T10:00:00Z')
const SELLER = {
  legalName: 'Harbour Pixel Works GmbH',
  address: 'Hafenstraße 1\n20457 Hamburg',
  country: 'DE',
  vatId: 'DE123456789',
  registration: 'HRB 123456, Amtsgericht Hamburg',
  email: 'billing@harbour.test',
  phone: '+49 40 1234567',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
}
/** Three rates: standard, reduced and zero (category Z). */
const ITEMS = [
  { description: 'Design', quantity: '3', unitPrice: '33.33', taxRate: '19' },
  { description: 'Build', quantity: '1.5', unitPrice: '1000.10', taxRate: '19' },
  { description: 'Printed menu', quantity: '7', unitPrice: '0.15', taxRate: '7' },
  { description: 'Domain transfer (passed on)', quantity: '1', unitPrice: '12.00', taxRate: '0' },
]

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp({ now: () => new Date(NOW) })
  admin = (await asAdmin(app)).headers
  await changeSettings(app, admin, (current) => ({
    ...current,
    businessName: 'Harbour Pixel Works',
    ownerName: 'Sam Lee',
    billing: { ...current.billing, ...SELLER },
  }))
})
afterAll(() => app.cleanup())

let clients = 0
async function issued(client: object, items: object[] = ITEMS): Promise<Invoice> {
  clients += 1
  const made = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: {
      name: 'Robin Baker',
      email: `robin${clients}@crumb.test`,
      company: 'Crumb & Crust GmbH',
      address: 'Backstraße 2\n10115 Berlin',
      country: 'DE',
      vatId: 'DE987654321',
      ...client,
    },
  })
  expect(made.statusCode, made.body).toBe(201)
  const clientId = ClientResponseSchema.parse(made.json()).client._id
  const draft = await app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: admin,
    payload: { clientId, items },
  })
  expect(draft.statusCode, draft.body).toBe(201)
  const id = InvoiceResponseSchema.parse(draft.json()).invoice._id
  const res = await app.inject({ method: 'POST', url: `/api/invoices/${id}/issue`, headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  return InvoiceResponseSchema.parse(res.json()).invoice
}

async function download(invoice: Invoice, kind: 'pdf' | 'ubl') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/invoices/${invoice._id}/${kind}`,
    headers: admin,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res
}

/** The invoice's PDF and the factur-x.xml embedded in it. */
async function pdfOf(invoice: Invoice) {
  const pdf = (await download(invoice, 'pdf')).rawPayload
  const files = await embeddedFiles(pdf)
  expect([...files.keys()]).toEqual(['factur-x.xml'])
  return { pdf, xml: files.get('factur-x.xml')! }
}

/** Elements read as text, repeated ones always as lists. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) =>
    [
      'ram:IncludedSupplyChainTradeLineItem',
      'ram:ApplicableTradeTax',
      'ram:IncludedNote',
      'cac:TaxSubtotal',
      'cac:InvoiceLine',
      'cac:CreditNoteLine',
    ].includes(name),
})
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed XML, read by the paths the syntax defines
type Node = Record<string, any>
const textOfNode = (node: unknown): string =>
  typeof node === 'object' && node !== null ? String((node as Node)['#text']) : String(node)

/** What the CII states, in the invoice's own terms. */
function readCii(xml: string) {
  const root = parser.parse(xml)['rsm:CrossIndustryInvoice'] as Node
  const document = root['rsm:ExchangedDocument'] as Node
  const trade = root['rsm:SupplyChainTradeTransaction'] as Node
  const agreement = trade['ram:ApplicableHeaderTradeAgreement'] as Node
  const settlement = trade['ram:ApplicableHeaderTradeSettlement'] as Node
  const totals = settlement['ram:SpecifiedTradeSettlementHeaderMonetarySummation'] as Node
  const party = (node: Node) => ({
    name: node['ram:Name'],
    vatId: textOfNode(node['ram:SpecifiedTaxRegistration']?.['ram:ID']),
    country: node['ram:PostalTradeAddress']['ram:CountryID'],
  })
  const headerTax = settlement['ram:ApplicableTradeTax'] as Node[]
  return {
    guideline:
      root['rsm:ExchangedDocumentContext']['ram:GuidelineSpecifiedDocumentContextParameter'][
        'ram:ID'
      ],
    number: document['ram:ID'],
    typeCode: document['ram:TypeCode'],
    issueDate: textOfNode(document['ram:IssueDateTime']['udt:DateTimeString']),
    notes: ((document['ram:IncludedNote'] ?? []) as Node[]).map((note) => note['ram:Content']),
    dueDate: textOfNode(
      settlement['ram:SpecifiedTradePaymentTerms']?.['ram:DueDateDateTime']?.['udt:DateTimeString'],
    ),
    seller: party(agreement['ram:SellerTradeParty'] as Node),
    buyer: party(agreement['ram:BuyerTradeParty'] as Node),
    iban: settlement['ram:SpecifiedTradeSettlementPaymentMeans']?.[
      'ram:PayeePartyCreditorFinancialAccount'
    ]?.['ram:IBANID'],
    breakdown: headerTax.map((tax) => ({
      category: tax['ram:CategoryCode'],
      rate: tax['ram:RateApplicablePercent'],
      net: tax['ram:BasisAmount'],
      tax: tax['ram:CalculatedAmount'],
      exemption: [tax['ram:ExemptionReason'], tax['ram:ExemptionReasonCode']].filter(Boolean),
    })),
    totals: {
      subtotal: totals['ram:TaxBasisTotalAmount'],
      tax: textOfNode(totals['ram:TaxTotalAmount']),
      total: totals['ram:GrandTotalAmount'],
      due: totals['ram:DuePayableAmount'],
    },
    lines: (trade['ram:IncludedSupplyChainTradeLineItem'] as Node[]).length,
    preceding: settlement['ram:InvoiceReferencedDocument']?.['ram:IssuerAssignedID'],
  }
}

/** What the UBL states, in the same terms. */
function readUbl(xml: string) {
  const parsed = parser.parse(xml) as Node
  const rootName = 'Invoice' in parsed ? 'Invoice' : 'CreditNote'
  const root = parsed[rootName] as Node
  const party = (node: Node) => ({
    name: node['cac:Party']['cac:PartyLegalEntity']['cbc:RegistrationName'],
    vatId: node['cac:Party']['cac:PartyTaxScheme']?.['cbc:CompanyID'],
    country: node['cac:Party']['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'],
    endpoint: `${node['cac:Party']['cbc:EndpointID']['@schemeID']}:${textOfNode(node['cac:Party']['cbc:EndpointID'])}`,
  })
  const money = root['cac:LegalMonetaryTotal'] as Node
  return {
    rootName,
    customization: root['cbc:CustomizationID'],
    profile: root['cbc:ProfileID'],
    number: root['cbc:ID'],
    typeCode: root['cbc:InvoiceTypeCode'] ?? root['cbc:CreditNoteTypeCode'],
    issueDate: root['cbc:IssueDate'],
    dueDate: root['cbc:DueDate'],
    seller: party(root['cac:AccountingSupplierParty'] as Node),
    buyer: party(root['cac:AccountingCustomerParty'] as Node),
    breakdown: (root['cac:TaxTotal']['cac:TaxSubtotal'] as Node[]).map((entry) => ({
      category: entry['cac:TaxCategory']['cbc:ID'],
      rate: entry['cac:TaxCategory']['cbc:Percent'],
      net: textOfNode(entry['cbc:TaxableAmount']),
      tax: textOfNode(entry['cbc:TaxAmount']),
    })),
    totals: {
      subtotal: textOfNode(money['cbc:TaxExclusiveAmount']),
      tax: textOfNode(root['cac:TaxTotal']['cbc:TaxAmount']),
      total: textOfNode(money['cbc:TaxInclusiveAmount']),
      due: textOfNode(money['cbc:PayableAmount']),
    },
    lines: ((root['cac:InvoiceLine'] ?? root['cac:CreditNoteLine']) as Node[]).length,
    preceding: root['cac:BillingReference']?.['cac:InvoiceDocumentReference']?.['cbc:ID'],
  }
}

/** The rule sets' failures flagged fatal (none expected), after checking that the rules ran. */
async function fatalRules(xml: string, ...sets: RuleSet[]) {
  const fatal: string[] = []
  for (const set of sets) {
    const report = await checkRules(xml, set)
    expect(report.fired, `${set} fired no rule`).toBeGreaterThan(10)
    fatal.push(...report.fatal.map((line) => `${set} ${line}`))
  }
  return fatal
}

/** The totals as the XML states them: net, VAT, gross and what is due. */
const totalsOf = (invoice: Invoice) => ({
  subtotal: invoice.subtotal,
  tax: invoice.tax,
  total: invoice.total,
  due: invoice.balance,
})
const compact = (day: string) => day.replaceAll('-', '')
const positive = (amount: string) => amount.replace(/^-/, '')

describe('GET /api/invoices/{id}/pdf', () => {
  it('is a PDF/A-3b declaring Factur-X EN 16931, its factur-x.xml stating the invoice, within the rules', async () => {
    const invoice = await issued({})
    expect(invoice.taxBreakdown.map((entry) => entry.category)).toEqual(['Z', 'S', 'S'])
    const { pdf, xml } = await pdfOf(invoice)
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7')

    const xmp = await xmpOf(pdf)
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/)
    expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/)
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>')
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>')
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>')
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    )
    // The embedded file is the XML's alternative form, as PDF/A-3 and Factur-X ask.
    expect(pdf.toString('latin1')).toMatch(/\/AFRelationship \/Alternative/)

    expect(readCii(xml)).toEqual({
      guideline: 'urn:cen.eu:en16931:2017',
      number: invoice.number,
      typeCode: '380',
      issueDate: compact(invoice.issueDate!),
      notes: [],
      dueDate: compact(invoice.dueDate!),
      seller: { name: SELLER.legalName, vatId: SELLER.vatId, country: 'DE' },
      buyer: { name: 'Crumb & Crust GmbH', vatId: 'DE987654321', country: 'DE' },
      iban: SELLER.iban,
      breakdown: invoice.taxBreakdown.map(({ category, rate, net, tax }) => ({
        category,
        rate,
        net,
        tax,
        exemption: [],
      })),
      totals: totalsOf(invoice),
      lines: ITEMS.length,
      preceding: undefined,
    })
    expect(await fatalRules(xml, 'EN16931-CII')).toEqual([])

    const text = await textOf(pdf)
    for (const words of [
      invoice.number,
      'Crumb & Crust GmbH',
      '€1,917.29',
      'DE89 3704 0044 0532 0130 00',
    ])
      expect(text).toContain(words)
    expect(text).not.toContain('Reverse charge')
  })

  it('reverse-charges a business in another member state: category AE, "Reverse charge" on the page and in the XML', async () => {
    const invoice = await issued({
      company: 'Boulangerie Lumière SARL',
      address: '12 rue de la Paix\n75002 Paris',
      country: 'FR',
      vatId: 'FR12345678901',
    })
    expect(invoice).toMatchObject({ reverseCharge: true, tax: '0.00' })
    const { pdf, xml } = await pdfOf(invoice)
    const cii = readCii(xml)
    expect(cii.notes).toEqual(['Reverse charge'])
    expect(cii.buyer).toEqual({
      name: 'Boulangerie Lumière SARL',
      vatId: 'FR12345678901',
      country: 'FR',
    })
    expect(cii.breakdown).toEqual([
      {
        category: 'AE',
        rate: '0',
        net: invoice.subtotal,
        tax: '0.00',
        exemption: ['Reverse charge', 'VATEX-EU-AE'],
      },
    ])
    expect(cii.totals).toEqual({
      subtotal: invoice.subtotal,
      tax: '0.00',
      total: invoice.subtotal,
      due: invoice.subtotal,
    })
    expect(await fatalRules(xml, 'EN16931-CII')).toEqual([])
    expect(await textOf(pdf)).toContain('Reverse charge')

    const ubl = (await download(invoice, 'ubl')).body
    expect(readUbl(ubl).breakdown).toEqual([
      { category: 'AE', rate: '0', net: invoice.subtotal, tax: '0.00' },
    ])
    expect(ubl).toContain('<cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason>')
    expect(await fatalRules(ubl, 'EN16931-UBL', 'PEPPOL-UBL')).toEqual([])
  })

  it('states a credit note as type 381 with positive amounts and the invoice it corrects', async () => {
    const original = await issued({})
    const res = await app.inject({
      method: 'POST',
      url: `/api/invoices/${original._id}/credit`,
      headers: admin,
    })
    expect(res.statusCode, res.body).toBe(201)
    const note = InvoiceResponseSchema.parse(res.json()).invoice
    const { xml } = await pdfOf(note)
    const cii = readCii(xml)
    expect(cii).toMatchObject({
      number: note.number,
      typeCode: '381',
      preceding: original.number,
      totals: {
        subtotal: positive(note.subtotal),
        tax: positive(note.tax),
        total: positive(note.total),
        due: positive(note.total),
      },
    })
    expect(cii.breakdown.map((entry) => [entry.rate, entry.net, entry.tax])).toEqual(
      note.taxBreakdown.map((entry) => [entry.rate, positive(entry.net), positive(entry.tax)]),
    )
    expect(await fatalRules(xml, 'EN16931-CII')).toEqual([])

    const ubl = readUbl((await download(note, 'ubl')).body)
    expect(ubl).toMatchObject({
      rootName: 'CreditNote',
      typeCode: '381',
      number: note.number,
      preceding: original.number,
      totals: { total: positive(note.total), due: positive(note.total) },
      lines: ITEMS.length,
    })
    expect(
      await fatalRules((await download(note, 'ubl')).body, 'EN16931-UBL', 'PEPPOL-UBL'),
    ).toEqual([])
  })
})

describe('GET /api/invoices/{id}/ubl', () => {
  it('is the same invoice as Peppol BIS Billing 3.0, with electronic addresses, within the rules', async () => {
    const invoice = await issued({})
    const res = await download(invoice, 'ubl')
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    expect(readUbl(res.body)).toEqual({
      rootName: 'Invoice',
      customization: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      profile: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      number: invoice.number,
      typeCode: '380',
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      // A German VAT number is its holder's Peppol address under scheme 9930.
      seller: {
        name: SELLER.legalName,
        vatId: SELLER.vatId,
        country: 'DE',
        endpoint: '9930:DE123456789',
      },
      buyer: {
        name: 'Crumb & Crust GmbH',
        vatId: 'DE987654321',
        country: 'DE',
        endpoint: '9930:DE987654321',
      },
      breakdown: invoice.taxBreakdown.map(({ category, rate, net, tax }) => ({
        category,
        rate,
        net,
        tax,
      })),
      totals: totalsOf(invoice),
      lines: ITEMS.length,
      preceding: undefined,
    })
    // Between two German parties Peppol adds Germany's rules (DE-R-...: the seller's phone,
    // postcodes and cities, the payment instructions), which run here too.
    expect(await fatalRules(res.body, 'EN16931-UBL', 'PEPPOL-UBL')).toEqual([])
  })

  it('is checked by rules that do fail: a total that does not add up breaks BR-CO-15 in both syntaxes', async () => {
    const invoice = await issued({})
    const broken = (xml: string, element: string) =>
      xml.replace(new RegExp(`(<${element}[^>]*>)${invoice.total.replace('.', '\\.')}<`), '$11.00<')
    const { xml } = await pdfOf(invoice)
    const ubl = (await download(invoice, 'ubl')).body
    const cii = await checkRules(broken(xml, 'ram:GrandTotalAmount'), 'EN16931-CII')
    expect(cii.failed.map((rule) => rule.id)).toContain('BR-CO-15')
    const peppol = await checkRules(broken(ubl, 'cbc:TaxInclusiveAmount'), 'EN16931-UBL')
    expect(peppol.failed.map((rule) => rule.id)).toContain('BR-CO-15')
  })
})

describe('electronic addresses without a VAT ID', () => {
  it('knows the EAS codes of the Peppol rules the tests run, which have no EM', async () => {
    const rules = gunzipSync(
      await readFile(
        path.join(ROOT_DIR, 'tests/fixtures/e-invoice-rules/PEPPOL-EN16931-UBL.sef.json.gz'),
      ),
    ).toString('utf8')
    const list = /"name":"Q\{\}eaid"[\s\S]*?"val":"([^"]+)"/.exec(rules)?.[1]
    expect(list).toBeDefined()
    expect(new Set(list!.trim().split(/\s+/))).toEqual(PEPPOL_EAS_CODES)
    expect(PEPPOL_EAS_CODES.has('EM')).toBe(false)
  })

  it('addresses a buyer without a VAT ID by their Peppol ID, within the Peppol rules', async () => {
    const invoice = await issued({
      company: '',
      name: 'Robin Baker',
      vatId: '',
      peppolId: '0088:5798000000001',
    })
    const ubl = (await download(invoice, 'ubl')).body
    expect(readUbl(ubl).buyer).toEqual({
      name: 'Robin Baker',
      vatId: undefined,
      country: 'DE',
      endpoint: '0088:5798000000001',
    })
    expect(await fatalRules(ubl, 'EN16931-UBL', 'PEPPOL-UBL')).toEqual([])
  })

  it('answers 409 saying what is missing for a buyer with neither, and serves a Peppol ID added after issuing', async () => {
    const invoice = await issued({ company: '', vatId: '' })
    const refused = await app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice._id}/ubl`,
      headers: admin,
    })
    expectError(
      refused,
      409,
      "The UBL (Peppol) invoice needs the client's electronic address: add their Peppol ID (such as 0088:5798000000001) or their VAT ID on the client's screen",
    )
    const client = await app.inject({
      method: 'GET',
      url: `/api/clients/${invoice.clientId}`,
      headers: admin,
    })
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/clients/${invoice.clientId}`,
      headers: admin,
      payload: {
        ...ClientResponseSchema.parse(client.json()).client,
        peppolId: '9930:DE987654321',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const ubl = (await download(invoice, 'ubl')).body
    expect(readUbl(ubl).buyer.endpoint).toBe('9930:DE987654321')
    expect(await fatalRules(ubl, 'EN16931-UBL', 'PEPPOL-UBL')).toEqual([])
  })

  it.each([
    ['a scheme Peppol does not list', 'EM:robin@crumb.test', /Peppol ID must be a scheme code/],
    ['an unknown scheme', '1234:5798000000001', /scheme 1234 is not in Peppol/],
    ['a GLN with a wrong check digit', '0088:5798000000002', /must be a GLN/],
    ['a Belgian number with wrong check digits', '0208:0123456700', /Belgian enterprise number/],
  ])('refuses %s as a client’s Peppol ID, naming the field', async (_, peppolId, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: 'Robin Baker', email: `peppol-${crypto.randomUUID()}@crumb.test`, peppolId },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json<{ message: string }>().message).toMatch(message)
    expect(res.json<{ message: string }>().message).toMatch(/^peppolId: |Peppol ID/)
  })
})

describe('an exempt seller', () => {
  const REASON = 'Kleinunternehmer gemäß § 19 UStG: keine Umsatzsteuer'

  it('states every line exempt (category E, 0 %) with its reason in the CII, the UBL and the PDF, within the rules', async () => {
    await changeSettings(app, admin, (current) => ({
      ...current,
      billing: { ...current.billing, vatExemptionReason: REASON },
    }))
    try {
      const invoice = await issued({})
      expect(invoice).toMatchObject({ vatExemption: REASON, reverseCharge: false, tax: '0.00' })
      expect(invoice.taxBreakdown).toEqual([
        { category: 'E', rate: '0', net: invoice.subtotal, tax: '0.00' },
      ])
      expect(invoice.total).toBe(invoice.subtotal)
      const { pdf, xml } = await pdfOf(invoice)
      const cii = readCii(xml)
      expect(cii.notes).toEqual([REASON])
      expect(cii.breakdown).toEqual([
        { category: 'E', rate: '0', net: invoice.subtotal, tax: '0.00', exemption: [REASON] },
      ])
      expect(await fatalRules(xml, 'EN16931-CII')).toEqual([])
      const text = await textOf(pdf)
      expect(text).toContain('No VAT is charged')
      expect(text).toContain('Kleinunternehmer')

      const ubl = (await download(invoice, 'ubl')).body
      expect(readUbl(ubl).breakdown).toEqual([
        { category: 'E', rate: '0', net: invoice.subtotal, tax: '0.00' },
      ])
      expect(ubl).toContain(`<cbc:TaxExemptionReason>${REASON}</cbc:TaxExemptionReason>`)
      expect(await fatalRules(ubl, 'EN16931-UBL', 'PEPPOL-UBL')).toEqual([])
    } finally {
      await changeSettings(app, admin, (current) => ({
        ...current,
        billing: { ...current.billing, vatExemptionReason: '' },
      }))
    }
  })
})

describe('the EPC QR code', () => {
  /** The code's lines: BCD, version, charset, SCT, BIC, name, IBAN, amount, purpose, reference, text. */
  const epcLines = (amount: string, number: string) => [
    'BCD',
    '002',
    '1',
    'SCT',
    SELLER.bic,
    SELLER.legalName,
    SELLER.iban,
    `EUR${amount}`,
    '',
    '',
    number,
  ]

  it('pays what is left to the IBAN with the number as reference, on the client’s page and in the PDF', async () => {
    const invoice = await issued({})
    const token = invoice.url!.split('/').at(-1)!
    const page = await app.services.invoices.forClient(token)
    const fromPage = await readQrCode(Buffer.from(page.epcQrSvg), 600)
    expect(fromPage?.split('\n')).toEqual(epcLines(invoice.total, invoice.number!))

    const fromPdf = await readQrCode(await firstPagePng((await pdfOf(invoice)).pdf, 200))
    expect(fromPdf?.split('\n')).toEqual(epcLines(invoice.total, invoice.number!))

    const paid = await app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice._id}/payments`,
      headers: admin,
      payload: { amount: '1000.00', date: '2026-12-01', method: 'bank' },
    })
    expect(paid.statusCode, paid.body).toBe(201)
    const after = await app.services.invoices.forClient(token)
    expect(after.balance).toBe('917.29')
    expect((await readQrCode(Buffer.from(after.epcQrSvg), 600))?.split('\n')).toEqual(
      epcLines('917.29', invoice.number!),
    )
  })

  it('is left out of an invoice in another currency', async () => {
    clients += 1
    const made = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin,
      payload: { name: 'Pat Doe', email: `pat${clients}@dollar.test`, country: 'US' },
    })
    const clientId = ClientResponseSchema.parse(made.json()).client._id
    const draft = await app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: admin,
      payload: { clientId, items: ITEMS.slice(0, 1), currency: 'USD' },
    })
    const id = InvoiceResponseSchema.parse(draft.json()).invoice._id
    const res = await app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/issue`,
      headers: admin,
    })
    const invoice = InvoiceResponseSchema.parse(res.json()).invoice
    const page = await app.services.invoices.forClient(invoice.url!.split('/').at(-1)!)
    expect(page.epcQrSvg).toBe('')
    const { pdf, xml } = await pdfOf(invoice)
    expect(await readQrCode(await firstPagePng(pdf, 200))).toBeUndefined()
    expect(xml).toContain('<ram:InvoiceCurrencyCode>USD</ram:InvoiceCurrencyCode>')
  })
})

describe('the PDF’s text', () => {
  it('copies as the characters drawn in every invoice, not only the first one made', async () => {
    // Inter draws ” and „ from two ’, “ from two ‘, « from two ‹ and é from e and an accent: the
    // first invoice's subset makes those parts, which the next ones draw on their own.
    const descriptions = [
      ['„Kick-off“ «workshop»', '”Brand” refresh, café menu'],
      ['It’s the ‘launch’ ‹sprint›', 'Hosting – 12 months, Zoë’s naïve Łódź shop'],
      ['Support for the client’s ‘shop’ ‹SEO›', 'Crème brûlée – the “final” menu'],
    ]
    for (const lines of descriptions) {
      const invoice = await issued(
        {},
        lines.map((description) => ({ ...ITEMS[0], description })),
      )
      const text = await textOf((await pdfOf(invoice)).pdf)
      for (const description of lines) expect(text).toContain(description)
    }
  })
})

describe('the PDF’s brand', () => {
  it('shows the owner’s logo once one is set', async () => {
    const before = (await pdfOf(await issued({}))).pdf
    expect(before.toString('latin1')).not.toContain('/Subtype /Image')
    const logo = await uploadFixture(app, admin)
    await changeSettings(app, admin, (current) => ({ ...current, logo }))
    const after = (await pdfOf(await issued({}))).pdf
    expect(after.toString('latin1')).toContain('/Subtype /Image')
    expect(await xmpOf(after)).toMatch(/<pdfaid:part>3<\/pdfaid:part>/)
  })
})
