/** SQL for FAQ entries; no rules here (they live in faq.service.ts). */
import { asc, count, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { FAQ_FIRST_RUN_KEY } from '#server/db/settings.ts'
import { faqs, settings, type FaqRow } from '#server/db/schema.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

export function createFaqRepository(db: Db) {
  return {
    list: (): Promise<FaqRow[]> => db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id)),

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(faqs)
      return row?.n ?? 0
    },

    /** Appends the entry after the last one, in one statement so two creations never share a place. */
    async insert(values: { question: string; answer: string }): Promise<FaqRow> {
      const [row] = await db
        .insert(faqs)
        .values({
          ...values,
          position: sql`(select coalesce(max(${faqs.position}), 0) + 1 from ${faqs})`,
        })
        .returning()
      return row!
    },

    /**
     * Stores `entries` in order if the FAQ was never written, all in one transaction: the marker
     * row is claimed first, so of two instances starting at once only one adds them. Entries already
     * there (a restored backup from before the marker) count as written. Returns how many it stored.
     */
    async insertFirstRun(entries: { question: string; answer: string }[]): Promise<number> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(settings)
          .values({ key: FAQ_FIRST_RUN_KEY, value: sql`now()::text` })
          .onConflictDoNothing()
          .returning({ key: settings.key })
        if (claimed.length === 0 || entries.length === 0) return 0
        const [existing] = await tx.select({ n: count() }).from(faqs)
        if ((existing?.n ?? 0) > 0) return 0
        await tx.insert(faqs).values(entries.map((entry, i) => ({ ...entry, position: i + 1 })))
        return entries.length
      })
    },

    async update(id: string, values: { question: string; answer: string }) {
      const [row] = await db
        .update(faqs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(faqs.id, id))
        .returning()
      return row
    },

    async remove(id: string): Promise<boolean> {
      return deleteRow(db, faqs, id)
    },

    /** Gives each id its place in the list (1, 2, ...), in one transaction. */
    async reorder(ids: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [i, id] of ids.entries()) {
          await tx
            .update(faqs)
            .set({ position: i + 1 })
            .where(eq(faqs.id, id))
        }
      })
    },
  }
}

export type FaqRepository = ReturnType<typeof createFaqRepository>
