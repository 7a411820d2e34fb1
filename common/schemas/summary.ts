import { z } from 'zod'

export const SummarySchema = z.object({
  users: z.array(z.object({ numUsers: z.number().int() })),
  websites: z.array(z.object({ _id: z.string(), totalWebsites: z.number().int() })),
  messages: z.array(z.object({ numMessages: z.number().int() })),
})
export type Summary = z.infer<typeof SummarySchema>
