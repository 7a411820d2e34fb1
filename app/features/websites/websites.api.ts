import { DEFAULT_WEBSITE } from '#common/constants.ts'
import type { MessageResponse } from '#common/schemas/common.ts'
import type {
  Website,
  WebsiteMutationResponse,
  WebsiteUpdateBody,
  WebsitesAdminPage,
} from '#common/schemas/websites.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const listWebsitesForAdmin = (page: number) =>
  apiRequest<WebsitesAdminPage>(`/api/websites/admin?page=${page}`)

export const getWebsite = (id: string) =>
  apiRequest<Website>(`/api/websites/${encodeURIComponent(id)}`)

export const createWebsite = () =>
  apiRequest<WebsiteMutationResponse>('/api/websites', { method: 'POST', body: DEFAULT_WEBSITE })

export const updateWebsite = (id: string, body: WebsiteUpdateBody) =>
  apiRequest<WebsiteMutationResponse>(`/api/websites/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  })

/** The listed websites take the places they hold between them, in this order. */
export const orderWebsites = (ids: string[]) =>
  apiRequest<MessageResponse>('/api/websites/order', { method: 'PUT', body: { ids } })

export const deleteWebsite = (id: string) =>
  apiRequest<MessageResponse>(`/api/websites/${encodeURIComponent(id)}`, { method: 'DELETE' })

/** Every portfolio entry by id and name, for a choice of one (a project's site): all pages read. */
export async function listWebsiteChoices(): Promise<{ _id: string; name: string }[]> {
  const first = await listWebsitesForAdmin(1)
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pages - 1) }, (_, index) =>
      listWebsitesForAdmin(index + 2),
    ),
  )
  return [first, ...rest].flatMap((page) => page.websites.map(({ _id, name }) => ({ _id, name })))
}
