import type { MessageResponse } from '#common/schemas/common.ts'
import type {
  Message,
  MessagesBulkBody,
  MessagesBulkResult,
  MessagesPage,
  MessagesSearch,
  MessagesTrend,
  MessageUpdateBody,
  NoteBody,
  NoteResponse,
  ReplyBody,
  UnreadCount,
} from '#common/schemas/messages.ts'
import { ApiError, apiRequest, errorMessage } from '#app/lib/api-client.ts'
import { getSession } from '#app/lib/session.ts'

/** `?q=&filter=&stage=` for a search, without empty values. */
export function searchParamsOf({ q, filter, stage }: MessagesSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (filter) params.set('filter', filter)
  if (stage) params.set('stage', stage)
  return params
}

export const listMessagesForAdmin = (page: number, search: MessagesSearch = {}) => {
  const params = searchParamsOf(search)
  params.set('page', String(page))
  return apiRequest<MessagesPage>(`/api/messages/admin?${params.toString()}`)
}

export const deleteMessage = (id: string) =>
  apiRequest<MessageResponse>(`/api/messages/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const updateMessage = (id: string, body: MessageUpdateBody) =>
  apiRequest<Message>(`/api/messages/${encodeURIComponent(id)}`, { method: 'PUT', body })

export const bulkUpdateMessages = (body: MessagesBulkBody) =>
  apiRequest<MessagesBulkResult>('/api/messages/bulk', { method: 'POST', body })

export const getUnreadCount = () => apiRequest<UnreadCount>('/api/messages/unread-count')

export const getMessagesTrend = () => apiRequest<MessagesTrend>('/api/messages/trend')

export const addNote = (id: string, body: NoteBody) =>
  apiRequest<NoteResponse>(`/api/messages/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body,
  })

export const sendReply = (body: ReplyBody) =>
  apiRequest<MessageResponse>('/api/messages/reply', { method: 'POST', body })

/** Downloads the (searched, filtered) messages as a CSV file; throws the server's message. */
export async function downloadMessagesCsv(search: MessagesSearch): Promise<void> {
  const session = getSession()
  const response = await fetch(`/api/messages/export.csv?${searchParamsOf(search).toString()}`, {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  }).catch(() => {
    throw new ApiError('Network error: the server could not be reached', 0)
  })
  if (!response.ok) {
    throw new ApiError(errorMessage(await response.json().catch(() => undefined)), response.status)
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = 'messages.csv'
  link.click()
  URL.revokeObjectURL(url)
}
