import type { MessageResponse } from '#common/schemas/common.ts'
import type {
  NewsletterResponse,
  NewsletterTestResponse,
  SubscriberList,
} from '#common/schemas/subscribers.ts'
import { ApiError, apiRequest, downloadApiFile } from '#app/lib/api-client.ts'

const NOT_FOUND = 404

export const listSubscribers = () => apiRequest<SubscriberList>('/api/subscribers')

export const deleteSubscriber = (id: string) =>
  apiRequest<MessageResponse>(`/api/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' })

/** Hands the subscribers' CSV, with their consent dates, to the browser as a download. */
export const downloadSubscribers = () =>
  downloadApiFile('/api/subscribers/export', 'subscribers.csv')

/** Where the post's send stands, or null when it was never sent. */
export async function getNewsletter(postId: string) {
  try {
    const { newsletter } = await apiRequest<NewsletterResponse>(
      `/api/posts/${encodeURIComponent(postId)}/newsletter`,
    )
    return newsletter
  } catch (error) {
    if (error instanceof ApiError && error.status === NOT_FOUND) return null
    throw error
  }
}

export const sendNewsletter = (postId: string) =>
  apiRequest<NewsletterResponse>(`/api/posts/${encodeURIComponent(postId)}/send`, {
    method: 'POST',
  })

/** Mails the saved post, as the newsletter would be, to the signed-in admin alone. */
export const sendNewsletterTest = (postId: string) =>
  apiRequest<NewsletterTestResponse>(`/api/posts/${encodeURIComponent(postId)}/newsletter/test`, {
    method: 'POST',
  })
