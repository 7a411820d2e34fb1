/** The site settings: first-run defaults until the owner saves, and whether sign-ups are open. */
import type { FastifyBaseLogger } from 'fastify'
import {
  SIGNUPS_CLOSED,
  SiteSettingsSchema,
  type SiteSettings,
  type SiteSettingsBody,
} from '#common/schemas/settings.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { forbidden } from '#server/lib/http-errors.ts'
import type { SettingsRepository } from './settings.repository.ts'

export interface SettingsServiceDeps {
  repo: SettingsRepository
  log: FastifyBaseLogger
  /** Called once saved settings are stored: every page shows them. */
  contentChanged: () => void
}

export function createSettingsService({ repo, log, contentChanged }: SettingsServiceDeps) {
  /**
   * The saved settings over the defaults, so a field added in a later version reads its default
   * until the owner saves one. A saved copy that no longer validates is logged and ignored.
   */
  async function get(): Promise<SiteSettings> {
    const saved = await repo.findSite()
    if (saved === undefined) return SITE_DEFAULTS
    const parsed = SiteSettingsSchema.safeParse({ ...SITE_DEFAULTS, ...(saved as object) })
    if (parsed.success) return parsed.data
    log.error({ issues: parsed.error.issues }, 'saved site settings are invalid: using defaults')
    return SITE_DEFAULTS
  }

  return {
    get,

    /** Saves every field; a body without the SEO description or share image keeps the saved one. */
    async update(body: SiteSettingsBody): Promise<SiteSettings> {
      const current = await get()
      const next = SiteSettingsSchema.parse({
        ...body,
        seoDescription: body.seoDescription ?? current.seoDescription,
        shareImage: body.shareImage ?? current.shareImage,
      })
      await repo.saveSite(next)
      contentChanged()
      return next
    },

    /** Throws 403 "Sign-ups are closed" while the owner has closed them. */
    async requireSignupsOpen(): Promise<void> {
      if (!(await get()).signupsOpen) throw forbidden(SIGNUPS_CLOSED)
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
