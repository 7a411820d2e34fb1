/** SQL for portfolio websites; no rules here (they live in websites.service.ts). */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { websites, type WebsiteRow } from '#server/db/schema.ts'
import type { PageWindow } from '#server/lib/pagination.ts'
import { createSluggedRows, taggedWith } from '#server/lib/publishing/slugged-rows.ts'

/** What a website may be given beyond its required fields, on insert and on update alike. */
type WebsiteExtras = Partial<
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

/** The fields an update always sends and an insert may leave to their defaults. */
type CardField = 'languageDescription' | 'description' | 'link' | 'published'

export type NewWebsite = Pick<
  typeof websites.$inferInsert,
  'name' | 'slug' | 'image' | 'language'
> &
  Partial<Pick<WebsiteRow, CardField>> &
  WebsiteExtras

export type WebsiteChanges = Pick<WebsiteRow, 'name' | 'slug' | 'image' | 'language' | CardField> &
  WebsiteExtras

/** Portfolio order; the id breaks ties (positions are distinct unless written by hand). */
const LIST_ORDER = [asc(websites.position), asc(websites.id)]
const isPublished = eq(websites.published, true)

/** Published, and carrying `tag` (in any letter case) when one is given. */
const publishedWith = (tag: string | undefined) =>
  tag === undefined ? isPublished : and(isPublished, taggedWith(websites, tag))

export function createWebsitesRepository(db: Db) {
  const rows = createSluggedRows<WebsiteRow, NewWebsite>(db, websites, 'websites')
  const { countWhere } = rows
  const readPage = ({ limit, offset }: PageWindow, where?: SQL): Promise<WebsiteRow[]> =>
    db
      .select()
      .from(websites)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(limit)
      .offset(offset)
  return {
    /**
     * By id, slug or old slug; insert and update (a taken slug throws a unique violation, a
     * changed slug is kept among the old ones); delete; tags counted (server/lib/publishing).
     */
    ...rows,

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
    countTags: () => rows.countTags(isPublished),

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
