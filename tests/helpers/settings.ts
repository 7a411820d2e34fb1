/** The site settings changed through the API as the admin's screens change them. */
import { expect } from 'vitest'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import type { TestApp } from './test-app.ts'

/** Reads the admin's copy of the settings, applies `change` and saves them all (200 expected). */
export async function changeSettings(
  target: Pick<TestApp, 'inject'>,
  headers: Record<string, string>,
  change: (current: SiteSettings) => SiteSettings,
) {
  const current = SiteSettingsSchema.parse(
    (await target.inject({ method: 'GET', url: '/api/settings', headers })).json(),
  )
  const saved = await target.inject({
    method: 'PUT',
    url: '/api/settings',
    headers,
    payload: change(current),
  })
  expect(saved.statusCode, saved.body).toBe(200)
}
