import { z } from 'zod'

export const SummarySchema = z.object({
  users: z.array(z.object({ numUsers: z.number().int() })),
  websites: z.array(z.object({ _id: z.string(), totalWebsites: z.number().int() })),
  messages: z.array(z.object({ numMessages: z.number().int() })),
  /**
   * This year's invoicing in the billing currency (invoices in others are not summed): what was
   * invoiced (credit notes deducted), what was paid, and what is left to pay on overdue invoices.
   */
  invoices: z.object({
    year: z.number().int(),
    currency: z.string(),
    invoiced: z.string(),
    paid: z.string(),
    overdue: z.string(),
  }),
})
export type Summary = z.infer<typeof SummarySchema>
