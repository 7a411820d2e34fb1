/** FAQ entries: the questions /faq shows, in the owner's order. Answers are Markdown. */
import { z } from 'zod'
import { IdSchema, requiredText } from './common.ts'

const QUESTION_MAX = 300
const ANSWER_MAX = 5000
/** More entries than any FAQ page holds; bounds the order call's body. */
export const FAQ_MAX_ENTRIES = 200

const FaqSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
})
export type Faq = z.infer<typeof FaqSchema>

export const FaqListSchema = z.object({ faqs: z.array(FaqSchema) })
export type FaqList = z.infer<typeof FaqListSchema>

export const FaqBodySchema = z.object({
  question: requiredText('Question', QUESTION_MAX),
  answer: requiredText('Answer', ANSWER_MAX),
})
export type FaqBody = z.infer<typeof FaqBodySchema>

export const FaqResponseSchema = z.object({ faq: FaqSchema })

export const FaqOrderBodySchema = z.object({
  ids: z
    .array(IdSchema, { error: 'ids must be a list of FAQ ids' })
    .max(FAQ_MAX_ENTRIES, { error: `ids must list at most ${FAQ_MAX_ENTRIES} entries` }),
})
