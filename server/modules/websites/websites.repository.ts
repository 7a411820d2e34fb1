/** SQL for portfolio websites; no rules here (they live in websites.service.ts). */
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  inArray,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { websites, type WebsiteRow } from '#server/db/schema.ts'
import type { PageWindow } from '#server/lib/pagination.ts'

export type NewWebsite = Pick<
  typeof websites.$inferInsert,
  'name' | 'slug' | 'image' | 'language'
> &
  Partial<
    Pick<
      WebsiteRow,
      | 'languageDescription'
      | 'description'
      | 'link'
      | 'imageAlt'
      | 'published'
      | 'featured'
      | 'client'
      | 'role'
      | 'year'
      | 'tags'
      | 'caseStudy'
      | 'gallery'
      | 'results'
      | 'isSlugAutomatic'
      | 'isSample'
    >
  >

export type WebsiteChanges = Pick<
  WebsiteRow,
  | 'name'
  | 'slug'
  | 'image'
  | 'language'
  | 'languageDescription'
  | 'description'
  | 'link'
  | 'published'
> &
  Partial<
    Pick<
      WebsiteRow,
      | 'imageAlt'
      | 'featured'
      | 'client'
      | 'role'
      | 'year'
      | 'tags'
      | 'caseStudy'
      | 'gallery'
      | 'results'
      | 'isSlugAutomatic'
      | 'isSample'
    >
  >

export { isUniqueViolation } from '#server/db/errors.ts'

/** Portfolio order; the id breaks ties (positions are distinct unless written by hand). */
const LIST_ORDER = [asc(websites.position), asc(websites.id)]
const isPublished = eq(websites.published, true)

/** Published, and carrying `tag` (in any letter case) when one is given. */
const publishedWith = (tag: string | undefined) =>
  tag === undefined
    ? isPublished
    : and(
        isPublished,
        sql`exists (select 1 from unnest(${websites.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`,
      )

/** Drops `slug` from every website's old slugs: a live slug always wins over a redirect. */
const releaseOldSlug = (db: Db, slug: string) =>
  db
    .update(websites)
    .set({ previousSlugs: sql`array_remove(${websites.previousSlugs}, ${slug})` })
    .where(arrayContains(websites.previousSlugs, [slug]))

export function createWebsitesRepository(db: Db) {
  const countWhere = async (where?: SQL) => {
    const [row] = await db.select({ n: count() }).from(websites).where(where)
    return row?.n ?? 0
  }
  const readPage = ({ limit, offset }: PageWindow, where?: SQL): Promise<WebsiteRow[]> =>
    db
      .select()
      .from(websites)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(limit)
      .offset(offset)
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
    /** The demo entries the owner has not saved. */
    findSamples: (): Promise<Pick<WebsiteRow, 'id' | 'name'>[]> =>
      db
        .select({ id: websites.id, name: websites.name })
        .from(websites)
        .where(eq(websites.isSample, true))
        .orderBy(...LIST_ORDER),

    /** Whether the portfolio holds an entry of the owner's own (not a demo one). */
    async hasOwnEntry(): Promise<boolean> {
      const [row] = await db
        .select({ id: websites.id })
        .from(websites)
        .where(eq(websites.isSample, false))
        .limit(1)
      return row !== undefined
    },

    /** One page of every website, drafts included, in portfolio order. */
    findPage: (window: PageWindow): Promise<WebsiteRow[]> => readPage(window),

    /** One page of the published websites (those with `tag` when given), in portfolio order. */
    findPublishedPage: (window: PageWindow, tag?: string): Promise<WebsiteRow[]> =>
      readPage(window, publishedWith(tag)),

    count: (): Promise<number> => countWhere(),

    countPublished: (tag?: string): Promise<number> => countWhere(publishedWith(tag)),

    /**
     * The tags of the published websites with how many carry each, most used first; tags differing
     * only in letter case count as one, spelled as the first in alphabetical order.
     */
    async countTags(): Promise<{ tag: string; count: number }[]> {
      const result = await db.execute(sql`
        select min(t.tag) as tag, count(*)::int as count
        from ${websites}, unnest(${websites.tags}) as t(tag)
        where ${websites.published}
        group by lower(t.tag)
        order by count desc, lower(t.tag) asc`)
      // Both drivers answer with a `rows` array.
      const { rows } = result as unknown as { rows: { tag: string; count: number | string }[] }
      return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }))
    },

    /** The first `limit` published, featured websites in portfolio order. */
    findFeatured(limit: number): Promise<WebsiteRow[]> {
      return db
        .select()
        .from(websites)
        .where(and(isPublished, eq(websites.featured, true)))
        .orderBy(...LIST_ORDER)
        .limit(limit)
    },

    /** The published websites just before and after `row` in portfolio order. */
    async findNeighbours(
      row: Pick<WebsiteRow, 'id' | 'position'>,
    ): Promise<{ previous?: WebsiteRow; next?: WebsiteRow }> {
      const order = sql`(${websites.position}, ${websites.id})`
      const here = sql`(${row.position}::integer, ${row.id}::uuid)`
      const [[previous], [next]] = await Promise.all([
        db
          .select()
          .from(websites)
          .where(and(isPublished, sql`${order} < ${here}`))
          .orderBy(desc(websites.position), desc(websites.id))
          .limit(1),
        db
          .select()
          .from(websites)
          .where(and(isPublished, sql`${order} > ${here}`))
          .orderBy(...LIST_ORDER)
          .limit(1),
      ])
      return { previous, next }
    },

    async findById(id: string): Promise<WebsiteRow | undefined> {
      const [row] = await byId.execute({ id })
      return row
    },

    async findBySlug(slug: string): Promise<WebsiteRow | undefined> {
      const [row] = await bySlug.execute({ slug })
      return row
    },

    /** The website that had this slug before its current one. */
    async findByPreviousSlug(slug: string): Promise<WebsiteRow | undefined> {
      const [row] = await db
        .select()
        .from(websites)
        .where(arrayContains(websites.previousSlugs, [slug]))
        .orderBy(desc(websites.updatedAt))
        .limit(1)
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
    insert(website: NewWebsite): Promise<WebsiteRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(websites).values(website).returning()
        await releaseOldSlug(tx as unknown as Db, website.slug)
        return row!
      })
    },

    /**
     * Undefined when no website has this id; throws a unique violation when the slug is taken.
     * A changed slug is kept among the website's old slugs.
     */
    update(id: string, changes: WebsiteChanges): Promise<WebsiteRow | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ slug: websites.slug })
          .from(websites)
          .where(eq(websites.id, id))
          .for('update')
        if (!current) return undefined
        const isRenamed = current.slug !== changes.slug
        if (isRenamed) await releaseOldSlug(tx as unknown as Db, changes.slug)
        const [row] = await tx
          .update(websites)
          .set({
            ...changes,
            ...(isRenamed && {
              previousSlugs: sql`array_append(array_remove(${websites.previousSlugs}, ${current.slug}), ${current.slug})`,
            }),
            updatedAt: sql`now()`,
          })
          .where(eq(websites.id, id))
          .returning()
        return row
      })
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(websites)
        .where(eq(websites.id, id))
        .returning({ id: websites.id })
      return rows.length > 0
    },

    /**
     * Gives the websites `ids` the positions they hold between them, in the order listed. Returns
     * the ids that name no website (and then changes nothing).
     */
    reorder(ids: string[]): Promise<string[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: websites.id, position: websites.position })
          .from(websites)
          .where(inArray(websites.id, ids))
          .orderBy(...LIST_ORDER)
          .for('update')
        const found = new Set(rows.map((r) => r.id))
        const missing = ids.filter((id) => !found.has(id))
        if (missing.length > 0) return missing
        const slots = rows.map((r) => r.position)
        const moves = ids
          .map((id, i) => ({ id, position: slots[i]! }))
          .filter(({ id, position }) => rows.find((r) => r.id === id)!.position !== position)
        if (moves.length === 0) return []
        const values = sql.join(
          moves.map(({ id, position }) => sql`(${id}::uuid, ${position}::integer)`),
          sql`, `,
        )
        await tx.execute(sql`
          update ${websites} set "position" = moves.position
          from (values ${values}) as moves(id, position)
          where ${websites.id} = moves.id`)
        return []
      })
    },

    /** The published websites' slugs with their last update, for the sitemap. */
    listPublishedSlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
      return db
        .select({ slug: websites.slug, updatedAt: websites.updatedAt })
        .from(websites)
        .where(isPublished)
        .orderBy(asc(websites.slug))
    },
  }
}

export type WebsitesRepository = ReturnType<typeof createWebsitesRepository>
