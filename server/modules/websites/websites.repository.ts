/** SQL for portfolio websites; no rules here (they live in websites.service.ts). */
import { asc, desc, eq, like, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { createPageReader } from '#server/db/paging.ts'
import { countRows } from '#server/db/row-counts.ts'
import { websites, type WebsiteRow } from '#server/db/schema.ts'
import type { PageWindow } from '#server/lib/pagination.ts'

export type NewWebsite = Pick<
  typeof websites.$inferInsert,
  'name' | 'slug' | 'image' | 'language'
> &
  Partial<Pick<WebsiteRow, 'languageDescription' | 'description' | 'link'>>

export type WebsiteChanges = Pick<
  WebsiteRow,
  'name' | 'slug' | 'image' | 'language' | 'languageDescription' | 'description' | 'link'
>

export { isUniqueViolation } from '#server/db/errors.ts'

/** Newest first; the id breaks ties so pages never overlap or skip rows. */
const NEWEST_FIRST = [desc(websites.createdAt), desc(websites.id)]
const OLDEST_FIRST = [asc(websites.createdAt), asc(websites.id)]

export function createWebsitesRepository(db: Db) {
  const readPage = createPageReader<WebsiteRow>(db, {
    name: 'websites',
    table: websites,
    counted: 'websites',
    listOrder: NEWEST_FIRST,
    reverseOrder: OLDEST_FIRST,
  })
  const bySlug = db
    .select()
    .from(websites)
    .where(eq(websites.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('websites_by_slug')
  const byId = db
    .select()
    .from(websites)
    .where(eq(websites.id, sql.placeholder('id')))
    .limit(1)
    .prepare('websites_by_id')
  return {
    /** One page, newest first (see server/db/paging.ts). */
    findPage: (window: PageWindow): Promise<WebsiteRow[]> => readPage(window),

    count: (): Promise<number> => countRows(db, 'websites'),

    async findById(id: string): Promise<WebsiteRow | undefined> {
      const [row] = await byId.execute({ id })
      return row
    },

    async findBySlug(slug: string): Promise<WebsiteRow | undefined> {
      const [row] = await bySlug.execute({ slug })
      return row
    },

    /** The slugs equal to `base` or starting with `base-`. */
    async slugsStartingWith(base: string): Promise<string[]> {
      const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`)
      const rows = await db
        .select({ slug: websites.slug })
        .from(websites)
        .where(or(eq(websites.slug, base), like(websites.slug, `${escaped}-%`)))
      return rows.map((r) => r.slug)
    },

    /** Throws a unique violation (see isUniqueViolation) when the slug is taken. */
    async insert(website: NewWebsite): Promise<WebsiteRow> {
      const [row] = await db.insert(websites).values(website).returning()
      return row!
    },

    /** Undefined when no website has this id; throws a unique violation when the slug is taken. */
    async update(id: string, changes: WebsiteChanges): Promise<WebsiteRow | undefined> {
      const [row] = await db
        .update(websites)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(websites.id, id))
        .returning()
      return row
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(websites)
        .where(eq(websites.id, id))
        .returning({ id: websites.id })
      return rows.length > 0
    },

    listSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
      return db
        .select({ slug: websites.slug, updatedAt: websites.updatedAt })
        .from(websites)
        .orderBy(asc(websites.slug))
    },
  }
}

export type WebsitesRepository = ReturnType<typeof createWebsitesRepository>
