/**
 * The journal's newsletter: double opt-in subscribers, and one send of a published post to the
 * confirmed ones.
 */
import { z } from 'zod'
import { EmailSchema, MessageResponseSchema, text } from './common.ts'

/** How long a confirmation link works; a pending subscriber is then forgotten. */
export const SUBSCRIBER_PENDING_DAYS = 7
/** At most one confirmation mail per address in this time, whatever is posted. */
export const SUBSCRIBER_CONFIRMATION_GAP_MINUTES = 60
/** The page a subscription was asked on, as a site path. */
const SOURCE_MAX = 200
/** A token is 32 random bytes in base64url; anything much longer is no token of ours. */
const TOKEN_MAX = 100

const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const

export const SubscribeBodySchema = z.object({
  email: EmailSchema,
  /** The site path of the page the form was on (the API alone: none). */
  source: text('Source', SOURCE_MAX)
    .regex(/^\/\S*$/, { error: 'Source must be a site path' })
    .optional(),
})
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>

export const SubscriberTokenBodySchema = z.object({
  token: text('Token', TOKEN_MAX, { trim: false }).min(1, { error: 'Token is required' }),
})

const SubscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** When the current subscription was asked for. */
  createdAt: z.string(),
  /** The consent: when the address was confirmed. */
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  /** The page it was asked on. */
  source: z.string(),
})
export type Subscriber = z.infer<typeof SubscriberSchema>

export const SubscriberListSchema = z.object({
  subscribers: z.array(SubscriberSchema),
  total: z.number().int(),
  counts: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    unsubscribed: z.number().int(),
  }),
})
export type SubscriberList = z.infer<typeof SubscriberListSchema>

const NEWSLETTER_STATUSES = ['sending', 'sent'] as const

const NewsletterSchema = z.object({
  postId: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  status: z.enum(NEWSLETTER_STATUSES),
  /** Mails waiting for another attempt after a temporary failure. */
  retrying: z.number().int(),
  /** Recipients of this send who have unsubscribed since. */
  unsubscribed: z.number().int(),
  createdAt: z.string(),
})
export type Newsletter = z.infer<typeof NewsletterSchema>

export const NewsletterResponseSchema = z.object({ newsletter: NewsletterSchema })
export type NewsletterResponse = z.infer<typeof NewsletterResponseSchema>

/** POST /api/posts/:id/newsletter/test: the `{ message }` saying where the test went. */
export const NewsletterTestResponseSchema = MessageResponseSchema
export type NewsletterTestResponse = z.infer<typeof NewsletterTestResponseSchema>
