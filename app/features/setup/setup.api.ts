import type { SettingsOptions } from '#common/schemas/settings.ts'
import type { Setup } from '#common/schemas/setup.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const getSetup = () => apiRequest<Setup>('/api/setup')

export const getSettingsOptions = () => apiRequest<SettingsOptions>('/api/settings/options')
