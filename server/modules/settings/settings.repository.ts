/** SQL for the site settings: one JSON document in the `settings` table; no rules here. */
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { settings } from '#server/db/schema.ts'

const SITE_KEY = 'site'

export function createSettingsRepository(db: Db) {
  return {
    /** The saved settings document, or undefined before the first save. */
    async findSite(): Promise<unknown> {
      const [row] = await db.select().from(settings).where(eq(settings.key, SITE_KEY))
      return row ? (JSON.parse(row.value) as unknown) : undefined
    },

    /** Stores the document unless one was ever stored; true when this call stored it. */
    async insertSiteIfAbsent(value: unknown): Promise<boolean> {
      const rows = await db
        .insert(settings)
        .values({ key: SITE_KEY, value: JSON.stringify(value) })
        .onConflictDoNothing()
        .returning({ key: settings.key })
      return rows.length > 0
    },

    async saveSite(value: unknown): Promise<void> {
      const text = JSON.stringify(value)
      await db
        .insert(settings)
        .values({ key: SITE_KEY, value: text })
        .onConflictDoUpdate({ target: settings.key, set: { value: text } })
    },
  }
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>
