import type { MessageResponse } from '#common/schemas/common.ts'
import type { Faq, FaqBody, FaqList } from '#common/schemas/faq.ts'
import { apiRequest } from '#app/lib/api-client.ts'

const faqPath = (id: string) => `/api/faq/${encodeURIComponent(id)}`

export const listFaqs = () => apiRequest<FaqList>('/api/faq')

export const createFaq = (body: FaqBody) =>
  apiRequest<{ faq: Faq }>('/api/faq', { method: 'POST', body })

export const updateFaq = (id: string, body: FaqBody) =>
  apiRequest<{ faq: Faq }>(faqPath(id), { method: 'PUT', body })

export const deleteFaq = (id: string) =>
  apiRequest<MessageResponse>(faqPath(id), { method: 'DELETE' })

export const reorderFaqs = (ids: string[]) =>
  apiRequest<FaqList>('/api/faq/order', { method: 'PUT', body: { ids } })
