/** The owner's view of the outbox: what was sent, what waits, what failed; never a body, link or token. */
import { z } from 'zod'
import { PageNumberSchema } from './common.ts'

const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const
const OutboxStatusSchema = z.enum(OUTBOX_STATUSES)

export const OutboxQuerySchema = z.object({
  status: OutboxStatusSchema.optional(),
  page: PageNumberSchema,
})
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>

const OutboxMailSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: OutboxStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type OutboxMail = z.infer<typeof OutboxMailSchema>

export const OutboxPageSchema = z.object({
  mails: z.array(OutboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})
export type OutboxPage = z.infer<typeof OutboxPageSchema>

/** How many mails wait and how many failed: the dashboard's line. */
export const OutboxCountsSchema = z.object({ queued: z.number().int(), failed: z.number().int() })
export type OutboxCounts = z.infer<typeof OutboxCountsSchema>
