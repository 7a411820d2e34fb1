/** SQL for the editable page texts; no rules here (they live in pages.service.ts). */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { pages } from '#server/db/schema.ts'

export function createPagesRepository(db: Db) {
  return {
    async findContent(key: string): Promise<unknown> {
      const [row] = await db
        .select({ content: pages.content })
        .from(pages)
        .where(eq(pages.key, key))
        .limit(1)
      return row?.content
    },

    /** Stores the content unless the key was ever stored; true when this call stored it. */
    async insertIfAbsent(key: string, content: unknown): Promise<boolean> {
      const rows = await db
        .insert(pages)
        .values({ key, content })
        .onConflictDoNothing()
        .returning({ key: pages.key })
      return rows.length > 0
    },

    async upsert(key: string, content: unknown): Promise<void> {
      await db
        .insert(pages)
        .values({ key, content })
        .onConflictDoUpdate({ target: pages.key, set: { content, updatedAt: sql`now()` } })
    },
  }
}

export type PagesRepository = ReturnType<typeof createPagesRepository>
