import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'

/** Any missing, non-numeric or out-of-range page means the first page. */
export const PageNumberSchema = z.preprocess((value) => {
  const page = Number(Array.isArray(value) ? value[0] : value)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}, z.number().int().min(1))

export const PageQuerySchema = z.object({ page: PageNumberSchema })

// Ids are strings in `_id` because the original client was written against MongoDB documents.
export const IdSchema = z.uuid({ message: 'must be a valid id' })
export const IdParamsSchema = z.object({ id: IdSchema })

export const MessageResponseSchema = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof MessageResponseSchema>

// The same shape as MessageResponseSchema, named for its role: every error body is `{ message }`.
export const ErrorResponseSchema = z.object({ message: z.string() })

/**
 * In `u` mode a surrogate pair is one code point, so only a NUL (PostgreSQL text cannot hold it) or
 * a surrogate without its pair (it has no UTF-8 form) matches.
 */
const UNSTORABLE_CHARACTER = /[\0\uD800-\uDFFF]/u

/**
 * The one building block for a string from outside: text, at most `max` characters, storable.
 * The length check aborts, so no later check (a pattern, a refinement) ever sees an over-long value.
 * Leading and trailing spaces are trimmed unless `trim` is false (passwords, hidden fields, path
 * parameters).
 */
export const text = (label: string, max: number, { trim = true } = {}) => {
  const string = z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  })
  return (trim ? string.trim() : string)
    .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => !UNSTORABLE_CHARACTER.test(value), {
      error: `${label} must not contain NUL characters or unpaired surrogates`,
      abort: true,
    })
}

/** A text that must not be empty once trimmed. */
export const requiredText = (label: string, max: number) =>
  text(label, max).min(1, { error: `${label} is required` })

export const EmailSchema = text('Email', TEXT_LIMITS.email)
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .pipe(z.email({ error: 'Email is not a valid e-mail address' }))

export const pageOf = <T extends z.ZodType, K extends string, C extends string>(
  itemsKey: K,
  item: T,
  countKey: C,
) =>
  z.object({
    [itemsKey]: z.array(item),
    [countKey]: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  } as { [P in K]: z.ZodArray<T> } & { [P in C]: z.ZodNumber } & {
    page: z.ZodNumber
    pages: z.ZodNumber
  })

/**
 * The secret token in a mailed link's path (a booking's manage page, an unsubscribe link): random
 * bytes in base64url, 32 or 43 characters as made today. Anything else names nothing, so a page
 * refuses it before looking it up (a NUL, which PostgreSQL text cannot hold, fails the query).
 */
const LINK_TOKEN = /^[\w-]{20,100}$/

export const isLinkToken = (token: string) => LINK_TOKEN.test(token)

/** Whether `value` is an absolute http:// or https:// address. */
export const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}
