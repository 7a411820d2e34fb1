import type { SiteSettings, SiteSettingsBody } from '#common/schemas/settings.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const getSettings = () => apiRequest<SiteSettings>('/api/settings')

export const updateSettings = (body: SiteSettingsBody) =>
  apiRequest<SiteSettings>('/api/settings', { method: 'PUT', body })
