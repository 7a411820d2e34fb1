import type { MessageResponse } from '#common/schemas/common.ts'
import type { MessagesPage, ReplyBody } from '#common/schemas/messages.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const listMessagesForAdmin = (page: number) =>
  apiRequest<MessagesPage>(`/api/messages/admin?page=${page}`)

export const deleteMessage = (id: string) =>
  apiRequest<MessageResponse>(`/api/messages/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const sendReply = (body: ReplyBody) =>
  apiRequest<MessageResponse>('/api/messages/reply', { method: 'POST', body })
