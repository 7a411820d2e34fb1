import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { EmailSchema, IdSchema, pageOf, requiredText } from './common.ts'

export const ContactBodySchema = z.object({
  fullName: requiredText('Full name', TEXT_LIMITS.name),
  email: EmailSchema,
  subject: requiredText('Subject', TEXT_LIMITS.subject),
  message: requiredText('Message', TEXT_LIMITS.message),
})
export type ContactBody = z.infer<typeof ContactBodySchema>

export const MessageSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  replyContent: z.string().nullable(),
  repliedAt: z.string().nullable(),
})
export type Message = z.infer<typeof MessageSchema>

export const ReplyBodySchema = z.object({
  email: EmailSchema,
  subject: requiredText('Subject', TEXT_LIMITS.subject + 4),
  replyContent: requiredText('Reply', TEXT_LIMITS.message),
  messageId: IdSchema.optional(),
})
export type ReplyBody = z.infer<typeof ReplyBodySchema>

export const MessagesPageSchema = pageOf('messages', MessageSchema, 'totalMessages')
export type MessagesPage = z.infer<typeof MessagesPageSchema>

/** GET /api/messages: the newest messages, capped server-side (see MESSAGES_LIST_LIMIT). */
export const MessagesListSchema = z.object({ messages: z.array(MessageSchema) })
export type MessagesList = z.infer<typeof MessagesListSchema>
