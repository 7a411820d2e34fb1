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

/** The ids in their new order after moving `id` one place up (-1) or down (+1); unchanged at an end. */
export function movedIds(faqs: Pick<Faq, '_id'>[], id: string, step: -1 | 1): string[] {
  const ids = faqs.map((faq) => faq._id)
  const from = ids.indexOf(id)
  const to = from + step
  if (from < 0 || to < 0 || to >= ids.length) return ids
  ;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
  return ids
}
