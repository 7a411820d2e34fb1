/** GET /api/setup: what a new owner still has to do to make the site theirs. */
import { z } from 'zod'

const SETUP_STEP_KEYS = [
  'name',
  'business',
  'role',
  'place',
  'portrait',
  'logo',
  'accent',
  'fonts',
  'contact',
  'booking',
  'portfolio',
] as const
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number]

const SAMPLE_KINDS = ['testimonial', 'post', 'website', 'page', 'faq'] as const

export const SetupSchema = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEP_KEYS), label: z.string(), done: z.boolean() })),
  /**
   * First-run items still as the first run left them: the owner rewrites or deletes each. A page's
   * id is its key (`home`, `about` ...), the others' their row id.
   */
  samples: z.array(z.object({ kind: z.enum(SAMPLE_KINDS), id: z.string(), label: z.string() })),
})
export type Setup = z.infer<typeof SetupSchema>
