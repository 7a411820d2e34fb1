/** SQL for invoices, their numbers, payments, reminders and Stripe events; the rules live in invoices.service.ts. */
import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { InvoiceStatus } from '#common/schemas/invoices.ts'
import type { Db } from '#server/db/client.ts'
import {
  clients,
  invoiceNumberSequences,
  invoicePayments,
  invoiceReminders,
  invoices,
  stripeEvents,
  type InvoicePaymentRow,
  type InvoiceRow,
} from '#server/db/schema.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

/** What an invoice is priced at: its lines, currency, VAT treatment and totals. */
export type PricedValues = Pick<
  InvoiceRow,
  'items' | 'currency' | 'reverseCharge' | 'vatExemption' | 'subtotal' | 'tax' | 'total' | 'prepaid'
>

export type DraftValues = PricedValues &
  Pick<InvoiceRow, 'clientId' | 'proposalId' | 'kind' | 'dueDate' | 'notes'>

export type IssuedValues = PricedValues &
  Pick<InvoiceRow, 'number' | 'issueDate' | 'dueDate' | 'token' | 'document' | 'isSendPending'>

const isDraft = eq(invoices.status, 'draft')
const isIssued = eq(invoices.status, 'issued')

/** What is left to pay (credit notes owe nothing: their balance is 0). */
const balanceSql = sql`(case when ${invoices.kind} = 'credit' then 0 else ${invoices.total} - ${invoices.prepaid} - ${invoices.credited} - ${invoices.paid} end)`

/**
 * The status as of `today`, the rule invoices.service.ts's statusOf states, in SQL: the list's
 * filter and the totals ask the database the same question the API answers for one invoice.
 */
const statusSql = (today: string): SQL<InvoiceStatus> => sql<InvoiceStatus>`(case
  when ${invoices.status} = 'draft' then 'draft'
  when ${invoices.kind} = 'credit' then 'issued'
  when ${balanceSql} <= 0 and ${invoices.paid} = 0 and ${invoices.credited} > 0 then 'credited'
  when ${balanceSql} <= 0 then 'paid'
  when ${invoices.dueDate} < ${today} then 'overdue'
  when ${invoices.paid} > 0 then 'partially_paid'
  else 'issued' end)`

export function createInvoicesRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction: an invoice's change, its number and its mails. */
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(fn),

    /** A page of invoices, newest first, those of one status (as of `today`) when given. */
    async list({
      status,
      today,
      offset,
      limit,
    }: {
      status?: InvoiceStatus
      today: string
      offset: number
      limit: number
    }): Promise<{ rows: InvoiceRow[]; total: number }> {
      const where = status ? eq(statusSql(today), status) : undefined
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.createdAt), desc(invoices.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(invoices).where(where),
      ])
      return { rows, total: counted?.n ?? 0 }
    },

    /** The invoices and credit notes issued to the client, newest first. */
    listIssuedTo: (clientId: string): Promise<InvoiceRow[]> =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.clientId, clientId), eq(invoices.status, 'issued')))
        .orderBy(desc(invoices.issueDate), desc(invoices.createdAt)),

    async findById(id: string, tx: Db = db): Promise<InvoiceRow | undefined> {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).limit(1)
      return row
    },

    async findByToken(token: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(eq(invoices.token, token)).limit(1)
      return row
    },

    /** The payments of `ids`, oldest first. */
    paymentsOf: (ids: string[]): Promise<InvoicePaymentRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(invoicePayments)
            .where(inArray(invoicePayments.invoiceId, ids))
            .orderBy(asc(invoicePayments.date), asc(invoicePayments.createdAt)),

    /** The numbers of the invoices `ids` (the ones credit notes correct). */
    numbersOf: async (ids: string[]): Promise<Map<string, string>> => {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(inArray(invoices.id, ids))
      return new Map(rows.map((row) => [row.id, row.number ?? '']))
    },

    async insert(values: DraftValues): Promise<InvoiceRow> {
      const [row] = await db.insert(invoices).values(values).returning()
      return row!
    },

    /** Changes a draft; undefined when it is not one (any more). */
    async updateDraft(id: string, values: DraftValues, at: Date): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .update(invoices)
        .set({ ...values, updatedAt: at })
        .where(and(eq(invoices.id, id), isDraft))
        .returning()
      return row
    },

    deleteDraft: (id: string): Promise<boolean> => deleteRow(db, invoices, id, isDraft),

    /** Within `tx`: the draft `id`, held until `tx` ends; undefined when it is not a draft. */
    async lockDraft(tx: Db, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), isDraft))
        .for('update')
      return row
    },

    /** Within `tx`: the issued invoice `id`, held until `tx` ends. */
    async lockIssued(tx: Db, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), isIssued))
        .for('update')
      return row
    },

    /**
     * Within `tx`: the next number of `prefix` and `year` (1 for the first). The row stays held
     * until `tx` ends, so another issue waits for this one, and a rolled-back one gives its number
     * back: no gap, no duplicate.
     */
    async takeNumber(tx: Db, prefix: string, year: number): Promise<number> {
      const [row] = await tx
        .insert(invoiceNumberSequences)
        .values({ prefix, year, last: 1 })
        .onConflictDoUpdate({
          target: [invoiceNumberSequences.prefix, invoiceNumberSequences.year],
          set: { last: sql`${invoiceNumberSequences.last} + 1` },
        })
        .returning({ last: invoiceNumberSequences.last })
      return row!.last
    },

    /** Within `tx`: issues the draft `id` (held by lockDraft). */
    async markIssued(tx: Db, id: string, values: IssuedValues, at: Date): Promise<InvoiceRow> {
      const [row] = await tx
        .update(invoices)
        .set({ ...values, status: 'issued', updatedAt: at })
        .where(and(eq(invoices.id, id), isDraft))
        .returning()
      return row!
    },

    /** Within `tx`: an invoice issued as it is made (a credit note, a deposit). */
    async insertIssued(
      tx: Db,
      values: IssuedValues &
        Pick<InvoiceRow, 'clientId' | 'proposalId' | 'kind' | 'correctsId' | 'notes'>,
    ): Promise<InvoiceRow> {
      const [row] = await tx
        .insert(invoices)
        .values({ ...values, status: 'issued' })
        .returning()
      return row!
    },

    /** Within `tx`: adds a credit note's amount to what the invoice `id` has been credited. */
    async addCredited(tx: Db, id: string, amount: string, at: Date): Promise<void> {
      await tx
        .update(invoices)
        .set({ credited: sql`${invoices.credited} + ${amount}`, updatedAt: at })
        .where(eq(invoices.id, id))
    },

    /**
     * Within `tx`: records a payment on the issued invoice `id` and adds it to `paid`; with
     * `withinBalance`, only when it is at most what is left to pay. Undefined when it was not
     * recorded (no such issued invoice, over the balance, or a card payment already recorded).
     */
    async recordPayment(
      tx: Db,
      id: string,
      payment: Pick<InvoicePaymentRow, 'amount' | 'date' | 'method' | 'reference'>,
      { withinBalance, at }: { withinBalance: boolean; at: Date },
    ): Promise<InvoiceRow | undefined> {
      if (payment.reference) {
        const [taken] = await tx
          .insert(invoicePayments)
          .values({ ...payment, invoiceId: id })
          .onConflictDoNothing({ target: invoicePayments.reference })
          .returning({ id: invoicePayments.id })
        if (!taken) return undefined
      }
      const [row] = await tx
        .update(invoices)
        .set({ paid: sql`${invoices.paid} + ${payment.amount}`, updatedAt: at })
        .where(
          and(
            eq(invoices.id, id),
            isIssued,
            ne(invoices.kind, 'credit'),
            withinBalance ? sql`${balanceSql} >= ${payment.amount}` : undefined,
          ),
        )
        .returning()
      if (!row) return undefined
      if (!payment.reference) await tx.insert(invoicePayments).values({ ...payment, invoiceId: id })
      return row
    },

    /** Issued invoices with a balance left whose due date is before `today`, oldest due first. */
    overdue: (today: string): Promise<InvoiceRow[]> =>
      db
        .select()
        .from(invoices)
        .where(
          and(
            isIssued,
            ne(invoices.kind, 'credit'),
            sql`${balanceSql} > 0`,
            lt(invoices.dueDate, today),
          ),
        )
        .orderBy(asc(invoices.dueDate), asc(invoices.id)),

    /** The reminder days already sent for each of `ids`. */
    async remindedDays(ids: string[]): Promise<Map<string, number[]>> {
      const sent = new Map<string, number[]>()
      if (ids.length === 0) return sent
      const rows = await db
        .select({ invoiceId: invoiceReminders.invoiceId, days: invoiceReminders.days })
        .from(invoiceReminders)
        .where(inArray(invoiceReminders.invoiceId, ids))
      for (const row of rows)
        sent.set(row.invoiceId, [...(sent.get(row.invoiceId) ?? []), row.days])
      return sent
    },

    /** Within `tx`: records the reminders `days` of `invoiceId`; the days newly recorded. */
    async markReminded(tx: Db, invoiceId: string, days: number[], at: Date): Promise<number[]> {
      const rows = await tx
        .insert(invoiceReminders)
        .values(days.map((day) => ({ invoiceId, days: day, sentAt: at })))
        .onConflictDoNothing()
        .returning({ days: invoiceReminders.days })
      return rows.map((row) => row.days)
    },

    /** Within `tx`: records that the invoice was mailed; with `onlyPending`, only if it waits. */
    async markSent(
      tx: Db,
      id: string,
      at: Date,
      { onlyPending = false } = {},
    ): Promise<InvoiceRow | undefined> {
      const [row] = await tx
        .update(invoices)
        .set({ sentAt: at, isSendPending: false })
        .where(
          and(
            eq(invoices.id, id),
            isIssued,
            onlyPending ? eq(invoices.isSendPending, true) : undefined,
          ),
        )
        .returning()
      return row
    },

    /** Issued invoices waiting to be mailed. */
    pendingSends: (): Promise<InvoiceRow[]> =>
      db
        .select()
        .from(invoices)
        .where(and(isIssued, eq(invoices.isSendPending, true)))
        .orderBy(asc(invoices.createdAt)),

    /** The issued deposit invoices of `proposalId` (a final invoice deducts them). */
    depositsOf: (proposalId: string): Promise<InvoiceRow[]> =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.proposalId, proposalId), eq(invoices.kind, 'deposit'), isIssued)),

    /** Within `tx`: whether a deposit invoice for `proposalId` exists already. */
    async hasDeposit(tx: Db, proposalId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.proposalId, proposalId), eq(invoices.kind, 'deposit')))
        .limit(1)
      return row !== undefined
    },

    /** Within `tx`: records the Stripe event `id`; false when it was recorded before. */
    async recordStripeEvent(tx: Db, id: string, type: string, at: Date): Promise<boolean> {
      const rows = await tx
        .insert(stripeEvents)
        .values({ id, type, receivedAt: at })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id })
      return rows.length > 0
    },

    /** The issued invoices of `year` with their client's name, in number order (the export). */
    issuedIn: (year: number) =>
      db
        .select({ invoice: invoices, clientName: clients.name, clientCompany: clients.company })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .where(
          and(
            isIssued,
            isNotNull(invoices.issueDate),
            sql`${invoices.issueDate} between ${`${year}-01-01`} and ${`${year}-12-31`}`,
          ),
        )
        .orderBy(asc(invoices.issueDate), asc(invoices.number)),

    /**
     * In `currency`: the totals of the invoices and credit notes issued in `year`, the payments
     * dated in it, and what is left to pay on invoices overdue as of `today`.
     */
    async figures(year: number, currency: string, today: string) {
      const from = `${year}-01-01`
      const to = `${year}-12-31`
      const [[invoiced], [paid], [overdue]] = await Promise.all([
        db
          .select({ sum: sql<string>`coalesce(sum(${invoices.total}), 0)` })
          .from(invoices)
          .where(
            and(
              isIssued,
              eq(invoices.currency, currency),
              sql`${invoices.issueDate} between ${from} and ${to}`,
            ),
          ),
        db
          .select({ sum: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)` })
          .from(invoicePayments)
          .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
          .where(
            and(
              eq(invoices.currency, currency),
              sql`${invoicePayments.date} between ${from} and ${to}`,
            ),
          ),
        db
          .select({ sum: sql<string>`coalesce(sum(${balanceSql}), 0)` })
          .from(invoices)
          .where(
            and(
              isIssued,
              eq(invoices.currency, currency),
              ne(invoices.kind, 'credit'),
              sql`${balanceSql} > 0`,
              lt(invoices.dueDate, today),
            ),
          ),
      ])
      return { invoiced: invoiced!.sum, paid: paid!.sum, overdue: overdue!.sum }
    },
  }
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>
