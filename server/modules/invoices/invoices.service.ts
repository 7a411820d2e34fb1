/**
 * Invoices, from draft to paid. A draft is the owner's to change and has no number; issuing gives
 * it the next number of its year (invoice_number_sequences, taken in the issuing transaction: no
 * gap, no duplicate) and fixes its document (`document`: what the PDF, the XML and the client's
 * page show), which never changes after. A mistake is corrected by a credit note, issued with the
 * next number. Payments, card payments through Stripe included, lower the balance; overdue
 * invoices remind the client on the billing details' reminder days, once each. A signed proposal
 * with a deposit gets its deposit invoice in the transaction that records the signature.
 */
import { randomBytes } from 'node:crypto'
import { stringify } from 'csv-stringify/sync'
import Big from 'big.js'
import { DateTime } from 'luxon'
import type { FastifyBaseLogger } from 'fastify'
import { ownContactEmail } from '#common/first-run-persona.ts'
import { formatMoney } from '#common/money.ts'
import type { LineItem } from '#common/schemas/billing.ts'
import {
  INVOICE_NOT_DRAFT,
  INVOICE_NOT_FOUND,
  INVOICES_PAGE_SIZE,
  type Invoice,
  type InvoiceBody,
  type InvoiceStatus,
  type InvoicesQuery,
  type Payment,
  type PaymentBody,
} from '#common/schemas/invoices.ts'
import { isLinkToken } from '#common/schemas/common.ts'
import type { Proposal } from '#common/schemas/proposals.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { lineVat, REVERSE_CHARGE_NOTE, vatTotalsOf, vatTreatmentOf } from '#common/vat.ts'
import type { Db } from '#server/db/client.ts'
import type { ClientRow, InvoicePaymentRow, InvoiceRow } from '#server/db/schema.ts'
import { badRequest, conflict, notFound } from '#server/lib/http-errors.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import type { ActionLimits } from '#server/lib/rate-limits.ts'
import { spreadsheetSafe } from '#server/lib/spreadsheet-safe.ts'
import type { MailService, PreparedMail } from '../mail/mail.service.ts'
import { mailBrandOf } from '../mail/templates/layout.ts'
import { invoiceReminderMail, invoiceSentMail } from '../mail/templates/invoice.ts'
import { depositLines } from './deposit-lines.ts'
import type {
  InvoiceDocument,
  InvoiceDocumentLine,
  InvoiceParty,
  InvoiceVatBreakdown,
  VatCategory,
} from './invoice-document.ts'
import type { InvoicesRepository, IssuedValues, PricedValues } from './invoices.repository.ts'
import { fromMinorUnits, type CardPaymentEvent, type CardPayments } from './stripe.ts'

const TOKEN_BYTES = 24
/** How often the sender of deposit invoices and the reminders look for work. */
const SCHEDULE_EVERY_MS = 5 * 60_000
const CSV_COLUMNS = ['number', 'issue date', 'client', 'net', 'tax', 'gross', 'paid', 'status']

const money = (value: Big | string) => new Big(value).toFixed(2)
const negate = (value: string) => new Big(value).times(-1).toFixed(2)
const isZero = (value: string) => new Big(value).eq(0)

/** What is left to pay on `row` (a credit note owes nothing). */
const balanceOf = (row: InvoiceRow) =>
  row.kind === 'credit'
    ? new Big(0)
    : new Big(row.total).minus(row.prepaid).minus(row.credited).minus(row.paid)

/**
 * The status of `row` as of `today`; invoices.repository.ts's statusSql is the same rule in SQL
 * (the list's filter).
 */
function statusOf(row: InvoiceRow, today: string): InvoiceStatus {
  if (row.status === 'draft') return 'draft'
  if (row.kind === 'credit') return 'issued'
  const balance = balanceOf(row)
  if (balance.lte(0) && isZero(row.paid) && new Big(row.credited).gt(0)) return 'credited'
  if (balance.lte(0)) return 'paid'
  if (row.dueDate !== null && row.dueDate < today) return 'overdue'
  if (new Big(row.paid).gt(0)) return 'partially_paid'
  return 'issued'
}

/** "Invoice 2026-0007.pdf" as a file name. */
const fileNameOf = (row: Pick<InvoiceRow, 'kind' | 'number'>, extension: string) =>
  `${row.kind === 'credit' ? 'credit-note' : 'invoice'}-${(row.number ?? 'draft').replace(/[^\w.-]+/g, '-')}.${extension}`

const addressLines = (address: string) =>
  address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)

export interface InvoicesServiceDeps {
  repo: InvoicesRepository
  clients: { find: (id: string) => Promise<ClientRow> }
  /** The proposals service's read of one proposal (404 when unknown). */
  proposals: { get: (id: string) => Promise<Proposal> }
  settings: { get: () => Promise<SiteSettings> }
  mail: Pick<MailService, 'prepare' | 'queueIn' | 'attempt'>
  /** Draws an issued invoice's PDF (documents/invoice-pdf.ts, loaded when first called). */
  drawPdf: (document: InvoiceDocument) => Promise<Buffer>
  /** Writes an issued invoice's UBL XML (documents/ubl.ts, loaded when first called). */
  writeUbl: (document: InvoiceDocument) => Promise<string>
  /**
   * Draws an EUR invoice's EPC QR code for `amount` as SVG (documents/epc-qr.ts, loaded when first
   * called).
   */
  drawEpcQr: (document: InvoiceDocument, amount: string) => Promise<string>
  /** Card payments, when Stripe is set up. */
  cardPayments?: CardPayments
  publicUrl: string
  limits: ActionLimits
  now: () => Date
  log: FastifyBaseLogger
}

export function createInvoicesService({
  repo,
  clients,
  proposals,
  settings,
  mail,
  drawPdf,
  writeUbl,
  drawEpcQr,
  cardPayments,
  publicUrl,
  limits,
  now,
  log,
}: InvoicesServiceDeps) {
  const linkOf = (token: string) => `${publicUrl}/invoice/${token}`

  /** Today in the owner's time zone (the booking settings' zone), as YYYY-MM-DD. */
  const todayFor = (site: SiteSettings) =>
    DateTime.fromJSDate(now(), { zone: site.booking.timeZone }).toISODate()!
  const today = async () => todayFor(await settings.get())

  /** How the seller of `site` charges `client` VAT: exempt, reverse-charged or at each line's rate. */
  const treatmentOf = (client: ClientRow, site: SiteSettings) =>
    vatTreatmentOf(client, site.billing)

  /** Lines priced at the VAT they are charged, with their totals. */
  function priced(
    items: readonly Omit<LineItem, 'net'>[],
    reverseCharge: boolean,
    vatExemption: string,
  ) {
    const totals = vatTotalsOf(items, reverseCharge, vatExemption)
    return {
      items: items.map((item, index): LineItem => ({
        description: item.description,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        taxRate: item.taxRate,
        net: totals.lineNets[index]!,
      })),
      totals,
    }
  }

  function toPayment(row: InvoicePaymentRow): Payment {
    return {
      _id: row.id,
      amount: row.amount,
      date: row.date,
      method: row.method,
      createdAt: row.createdAt.toISOString(),
    }
  }

  function toInvoice(
    row: InvoiceRow,
    day: string,
    payments: InvoicePaymentRow[] = [],
    correctsNumber: string | null = null,
  ): Invoice {
    const breakdown =
      row.document?.breakdown.map(({ category, rate, net, tax }) => ({
        category,
        rate,
        net,
        tax,
      })) ?? vatTotalsOf(row.items, row.reverseCharge, row.vatExemption).breakdown
    return {
      _id: row.id,
      number: row.number,
      kind: row.kind,
      status: statusOf(row, day),
      clientId: row.clientId,
      proposalId: row.proposalId,
      corrects: row.correctsId,
      correctsNumber,
      items: row.items,
      subtotal: row.subtotal,
      tax: row.tax,
      total: row.total,
      taxBreakdown: breakdown,
      reverseCharge: row.reverseCharge,
      vatExemption: row.vatExemption,
      currency: row.currency,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      prepaid: row.prepaid,
      credited: row.credited,
      paid: row.paid,
      balance: money(balanceOf(row)),
      payments: payments.map(toPayment),
      notes: row.notes,
      url: row.token ? linkOf(row.token) : null,
      sentAt: row.sentAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  /** `rows` as the API shows them, with their payments and the numbers they correct. */
  async function present(rows: InvoiceRow[], day: string): Promise<Invoice[]> {
    const [payments, numbers] = await Promise.all([
      repo.paymentsOf(rows.map((row) => row.id)),
      repo.numbersOf(rows.flatMap((row) => (row.correctsId ? [row.correctsId] : []))),
    ])
    return rows.map((row) =>
      toInvoice(
        row,
        day,
        payments.filter((payment) => payment.invoiceId === row.id),
        row.correctsId ? (numbers.get(row.correctsId) ?? null) : null,
      ),
    )
  }

  const presentOne = async (row: InvoiceRow, day?: string) =>
    (await present([row], day ?? (await today())))[0]!

  async function find(id: string): Promise<InvoiceRow> {
    const row = await repo.findById(id)
    if (!row) throw notFound(INVOICE_NOT_FOUND)
    return row
  }

  async function findIssuedByToken(token: string): Promise<InvoiceRow> {
    // A token of another shape names nothing (a NUL would fail the query): 404 without a look.
    const row = isLinkToken(token) ? await repo.findByToken(token) : undefined
    if (!row?.document) throw notFound(INVOICE_NOT_FOUND)
    return row
  }

  /** What a final invoice of `proposalId` deducts: its deposit invoices, less their credit notes. */
  async function depositsInvoiced(proposalId: string): Promise<Big> {
    const deposits = await repo.depositsOf(proposalId)
    return deposits.reduce(
      (sum, deposit) => sum.plus(deposit.total).minus(deposit.credited),
      new Big(0),
    )
  }

  /** A draft's columns from the owner's body: the lines priced and totalled exactly. */
  async function draftValues(body: InvoiceBody, site: SiteSettings) {
    const client = await clients.find(body.clientId).catch(() => {
      throw badRequest('clientId: No client with this id')
    })
    let items = body.items
    let currency = body.currency ?? site.billing.currency
    let prepaid = new Big(0)
    if (body.proposalId) {
      const proposal = await proposals.get(body.proposalId).catch(() => {
        throw badRequest('proposalId: No proposal with this id')
      })
      if (proposal.clientId !== body.clientId)
        throw badRequest('proposalId: This proposal is for another client')
      if (proposal.status !== 'accepted')
        throw badRequest('proposalId: Only a signed proposal is invoiced')
      if (items.length === 0) {
        items = proposal.items.map(({ description, quantity, unitPrice, taxRate }) => ({
          description,
          quantity,
          unitPrice,
          taxRate,
        }))
        currency = body.currency ?? proposal.currency
      }
      prepaid = await depositsInvoiced(body.proposalId)
    }
    const { reverseCharge, vatExemption } = treatmentOf(client, site)
    const { items: lines, totals } = priced(items, reverseCharge, vatExemption)
    if (new Big(totals.total).lt(0)) throw badRequest('items: The total must not be below zero')
    if (prepaid.gt(totals.total)) prepaid = new Big(totals.total)
    return {
      clientId: body.clientId,
      proposalId: body.proposalId ?? null,
      kind: 'invoice' as const,
      items: lines,
      currency,
      reverseCharge,
      vatExemption,
      subtotal: totals.subtotal,
      tax: totals.tax,
      total: totals.total,
      prepaid: money(prepaid),
      dueDate: body.dueDate ?? null,
      notes: body.notes,
    }
  }

  function partiesOf(
    client: ClientRow,
    site: SiteSettings,
  ): { seller: InvoiceParty; buyer: InvoiceParty } {
    const { billing } = site
    return {
      seller: {
        name: billing.legalName || site.businessName || site.ownerName,
        contactName: site.ownerName,
        addressLines: addressLines(billing.address),
        country: billing.country,
        vatId: billing.vatId,
        registration: billing.registration,
        // Never the first-run sample address: the owner's own, or none.
        email: billing.email || ownContactEmail(site) || '',
        phone: billing.phone,
        peppolId: billing.peppolId,
      },
      buyer: {
        name: client.company || client.name,
        contactName: client.company ? client.name : '',
        addressLines: addressLines(client.address),
        country: client.country,
        vatId: client.vatId,
        registration: '',
        email: client.email,
        peppolId: client.peppolId,
      },
    }
  }

  const paymentTermsOf = (dueDate: string) =>
    `Payable by ${DateTime.fromISO(dueDate, { zone: 'UTC' }).setLocale('en-GB').toFormat('d LLLL yyyy')}`

  /** What issuing gives an invoice: its number, dates, client link and the document fixed at issue. */
  const issuedAs = (
    values: Parameters<typeof documentOf>[0],
    facts: Parameters<typeof documentOf>[1],
  ) => ({
    number: facts.number,
    issueDate: facts.issueDate,
    dueDate: facts.dueDate,
    token: newToken(),
    document: documentOf(values, facts),
  })

  /** The document of an invoice (not a credit note) as it is issued: fixed from then on. */
  function documentOf(
    values: PricedValues & Pick<InvoiceRow, 'kind' | 'notes'>,
    facts: {
      number: string
      issueDate: string
      dueDate: string
      client: ClientRow
      site: SiteSettings
      reference: string
    },
  ): InvoiceDocument {
    const { site } = facts
    const totals = vatTotalsOf(values.items, values.reverseCharge, values.vatExemption)
    const { seller, buyer } = partiesOf(facts.client, site)
    return {
      kind: 'invoice',
      number: facts.number,
      issueDate: facts.issueDate,
      dueDate: facts.dueDate,
      currency: values.currency,
      corrects: null,
      seller,
      buyer,
      payment: {
        iban: site.billing.iban,
        bic: site.billing.bic,
        bankName: site.billing.bankName,
        reference: facts.number,
      },
      paymentTerms: paymentTermsOf(facts.dueDate),
      lines: values.items.map((item): InvoiceDocumentLine => {
        const vat = lineVat(item.taxRate, values.reverseCharge, values.vatExemption)
        const category: VatCategory = vat.category
        return {
          description: item.description,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          taxRate: vat.rate,
          category,
          net: item.net,
        }
      }),
      breakdown: totals.breakdown.map((entry): InvoiceVatBreakdown => ({
        ...entry,
        exemptionReason:
          entry.category === 'AE'
            ? REVERSE_CHARGE_NOTE
            : entry.category === 'E'
              ? values.vatExemption
              : '',
      })),
      subtotal: values.subtotal,
      tax: values.tax,
      total: values.total,
      prepaid: values.prepaid,
      due: money(new Big(values.total).minus(values.prepaid)),
      reverseCharge: values.reverseCharge,
      vatExemption: values.vatExemption,
      notes: values.notes,
      reference: facts.reference,
      brand: { businessName: site.businessName, accentColor: site.accentColor },
    }
  }

  /** The credit note of `original`: its document with every amount negated. */
  function creditDocumentOf(
    original: InvoiceDocument,
    facts: { number: string; issueDate: string; site: SiteSettings },
  ): InvoiceDocument {
    return {
      ...original,
      kind: 'credit',
      number: facts.number,
      issueDate: facts.issueDate,
      dueDate: facts.issueDate,
      corrects: { number: original.number, issueDate: original.issueDate },
      payment: { ...original.payment, reference: facts.number },
      paymentTerms: `Corrects invoice ${original.number}`,
      lines: original.lines.map((line) => ({
        ...line,
        unitPrice: negate(line.unitPrice),
        net: negate(line.net),
      })),
      breakdown: original.breakdown.map((entry) => ({
        ...entry,
        net: negate(entry.net),
        tax: negate(entry.tax),
      })),
      subtotal: negate(original.subtotal),
      tax: negate(original.tax),
      total: negate(original.total),
      prepaid: '0.00',
      due: negate(original.total),
      notes: `Credit note for invoice ${original.number} of ${original.issueDate}.`,
      brand: { businessName: facts.site.businessName, accentColor: facts.site.accentColor },
    }
  }

  /** Within `tx`: the next number of the year of `issueDate`, with the owner's prefix. */
  async function takeNumber(tx: Db, site: SiteSettings, issueDate: string): Promise<string> {
    const year = Number(issueDate.slice(0, 4))
    const prefix = site.billing.invoicePrefix
    const sequence = await repo.takeNumber(tx, prefix, year)
    return `${prefix}${year}-${String(sequence).padStart(4, '0')}`
  }

  const dueDateFor = (issueDate: string, site: SiteSettings) =>
    DateTime.fromISO(issueDate, { zone: 'UTC' })
      .plus({ days: site.billing.paymentTermsDays })
      .toISODate()!

  const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url')

  const fromOwner = (site: SiteSettings) => site.ownerName || site.businessName

  /** What the sent and the reminder mails say about an issued invoice. */
  const mailFactsOf = (
    row: InvoiceRow,
    client: ClientRow,
    site: SiteSettings,
    proposalTitle: string,
  ) => ({
    kind: row.kind,
    number: row.number!,
    clientName: client.name,
    total: row.total,
    balance: money(balanceOf(row)),
    currency: row.currency,
    dueDate: row.dueDate!,
    proposalTitle,
    ownerName: site.ownerName,
    businessName: site.businessName,
    link: linkOf(row.token!),
    brand: mailBrandOf(site, publicUrl),
  })

  /** The mail that carries an issued invoice's PDF and link to its client. */
  async function sentMailOf(row: InvoiceRow, client: ClientRow, site: SiteSettings) {
    const document = row.document!
    const pdf = await drawPdf(document)
    const proposalTitle = row.proposalId ? document.reference : ''
    return mail.prepare({
      kind: row.kind === 'credit' ? 'credit-note' : 'invoice',
      to: client.email,
      fromName: fromOwner(site),
      replyTo: document.seller.email || undefined,
      attachments: [
        {
          filename: fileNameOf(row, 'pdf'),
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
          encoding: 'base64',
        },
      ],
      ...invoiceSentMail(mailFactsOf(row, client, site, proposalTitle)),
    })
  }

  /** Mails each issued invoice that waits for it (a deposit's), once. */
  async function sendPending(): Promise<void> {
    const waiting = await repo.pendingSends()
    if (waiting.length === 0) return
    const site = await settings.get()
    for (const row of waiting) {
      try {
        const prepared = await sentMailOf(row, await clients.find(row.clientId), site)
        const queued = await repo.transaction(async (tx) =>
          (await repo.markSent(tx, row.id, now(), { onlyPending: true }))
            ? await mail.queueIn(tx, prepared)
            : undefined,
        )
        if (queued) await mail.attempt(queued)
      } catch (err) {
        log.warn({ err, invoiceId: row.id }, 'invoice not mailed yet; the next round tries again')
      }
    }
  }

  /** Reminds the client of each overdue invoice whose reminder day has come, once per day. */
  async function remindOverdue(): Promise<void> {
    const site = await settings.get()
    const days = site.billing.reminderDays
    if (days.length === 0) return
    const day = todayFor(site)
    const overdue = await repo.overdue(day)
    const sent = await repo.remindedDays(overdue.map((row) => row.id))
    for (const row of overdue) {
      const due = DateTime.fromISO(row.dueDate!, { zone: 'UTC' })
      const reached = days.filter((after) => due.plus({ days: after }).toISODate()! <= day)
      const already = sent.get(row.id) ?? []
      const fresh = reached.filter((after) => !already.includes(after))
      // One mail for the days reached since the last round (after a pause, not one per day).
      if (fresh.length === 0) continue
      try {
        const client = await clients.find(row.clientId)
        const prepared: PreparedMail = await mail.prepare({
          kind: 'invoice-reminder',
          to: client.email,
          fromName: fromOwner(site),
          replyTo: row.document?.seller.email || undefined,
          ...invoiceReminderMail(mailFactsOf(row, client, site, '')),
        })
        const queued = await repo.transaction(async (tx) =>
          (await repo.markReminded(tx, row.id, fresh, now())).length > 0
            ? await mail.queueIn(tx, prepared)
            : undefined,
        )
        if (queued) await mail.attempt(queued)
      } catch (err) {
        log.warn(
          { err, invoiceId: row.id },
          'invoice reminder not sent; the next round tries again',
        )
      }
    }
  }

  /** Within `tx`: records a card payment of a paid Checkout Session; logs what it cannot record. */
  async function recordCardPayment(
    tx: Db,
    payment: NonNullable<CardPaymentEvent['payment']>,
    day: string,
  ) {
    const row = await repo.findById(payment.invoiceId, tx)
    if (
      !row ||
      row.status !== 'issued' ||
      row.kind === 'credit' ||
      row.currency !== payment.currency
    ) {
      log.warn(
        { invoiceId: payment.invoiceId, session: payment.sessionId },
        'a card payment names no issued invoice in its currency: not recorded',
      )
      return
    }
    // Money the client paid is recorded as it is, even past the balance (a payment made twice).
    await repo.recordPayment(
      tx,
      row.id,
      {
        amount: fromMinorUnits(payment.amountMinor, payment.currency),
        date: day,
        method: 'card',
        reference: payment.sessionId,
      },
      { withinBalance: false, at: now() },
    )
  }

  return {
    scheduleEvery: SCHEDULE_EVERY_MS,

    async list(query: InvoicesQuery) {
      const day = await today()
      const { page, limit, offset } = pageWindow(query.page, INVOICES_PAGE_SIZE)
      const { rows, total } = await repo.list({ status: query.status, today: day, offset, limit })
      return { invoices: await present(rows, day), total, page, pages: pageCount(total, limit) }
    },

    get: async (id: string) => presentOne(await find(id)),

    /** What the client's room lists: the invoices and credit notes issued to the client. */
    listIssuedTo: async (clientId: string): Promise<Invoice[]> =>
      present(await repo.listIssuedTo(clientId), await today()),

    /** A draft; 400 for an unknown client or proposal, or a total below zero. */
    async create(body: InvoiceBody): Promise<Invoice> {
      const values = await draftValues(body, await settings.get())
      return presentOne(await repo.insert(values))
    },

    /** Changes a draft; 409 once it is issued. */
    async update(id: string, body: InvoiceBody): Promise<Invoice> {
      const current = await find(id)
      if (current.status !== 'draft') throw conflict(INVOICE_NOT_DRAFT)
      const values = await draftValues(body, await settings.get())
      const row = await repo.updateDraft(id, { ...values, kind: current.kind }, now())
      if (!row) throw conflict(INVOICE_NOT_DRAFT)
      return presentOne(row)
    },

    /** Deletes a draft (it never had a number); 409 once it is issued. */
    async remove(id: string): Promise<void> {
      const current = await find(id)
      if (current.status !== 'draft' || !(await repo.deleteDraft(id)))
        throw conflict('An issued invoice cannot be deleted: correct it with a credit note')
    },

    /**
     * Issues a draft: the next number of the year, today's date (the owner's time zone), the due
     * date, the fixed document and the client's link, in one transaction. 409 once issued, 400 for
     * a due date before today.
     */
    async issue(id: string): Promise<Invoice> {
      const current = await find(id)
      if (current.status !== 'draft') throw conflict('This invoice was already issued')
      const site = await settings.get()
      const client = await clients.find(current.clientId)
      const issueDate = todayFor(site)
      if (current.dueDate !== null && current.dueDate < issueDate)
        throw badRequest('dueDate: The due date is before today: choose a later one or none')
      const prepaid = current.proposalId ? await depositsInvoiced(current.proposalId) : new Big(0)
      const proposalTitle = current.proposalId
        ? ((await proposals.get(current.proposalId).catch(() => undefined))?.title ?? '')
        : ''
      const issued = await repo.transaction(async (tx) => {
        const draft = await repo.lockDraft(tx, id)
        if (!draft) return undefined
        // The client's VAT standing and the seller's as they are today decide the tax stated.
        const { reverseCharge, vatExemption } = treatmentOf(client, site)
        const { items, totals } = priced(draft.items, reverseCharge, vatExemption)
        const deducted = prepaid.gt(totals.total) ? totals.total : money(prepaid)
        const number = await takeNumber(tx, site, issueDate)
        const dueDate = draft.dueDate ?? dueDateFor(issueDate, site)
        const values = {
          kind: draft.kind,
          items,
          currency: draft.currency,
          reverseCharge,
          vatExemption,
          subtotal: totals.subtotal,
          tax: totals.tax,
          total: totals.total,
          prepaid: draft.proposalId ? deducted : '0.00',
          notes: draft.notes,
        }
        const issuedValues: IssuedValues = {
          ...values,
          ...issuedAs(values, {
            number,
            issueDate,
            dueDate,
            client,
            site,
            reference: proposalTitle,
          }),
          isSendPending: false,
        }
        return repo.markIssued(tx, id, issuedValues, now())
      })
      if (!issued) throw conflict('This invoice was already issued')
      return presentOne(issued, issueDate)
    },

    /**
     * Issues a credit note for the whole of the issued invoice `id`, with the next number: its
     * amounts negated, a reference to the invoice. 409 for a draft, a credit note, or an invoice
     * credited already.
     */
    async credit(id: string): Promise<Invoice> {
      const original = await find(id)
      if (original.status !== 'issued' || !original.document)
        throw conflict('Only an issued invoice can be credited')
      if (original.kind === 'credit') throw conflict('A credit note cannot be credited')
      if (!isZero(original.credited)) throw conflict('This invoice has a credit note already')
      const site = await settings.get()
      const issueDate = todayFor(site)
      const note = await repo.transaction(async (tx) => {
        const held = await repo.lockIssued(tx, id)
        if (!held || !isZero(held.credited)) return undefined
        const number = await takeNumber(tx, site, issueDate)
        const document = creditDocumentOf(held.document!, { number, issueDate, site })
        const row = await repo.insertIssued(tx, {
          clientId: held.clientId,
          proposalId: held.proposalId,
          kind: 'credit',
          correctsId: held.id,
          number,
          items: held.items.map((item) => ({
            ...item,
            unitPrice: negate(item.unitPrice),
            net: negate(item.net),
          })),
          currency: held.currency,
          reverseCharge: held.reverseCharge,
          vatExemption: held.vatExemption,
          subtotal: negate(held.subtotal),
          tax: negate(held.tax),
          total: negate(held.total),
          prepaid: '0.00',
          issueDate,
          dueDate: issueDate,
          token: newToken(),
          document,
          isSendPending: false,
          notes: document.notes,
        })
        await repo.addCredited(tx, held.id, held.total, now())
        return row
      })
      if (!note) throw conflict('This invoice has a credit note already')
      return presentOne(note, issueDate)
    },

    /**
     * Records a payment. 409 for a draft or a credit note, 400 naming `amount` for more than the
     * balance, 400 naming `date` for a day after today.
     */
    async recordPayment(id: string, body: PaymentBody): Promise<Invoice> {
      const current = await find(id)
      if (current.status !== 'issued') throw conflict('A draft is not paid: issue it first')
      if (current.kind === 'credit') throw conflict('A credit note is not paid')
      const day = await today()
      if (body.date > day) throw badRequest('date: The date is after today')
      const row = await repo.transaction((tx) =>
        repo.recordPayment(
          tx,
          id,
          { amount: money(body.amount), date: body.date, method: body.method, reference: null },
          { withinBalance: true, at: now() },
        ),
      )
      if (!row) {
        const balance = money(balanceOf(await find(id)))
        throw badRequest(
          `amount: The amount is more than the balance of ${formatMoney(balance, current.currency)}`,
        )
      }
      return presentOne(row, day)
    },

    /** Mails the client the issued invoice's PDF and link (again, when asked again). 409 for a draft. */
    async send(id: string): Promise<Invoice> {
      const current = await find(id)
      if (current.status !== 'issued') throw conflict('Issue the invoice before sending it')
      const site = await settings.get()
      const prepared = await sentMailOf(current, await clients.find(current.clientId), site)
      const written = await repo.transaction(async (tx) => {
        const row = await repo.markSent(tx, id, now())
        return row ? { row, queued: await mail.queueIn(tx, prepared) } : undefined
      })
      if (!written) throw conflict('Issue the invoice before sending it')
      await mail.attempt(written.queued)
      return presentOne(written.row)
    },

    /**
     * The issued deposit invoice of a signed proposal, as the client's proposal page links it (its
     * page's path, what it comes to and what is left to pay); undefined while there is none.
     */
    async depositForClient(proposalId: string) {
      const [row] = await repo.depositsOf(proposalId)
      if (!row?.token || !row.number) return undefined
      return {
        number: row.number,
        total: row.total,
        balance: money(balanceOf(row)),
        currency: row.currency,
        dueDate: row.dueDate,
        isPaid: !balanceOf(row).gt(0),
        path: `/invoice/${row.token}`,
      }
    },

    /**
     * For a proposal the client is signing, with a deposit: what issues its deposit invoice
     * within the signing transaction (`issueIn`), read before it begins. Once that transaction
     * committed, `sendPending` mails it (and the scheduled round does, should that fail).
     */
    async prepareDeposit(proposal: Proposal) {
      const site = await settings.get()
      const client = await clients.find(proposal.clientId)
      const { reverseCharge, vatExemption } = treatmentOf(client, site)
      const lines = depositLines({
        breakdown: proposal.taxBreakdown,
        total: proposal.total,
        depositAmount: proposal.depositAmount,
        depositPercent: proposal.depositPercent,
        description: `Deposit (${proposal.depositPercent} %) for “${proposal.title}”`,
        // Neither charges VAT: the deposit is the share of the nets.
        reverseCharge: reverseCharge || vatExemption !== '',
      })
      const { items, totals } = priced(lines, reverseCharge, vatExemption)
      const issueDate = todayFor(site)
      const dueDate = dueDateFor(issueDate, site)
      return {
        issueIn: async (tx: Db): Promise<void> => {
          if (await repo.hasDeposit(tx, proposal._id)) return
          const number = await takeNumber(tx, site, issueDate)
          const values = {
            kind: 'deposit' as const,
            items,
            currency: proposal.currency,
            reverseCharge,
            vatExemption,
            subtotal: totals.subtotal,
            tax: totals.tax,
            total: totals.total,
            prepaid: '0.00',
            notes: '',
          }
          await repo.insertIssued(tx, {
            ...values,
            clientId: proposal.clientId,
            proposalId: proposal._id,
            correctsId: null,
            ...issuedAs(values, {
              number,
              issueDate,
              dueDate,
              client,
              site,
              reference: proposal.title,
            }),
            isSendPending: true,
          })
        },
      }
    },

    sendPending,
    remindOverdue,

    /** The scheduled round: invoices waiting to be mailed, then the reminders due. */
    async runScheduled(): Promise<void> {
      await sendPending()
      await remindOverdue()
    },

    /** The issued invoice's PDF for the owner; 404 for a draft. */
    async pdf(id: string): Promise<{ pdf: Buffer; filename: string }> {
      const row = await find(id)
      if (!row.document) throw notFound('A draft has no PDF yet: issue it first')
      return { pdf: await drawPdf(row.document), filename: fileNameOf(row, 'pdf') }
    },

    /**
     * The issued invoice as UBL XML; 404 for a draft, 409 saying what is missing when a party has
     * no address Peppol takes (a Peppol ID or a VAT number).
     */
    async ubl(id: string): Promise<{ xml: string; filename: string }> {
      const row = await find(id)
      if (!row.document) throw notFound('A draft has no XML yet: issue it first')
      // A Peppol ID says where the invoice is delivered, not what it states: one the owner adds
      // after issuing serves the invoice already issued.
      const [client, site] = await Promise.all([clients.find(row.clientId), settings.get()])
      const { seller, buyer } = row.document
      const document: InvoiceDocument = {
        ...row.document,
        seller: { ...seller, peppolId: seller.peppolId || site.billing.peppolId },
        buyer: { ...buyer, peppolId: buyer.peppolId || client.peppolId },
      }
      return { xml: await writeUbl(document), filename: fileNameOf(row, 'xml') }
    },

    /**
     * Counts a client's look at an invoice's page or PDF against the guessing limit (the links'
     * tokens cannot be tried by the thousand); throws its 429.
     */
    countView: (client: string) => limits.take('invoiceViews', client),

    /** The issued invoice behind a client's link, as its page shows it. */
    async forClient(token: string) {
      const row = await findIssuedByToken(token)
      const day = await today()
      const balance = balanceOf(row)
      const document = row.document!
      const isOpen = row.kind !== 'credit' && balance.gt(0)
      return {
        document,
        status: statusOf(row, day),
        paid: row.paid,
        balance: money(balance),
        // The EPC QR code is a SEPA credit transfer of what is left to pay: euros to an IBAN.
        epcQrSvg:
          isOpen && document.currency === 'EUR' && document.payment.iban
            ? await drawEpcQr(document, money(balance))
            : '',
        isCardPayable: cardPayments !== undefined && isOpen,
      }
    },

    /** The issued invoice's PDF behind a client's link. */
    async pdfForClient(token: string): Promise<{ pdf: Buffer; filename: string }> {
      const row = await findIssuedByToken(token)
      return { pdf: await drawPdf(row.document!), filename: fileNameOf(row, 'pdf') }
    },

    /**
     * Starts a card payment of what is left to pay on the invoice behind `token`: the Stripe
     * Checkout address to send the client to. 404 without Stripe, 409 when nothing is left to pay.
     */
    async startCardPayment(token: string): Promise<string> {
      if (!cardPayments) throw notFound('Card payments are not set up')
      const row = await findIssuedByToken(token)
      const balance = balanceOf(row)
      if (row.kind === 'credit' || balance.lte(0)) throw conflict('This invoice is paid')
      return cardPayments.checkout({
        invoiceId: row.id,
        number: row.number!,
        amount: money(balance),
        currency: row.currency,
        email: (await clients.find(row.clientId)).email,
        successUrl: `${linkOf(row.token!)}?card=paid`,
        cancelUrl: linkOf(row.token!),
      })
    },

    /** Whether Stripe is set up (the webhook answers only then). */
    isCardPaymentOn: cardPayments !== undefined,

    /**
     * Acts on a Stripe webhook call: checks its signature (400 when wrong or missing: nothing is
     * recorded), then records each paid Checkout Session's card payment once, however often its
     * event arrives. 404 without Stripe.
     */
    async receiveStripeEvent(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!cardPayments) throw notFound('Card payments are not set up')
      const event = await cardPayments.verify(rawBody, signature)
      const { payment } = event
      if (!payment) return
      const day = await today()
      await repo.transaction(async (tx) => {
        if (!(await repo.recordStripeEvent(tx, event.id, event.type, now()))) return
        await recordCardPayment(tx, payment, day)
      })
    },

    /** The issued invoices and credit notes of `year` as CSV for the accountant. */
    async exportCsv(year: number): Promise<string> {
      const day = await today()
      const rows = await repo.issuedIn(year)
      return stringify(
        rows.map(({ invoice, clientName, clientCompany }) => [
          invoice.number ?? '',
          invoice.issueDate ?? '',
          clientCompany || clientName,
          invoice.subtotal,
          invoice.tax,
          invoice.total,
          invoice.paid,
          statusOf(invoice, day),
        ]),
        { header: true, columns: CSV_COLUMNS, cast: { string: spreadsheetSafe } },
      )
    },

    /** The dashboard's figures: this year's invoiced and paid totals, the overdue balance. */
    async figures() {
      const site = await settings.get()
      const day = todayFor(site)
      const year = Number(day.slice(0, 4))
      const currency = site.billing.currency
      const sums = await repo.figures(year, currency, day)
      return {
        year,
        currency,
        invoiced: money(sums.invoiced),
        paid: money(sums.paid),
        overdue: money(sums.overdue),
      }
    },
  }
}

export type InvoicesService = ReturnType<typeof createInvoicesService>
