import type { Page, PageContent, PageKey } from '#common/schemas/pages.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const getPage = <K extends PageKey>(key: K) =>
  apiRequest<Page<K>>(`/api/pages/${encodeURIComponent(key)}`)

export const updatePage = <K extends PageKey>(key: K, content: PageContent<K>) =>
  apiRequest<Page<K>>(`/api/pages/${encodeURIComponent(key)}`, { method: 'PUT', body: content })
