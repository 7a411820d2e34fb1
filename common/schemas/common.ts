import { z } from 'zod'

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

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    // PostgreSQL text cannot hold NUL: refused here, it would otherwise fail the insert.
    .refine((text) => !text.includes('\u0000'), {
      error: `${label} must not contain NUL characters`,
    })

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email is too long' })
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
