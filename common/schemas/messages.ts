import { z } from 'zod'
import { CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD, TEXT_LIMITS } from '../constants.ts'
import {
  EmailSchema,
  IdSchema,
  isHttpUrl,
  PageQuerySchema,
  pageOf,
  requiredText,
  text,
} from './common.ts'
import { INQUIRY_OPTION_MAX } from './settings.ts'
import { MessageVisitSchema } from './stats.ts'

/** An answer to an optional qualifying question; empty is no answer. */
const optionalAnswer = (label: string) =>
  text(label, INQUIRY_OPTION_MAX)
    .optional()
    .transform((value) => value || undefined)

const SCHEME = /^[a-z][a-z\d+.-]*:/i

/**
 * A website as people type it: a bare domain ("shop.example.co.uk", "www.example.com/shop") is
 * read as its https:// address; one without a dot in its host is left for the check to refuse.
 */
function websiteAddress(value: string): string {
  if (SCHEME.test(value)) return value
  const address = `https://${value}`
  try {
    return new URL(address).hostname.includes('.') ? address : value
  } catch {
    return value
  }
}

/**
 * The contact form's anti-spam fields. `homepage` is a honeypot hidden from people (a filled one
 * marks the post as spam); `formToken` is the signed time the form was served (a post sooner than
 * a person could type marks it as spam). Both are optional: API clients that never send them are
 * treated as people.
 */

export const ContactBodySchema = z.object({
  fullName: requiredText('Full name', TEXT_LIMITS.name),
  email: EmailSchema,
  subject: requiredText('Subject', TEXT_LIMITS.subject),
  message: requiredText('Message', TEXT_LIMITS.message),
  /** The qualifying answers: each one of the options the settings list (checked by the service). */
  projectType: optionalAnswer('Project type'),
  budget: optionalAnswer('Budget'),
  timeline: optionalAnswer('Timeline'),
  website: text('Website', TEXT_LIMITS.url)
    .optional()
    .transform((value) => (value ? websiteAddress(value) : undefined))
    .refine((value) => value === undefined || isHttpUrl(value), {
      error: 'Website must be a web address such as example.com or https://example.com',
    }),
  [CONTACT_HONEYPOT_FIELD]: text('Homepage', TEXT_LIMITS.url, { trim: false }).optional(),
  [CONTACT_TOKEN_FIELD]: text('Form token', TEXT_LIMITS.short, { trim: false }).optional(),
})
export type ContactBody = z.infer<typeof ContactBodySchema>

const MessageReplySchema = z.object({ text: z.string(), sentAt: z.string() })

/** Where an inquiry stands, in pipeline order; a reply moves "new" to "replied". */
export const MESSAGE_STAGES = ['new', 'replied', 'call', 'proposal', 'won', 'lost'] as const
export type MessageStage = (typeof MESSAGE_STAGES)[number]
export const MessageStageSchema = z.enum(MESSAGE_STAGES, {
  error: 'Stage must be one of new, replied, call, proposal, won or lost',
})

/** The owner's private note on a message: never mailed to anyone. */
const MessageNoteSchema = z.object({ _id: z.string(), text: z.string(), createdAt: z.string() })
export type MessageNote = z.infer<typeof MessageNoteSchema>

const NOTE_MAX = 2000
export const NoteBodySchema = z.object({ text: requiredText('Note', NOTE_MAX) })
export type NoteBody = z.infer<typeof NoteBodySchema>
export const NoteResponseSchema = z.object({ note: MessageNoteSchema })
export type NoteResponse = z.infer<typeof NoteResponseSchema>

export const MessageSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The newest reply (kept for clients written before `replies`). */
  replyContent: z.string().nullable(),
  repliedAt: z.string().nullable(),
  readAt: z.string().nullable(),
  /** Every reply sent, oldest first. */
  replies: z.array(MessageReplySchema),
  spam: z.boolean(),
  projectType: z.string().nullable(),
  budget: z.string().nullable(),
  timeline: z.string().nullable(),
  /** The sender's current website, when the form asks for it. */
  website: z.string().nullable(),
  stage: MessageStageSchema,
  /** The owner's private notes, oldest first. */
  notes: z.array(MessageNoteSchema),
  /** The counted visit the message was sent in (admin objects; null otherwise). */
  visit: MessageVisitSchema.nullable(),
})
export type Message = z.infer<typeof MessageSchema>

/**
 * POST /api/messages/contact: the stored message, and whether an acknowledgement e-mail with a
 * copy goes to the sender (not within an hour of the last one, not without an SMTP server, not
 * for spam), so the page says so only when it is true.
 */
export const ContactResponseSchema = MessageSchema.extend({ acknowledged: z.boolean() })
export type ContactResponse = z.infer<typeof ContactResponseSchema>

export const ReplyBodySchema = z.object({
  email: EmailSchema,
  subject: requiredText('Subject', TEXT_LIMITS.subject + 4),
  replyContent: requiredText('Reply', TEXT_LIMITS.message),
  messageId: IdSchema.optional(),
})
export type ReplyBody = z.infer<typeof ReplyBodySchema>

const MESSAGE_FILTERS = ['unread', 'replied', 'spam'] as const
export type MessageFilter = (typeof MESSAGE_FILTERS)[number]

/** The inbox's search and filter, shared by the admin list and the CSV export. */
export const MessagesSearchSchema = z.object({
  q: text('Search', TEXT_LIMITS.short)
    .optional()
    .transform((q) => q || undefined),
  filter: z
    .enum(MESSAGE_FILTERS, { error: 'Filter must be one of unread, replied or spam' })
    .optional(),
  stage: MessageStageSchema.optional(),
})
export type MessagesSearch = Partial<z.infer<typeof MessagesSearchSchema>>

export const MessagesQuerySchema = PageQuerySchema.extend(MessagesSearchSchema.shape)
export type MessagesQuery = { page: number } & MessagesSearch

export const MessageUpdateBodySchema = z
  .object({
    read: z.boolean({ error: 'Read must be true or false' }).optional(),
    spam: z.literal(false, { error: 'Spam can only be set to false' }).optional(),
    stage: MessageStageSchema.optional(),
  })
  .refine(
    (body) => body.read !== undefined || body.spam !== undefined || body.stage !== undefined,
    { error: 'Read, spam or stage is required' },
  )
export type MessageUpdateBody = z.infer<typeof MessageUpdateBodySchema>

const MESSAGES_BULK_MAX = 100
const BULK_ACTIONS = ['read', 'unread', 'delete'] as const

export const MessagesBulkBodySchema = z.object({
  ids: z
    .array(IdSchema, { error: 'Ids must be a list of message ids' })
    .min(1, { error: 'Ids must name at least one message' })
    .max(MESSAGES_BULK_MAX, { error: `Ids must name at most ${MESSAGES_BULK_MAX} messages` }),
  action: z.enum(BULK_ACTIONS, { error: 'Action must be one of read, unread or delete' }),
})
export type MessagesBulkBody = z.infer<typeof MessagesBulkBodySchema>

export const MessagesBulkResultSchema = z.object({ message: z.string(), count: z.number().int() })
export type MessagesBulkResult = z.infer<typeof MessagesBulkResultSchema>

export const UnreadCountSchema = z.object({ unread: z.number().int() })
export type UnreadCount = z.infer<typeof UnreadCountSchema>

export const MESSAGES_TREND_WEEKS = 12

/** Messages received per week (spam left out), oldest week first; a week starts on Monday, UTC. */
export const MessagesTrendSchema = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
})
export type MessagesTrend = z.infer<typeof MessagesTrendSchema>

/**
 * A page of the inbox. With a search, `totalMessages` counts at most MESSAGES_SEARCH_COUNT_AHEAD
 * matches past the page's start; `isTotalCapped` says there are more.
 */
export const MessagesPageSchema = pageOf('messages', MessageSchema, 'totalMessages').extend({
  isTotalCapped: z.boolean(),
  /** How many messages (spam left out) stand at each stage, whatever the page's search. */
  stageCounts: z.record(MessageStageSchema, z.number().int()),
})
export type MessagesPage = z.infer<typeof MessagesPageSchema>

/** GET /api/messages: the newest messages, capped server-side (see MESSAGES_LIST_LIMIT). */
export const MessagesListSchema = z.object({ messages: z.array(MessageSchema) })
export type MessagesList = z.infer<typeof MessagesListSchema>
