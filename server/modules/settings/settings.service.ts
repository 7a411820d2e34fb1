/** The site settings: the identity and facts every page shows, and whether sign-ups are open. */
import type { FastifyBaseLogger } from 'fastify'
import {
  SIGNUPS_CLOSED,
  SiteSettingsSchema,
  type SiteSettings,
  type SiteSettingsBody,
} from '#common/schemas/settings.ts'
import { withoutFirstRunDetails } from '#common/first-run-persona.ts'
import { BILLING_DEFAULTS, SITE_DEFAULTS } from '#common/site-defaults.ts'
import { fillSiteNames } from '#common/site-names.ts'
import { forbidden } from '#server/lib/http-errors.ts'
import type { SettingsRepository } from './settings.repository.ts'
import type { KeepRead } from '#server/lib/content-changes.ts'

export interface SettingsServiceDeps {
  repo: SettingsRepository
  log: FastifyBaseLogger
  /** Called once saved settings are stored: every page shows them. */
  contentChanged: () => void
  /** Keeps a public read until the content changes (server/lib/content-changes.ts). */
  keep: KeepRead
  /** Called once saved settings are stored, before the save answers (the booking reads the busy calendar). */
  onSaved?: (next: SiteSettings, previous: SiteSettings) => Promise<void>
}

/**
 * The settings anyone may read: the busy calendar's address is a secret (whoever has it reads the
 * owner's calendar), and the billing details (bank account, legal address, tax number) are the
 * owner's business, shown to the admin and on the documents sent to a client, never to every visitor.
 */
export const withoutSecrets = (settings: SiteSettings): SiteSettings => ({
  ...settings,
  booking: { ...settings.booking, busyCalendarUrl: null },
  billing: BILLING_DEFAULTS,
})

export function createSettingsService({
  repo,
  log,
  contentChanged,
  keep,
  onSaved,
}: SettingsServiceDeps) {
  /**
   * The saved settings over the first-run ones, so a field added in a later version reads its
   * first-run value until the owner saves one. A saved copy that no longer validates is logged and
   * ignored. Every page shows them: read once per change.
   */
  const get = keep(async (): Promise<SiteSettings> => {
    const saved = await repo.findSite()
    if (saved === undefined) return SITE_DEFAULTS
    const parsed = SiteSettingsSchema.safeParse({ ...SITE_DEFAULTS, ...(saved as object) })
    if (parsed.success) return parsed.data
    log.error({ issues: parsed.error.issues }, 'saved site settings are invalid: using defaults')
    return SITE_DEFAULTS
  })

  return {
    get,

    /**
     * The settings as pages show them: without the first-run owner's location, service area and
     * social links once the owner has renamed the site (common/first-run-persona.ts), and the
     * owner's names filled into the texts that may name them (the first-run SEO description does,
     * through placeholders: common/site-names.ts). Read once per change.
     */
    getShown: keep(async (): Promise<SiteSettings> => {
      const current = withoutFirstRunDetails(withoutSecrets(await get()))
      return {
        ...current,
        tagline: fillSiteNames(current.tagline, current),
        seoDescription: fillSiteNames(current.seoDescription, current),
        serviceArea: fillSiteNames(current.serviceArea, current),
      }
    }),

    /** Saves every field; a field the body may leave out (SiteSettingsBodySchema) keeps its value. */
    async update(body: SiteSettingsBody): Promise<SiteSettings> {
      const previous = await get()
      const next = SiteSettingsSchema.parse({ ...previous, ...body })
      await repo.saveSite(next)
      contentChanged()
      await onSaved?.(next, previous)
      return next
    },

    /** Stores `settings` unless settings were ever stored (first-run content); true when it did. */
    async putFirstRun(settings: SiteSettings): Promise<boolean> {
      const stored = await repo.insertSiteIfAbsent(SiteSettingsSchema.parse(settings))
      if (stored) contentChanged()
      return stored
    },

    /** Throws 403 "Sign-ups are closed" while the owner has closed them. */
    async requireSignupsOpen(): Promise<void> {
      if (!(await get()).signupsOpen) throw forbidden(SIGNUPS_CLOSED)
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
