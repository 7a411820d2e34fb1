/** Portfolio link checks: each website's last health, its history and the owner's keyword. */
import { z } from 'zod'
import { text } from './common.ts'

export const LINK_CHECK_KEYWORD_MAX = 200
/** A certificate with fewer days left than this counts as expiring (dashboard, e-mail). */
export const TLS_DAYS_WARNING = 14

export const LinkHealthSchema = z.object({
  checkedAt: z.string(),
  ok: z.boolean(),
  /** The final answer's HTTP status; null when none came (network error, refused address). */
  status: z.number().int().nullable(),
  finalUrl: z.string().nullable(),
  /** From the request to the final answer's headers. */
  ms: z.number().int().nullable(),
  /** Whole days until the soonest-expiring certificate on the way expires; null over http. */
  tlsDaysLeft: z.number().int().nullable(),
  /** Why the check failed, in words for the owner; null when ok. */
  error: z.string().nullable(),
})
export type LinkHealth = z.infer<typeof LinkHealthSchema>

export const LinkCheckResponseSchema = z.object({ health: LinkHealthSchema })
export type LinkCheckResponse = z.infer<typeof LinkCheckResponseSchema>

export const LinkCheckKeywordBodySchema = z.object({
  keyword: text('Keyword', LINK_CHECK_KEYWORD_MAX),
})
export type LinkCheckKeywordBody = z.infer<typeof LinkCheckKeywordBodySchema>

const LinkCheckDaySchema = z.object({
  date: z.string(),
  checks: z.number().int(),
  failures: z.number().int(),
  medianMs: z.number().int().nullable(),
  worstMs: z.number().int().nullable(),
})

/** GET /api/websites/{id}/check: the last result, the keyword and the daily roll-up, newest first. */
export const LinkCheckDetailsSchema = z.object({
  health: LinkHealthSchema.nullable(),
  keyword: z.string(),
  days: z.array(LinkCheckDaySchema),
})
export type LinkCheckDetails = z.infer<typeof LinkCheckDetailsSchema>

/** GET /api/websites/checks: the entries that need the owner (failing, or certificate expiring). */
export const LinkCheckAttentionSchema = z.object({
  websites: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      link: z.string(),
      health: LinkHealthSchema,
    }),
  ),
})
export type LinkCheckAttention = z.infer<typeof LinkCheckAttentionSchema>

/** What a public page may show of a link's health: only a success, never an error. */
export interface PublicLinkHealth {
  checkedAt: string
  ms: number
}
