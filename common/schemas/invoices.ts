/**
 * Invoices: drafts the owner edits, issued with the next number of the year and never changed
 * after, credit notes correcting them, payments, the client's page (/invoice/{token}) and the
 * accountant's export (POST /api/invoices ...). Amounts are two-place decimal strings.
 */
import { z } from 'zod'
import {
  CurrencySchema,
  dateOnlySchema,
  decimalSchema,
  LineItemBodySchema,
  LineItemSchema,
} from './billing.ts'
import { IdSchema, PageNumberSchema, text } from './common.ts'

const NOTES_MAX = 2_000
const INVOICE_ITEMS_MAX = 50
export const INVOICES_PAGE_SIZE = 20

/** A deposit invoice is issued when a client accepts a proposal with a deposit. */
const INVOICE_KINDS = ['invoice', 'deposit', 'credit'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/**
 * What the owner and the client read: `overdue` while a balance is left after the due date (as of
 * today in the owner's time zone), `credited` once credit notes cancel what was left to pay.
 */
export const INVOICE_STATUSES = [
  'draft',
  'issued',
  'partially_paid',
  'paid',
  'overdue',
  'credited',
] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

const PAYMENT_METHODS = ['bank', 'card', 'other'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const InvoiceBodySchema = z
  .object({
    clientId: IdSchema,
    items: z
      .array(LineItemBodySchema, { error: 'Items must be a list' })
      .max(INVOICE_ITEMS_MAX, { error: `An invoice holds at most ${INVOICE_ITEMS_MAX} items` })
      .default([]),
    currency: CurrencySchema.optional(),
    /** Unset: the issue date plus the billing details' payment terms. */
    dueDate: dateOnlySchema('Due date').nullable().optional(),
    /** The accepted proposal it bills: without items, the proposal's, less its deposit. */
    proposalId: IdSchema.nullable().optional(),
    notes: text('Notes', NOTES_MAX).default(''),
  })
  .refine((body) => body.items.length > 0 || body.proposalId, {
    error: 'An invoice needs at least one item',
    path: ['items'],
  })
export type InvoiceBody = z.infer<typeof InvoiceBodySchema>

const VatBreakdownSchema = z.object({
  category: z.enum(['S', 'Z', 'AE', 'E']),
  rate: z.string(),
  net: z.string(),
  tax: z.string(),
})

const PaymentSchema = z.object({
  _id: z.string(),
  amount: z.string(),
  date: z.string(),
  method: z.enum(PAYMENT_METHODS),
  createdAt: z.string(),
})
export type Payment = z.infer<typeof PaymentSchema>

const InvoiceSchema = z.object({
  _id: z.string(),
  /** prefix + year + "-" + four digits, once issued. */
  number: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  clientId: z.string(),
  proposalId: z.string().nullable(),
  /** The invoice a credit note corrects (its id), and its number. */
  corrects: z.string().nullable(),
  correctsNumber: z.string().nullable(),
  items: z.array(LineItemSchema),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  taxBreakdown: z.array(VatBreakdownSchema),
  /** The buyer is reverse-charged: no tax, "Reverse charge" on the invoice. */
  reverseCharge: z.boolean(),
  /** The seller's VAT exemption reason: every line exempt (category E) at 0 %; "" for none. */
  vatExemption: z.string(),
  currency: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Invoiced before: the deposit a final invoice deducts. */
  prepaid: z.string(),
  /** Credit notes' amounts against this invoice, as a positive sum. */
  credited: z.string(),
  paid: z.string(),
  /** total - prepaid - credited - paid. */
  balance: z.string(),
  payments: z.array(PaymentSchema),
  notes: z.string(),
  /** The client's page, once issued. */
  url: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Invoice = z.infer<typeof InvoiceSchema>

export const InvoiceResponseSchema = z.object({ invoice: InvoiceSchema })
export const InvoicesListSchema = z.object({
  invoices: z.array(InvoiceSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})

export const InvoicesQuerySchema = z.object({
  page: PageNumberSchema,
  status: z
    .enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(', ')}` })
    .optional(),
})
export type InvoicesQuery = z.infer<typeof InvoicesQuerySchema>

export const PaymentBodySchema = z.object({
  amount: decimalSchema('Amount', { places: 2, min: 0.01, max: 1_000_000_000 }),
  date: dateOnlySchema('Date'),
  method: z.enum(PAYMENT_METHODS, { error: 'Method must be bank, card or other' }),
})
export type PaymentBody = z.infer<typeof PaymentBodySchema>

export const InvoiceExportQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a year such as 2026' })
    .int({ error: 'year must be a year such as 2026' })
    .min(2000, { error: 'year must be a year such as 2026' })
    .max(9999, { error: 'year must be a year such as 2026' }),
})

export const INVOICE_NOT_FOUND = 'Invoice not found'
export const INVOICE_NOT_DRAFT = 'An issued invoice never changes: correct it with a credit note'

/** What the Stripe webhook answers an event it accepted (Stripe reads only the status). */
export const StripeWebhookResponseSchema = z.object({ received: z.literal(true) })
