import type { SiteSettings, SiteSettingsBody } from '#common/schemas/settings.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const getSettings = () => apiRequest<SiteSettings>('/api/settings')

export const updateSettings = (body: SiteSettingsBody) =>
  apiRequest<SiteSettings>('/api/settings', { method: 'PUT', body })

/**
 * Saves a form's part of the settings (the Booking, Billing and setup screens'): its fields over
 * the stored ones, and a part of the booking settings (the setup's two) over the stored booking.
 */
export async function updateSettingsFields(
  fields: Partial<Omit<SiteSettings, 'booking'>> & { booking?: Partial<SiteSettings['booking']> },
) {
  const current = await getSettings()
  return updateSettings({
    ...current,
    ...fields,
    booking: { ...current.booking, ...fields.booking },
  })
}
