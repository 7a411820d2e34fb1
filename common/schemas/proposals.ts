/**
 * Proposals: scope, priced items, terms and a deposit, sent to a client as a link they sign
 * (POST /api/proposals ..., /proposal/{token}). Amounts are two-place decimal strings.
 */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import {
  CurrencySchema,
  dateOnlySchema,
  decimalSchema,
  LineItemBodySchema,
  LineItemSchema,
  type LineItem,
} from './billing.ts'
import { IdSchema, requiredText, text } from './common.ts'

const SUMMARY_MAX = 20_000
const TERMS_MAX = 50_000
const PROPOSAL_ITEMS_MAX = 50
const SIGNER_NAME_MAX = 120
const DECLINE_REASON_MAX = 2_000

const PROPOSAL_STATUSES = ['draft', 'sent', 'accepted', 'declined'] as const
const DEPOSIT_STATUSES = ['none', 'due', 'invoiced'] as const
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number]
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

const TaxBreakdownSchema = z.object({ rate: z.string(), net: z.string(), tax: z.string() })

export const ProposalBodySchema = z.object({
  clientId: IdSchema,
  title: requiredText('Title', TEXT_LIMITS.subject),
  summary: text('Summary', SUMMARY_MAX).default(''),
  items: z
    .array(LineItemBodySchema, { error: 'Items must be a list' })
    .min(1, { error: 'A proposal needs at least one item' })
    .max(PROPOSAL_ITEMS_MAX, { error: `A proposal holds at most ${PROPOSAL_ITEMS_MAX} items` }),
  currency: CurrencySchema.optional(),
  validUntil: dateOnlySchema('Valid until'),
  terms: text('Terms', TERMS_MAX).default(''),
  depositPercent: decimalSchema('Deposit', { places: 2, min: 0, max: 100 }).default('0'),
  messageId: IdSchema.nullable().optional(),
})
export type ProposalBody = z.infer<typeof ProposalBodySchema>

const SignatureSchema = z.object({
  name: z.string(),
  signedAt: z.string(),
  /** SHA-256 (hex) of the document as the client saw and signed it. */
  documentHash: z.string(),
})

const ProposalSchema = z.object({
  _id: z.string(),
  clientId: z.string(),
  messageId: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  items: z.array(LineItemSchema),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  taxBreakdown: z.array(TaxBreakdownSchema),
  /**
   * The client is reverse-charged (a business with a VAT ID in another EU member state than the
   * seller's): no tax, "Reverse charge" on the proposal and its invoices.
   */
  reverseCharge: z.boolean(),
  /** The seller's VAT exemption reason when it charges no VAT (its billing details), else "". */
  vatExemption: z.string(),
  currency: z.string(),
  validUntil: z.string(),
  terms: z.string(),
  depositPercent: z.string(),
  /** depositPercent of the total, to the cent. */
  depositAmount: z.string(),
  /**
   * "invoiced" once the client accepted a proposal with a deposit: its deposit invoice is issued
   * with the acceptance. "due" is a deposit accepted before invoices were issued with it.
   */
  depositStatus: z.enum(DEPOSIT_STATUSES),
  status: z.enum(PROPOSAL_STATUSES),
  /** The client's link, once sent. */
  url: z.string().nullable(),
  sentAt: z.string().nullable(),
  signature: SignatureSchema.nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Proposal = z.infer<typeof ProposalSchema>

export const ProposalResponseSchema = z.object({ proposal: ProposalSchema })
export const ProposalsListSchema = z.object({
  proposals: z.array(ProposalSchema),
  total: z.number(),
})

export const AcceptProposalBodySchema = z.object({
  token: text('Token', 100),
  signerName: requiredText('Full name', SIGNER_NAME_MAX),
  consent: z.literal(true, { error: 'Tick the box to agree to the proposal and its terms' }),
})
export type AcceptProposalBody = z.infer<typeof AcceptProposalBodySchema>

export const DeclineProposalBodySchema = z.object({
  token: text('Token', 100),
  reason: text('Reason', DECLINE_REASON_MAX).default(''),
})
export type DeclineProposalBody = z.infer<typeof DeclineProposalBodySchema>

/** What the client sees and signs: fixed when the proposal is sent, never changed after. */
export interface ProposalDocument {
  title: string
  summary: string
  items: LineItem[]
  subtotal: string
  tax: string
  total: string
  taxBreakdown: { rate: string; net: string; tax: string }[]
  /** The client is reverse-charged; absent from documents sent before proposals were. */
  reverseCharge?: boolean
  /** The seller's VAT exemption reason, "" for none; absent from documents sent before. */
  vatExemption?: string
  currency: string
  validUntil: string
  terms: string
  depositPercent: string
  depositAmount: string
  /** The day it was sent, in the owner's time zone. */
  issuedAt: string
  seller: {
    businessName: string
    ownerName: string
    legalName: string
    address: string
    country: string
    vatId: string
    registration: string
    email: string
  }
  buyer: {
    name: string
    email: string
    company: string
    address: string
    country: string
    vatId: string
  }
}

export const TermsTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  body: z.string(),
  updatedAt: z.string(),
})
export type TermsTemplate = z.infer<typeof TermsTemplateSchema>
export const TermsTemplateBodySchema = z.object({
  name: requiredText('Name', TEXT_LIMITS.name),
  body: requiredText('Terms', TERMS_MAX),
})
export type TermsTemplateBody = z.infer<typeof TermsTemplateBodySchema>
export const TermsTemplatesListSchema = z.object({ templates: z.array(TermsTemplateSchema) })

export const PROPOSAL_NOT_FOUND = 'Proposal not found'
export const PROPOSAL_NOT_DRAFT = 'A sent proposal cannot be changed: make a new one'
export const PROPOSAL_ALREADY_ANSWERED = 'This proposal was already answered'
export const PROPOSAL_EXPIRED = 'This proposal has expired'
