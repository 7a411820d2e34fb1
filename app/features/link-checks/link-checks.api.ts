import type {
  LinkCheckAttention,
  LinkCheckDetails,
  LinkCheckKeywordBody,
  LinkCheckResponse,
} from '#common/schemas/link-checks.ts'
import { apiRequest } from '#app/lib/api-client.ts'

const checkPath = (id: string) => `/api/websites/${encodeURIComponent(id)}/check`

export const checkWebsiteLink = (id: string) =>
  apiRequest<LinkCheckResponse>(checkPath(id), { method: 'POST' })

export const getLinkCheck = (id: string) => apiRequest<LinkCheckDetails>(checkPath(id))

export const setLinkCheckKeyword = (id: string, keyword: string) =>
  apiRequest<LinkCheckKeywordBody>(checkPath(id), { method: 'PUT', body: { keyword } })

export const listLinksNeedingAttention = () =>
  apiRequest<LinkCheckAttention>('/api/websites/checks')
