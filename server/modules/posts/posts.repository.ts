/** SQL for journal posts; no rules here (they live in posts.service.ts). */
import { and, arrayContains, asc, count, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { posts, settings, type PostRow } from '#server/db/schema.ts'
import type { PageWindow } from '#server/lib/pagination.ts'

export { isUniqueViolation } from '#server/db/errors.ts'

/**
 * The settings row that says the journal's first-run sample was stored (or the journal written):
 * an owner may delete every post, so an empty journal alone does not mean "never written".
 */
const JOURNAL_FIRST_RUN_KEY = 'first_run:journal'

export type NewPost = Pick<typeof posts.$inferInsert, 'title' | 'slug'> &
  Partial<
    Pick<
      PostRow,
      | 'summary'
      | 'body'
      | 'image'
      | 'imageAlt'
      | 'tags'
      | 'status'
      | 'publishAt'
      | 'publishedAt'
      | 'isSample'
      | 'isSlugAutomatic'
    >
  >

export type PostChanges = Pick<PostRow, 'title' | 'slug'> &
  Partial<
    Pick<
      PostRow,
      | 'summary'
      | 'body'
      | 'image'
      | 'imageAlt'
      | 'tags'
      | 'status'
      | 'publishAt'
      | 'publishedAt'
      | 'isSlugAutomatic'
      | 'isSample'
    >
  >

const isPublished = eq(posts.status, 'published')
/** Public at `now`: published, and its time has come. */
const publicAt = (now: Date, tag?: string): SQL =>
  and(
    isPublished,
    lte(posts.publishedAt, now),
    tag === undefined
      ? undefined
      : sql`exists (select 1 from unnest(${posts.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`,
  )!
const NEWEST_FIRST = [desc(posts.publishedAt), desc(posts.id)]

const releaseOldSlug = (db: Db, slug: string) =>
  db
    .update(posts)
    .set({ previousSlugs: sql`array_remove(${posts.previousSlugs}, ${slug})` })
    .where(arrayContains(posts.previousSlugs, [slug]))

export function createPostsRepository(db: Db) {
  const countWhere = async (where?: SQL) => {
    const [row] = await db.select({ n: count() }).from(posts).where(where)
    return row?.n ?? 0
  }
  return {
    /** The first-run samples the owner has not rewritten. */
    findSamples: (): Promise<Pick<PostRow, 'id' | 'title'>[]> =>
      db
        .select({ id: posts.id, title: posts.title })
        .from(posts)
        .where(eq(posts.isSample, true))
        .orderBy(asc(posts.createdAt)),

    /** One page of every post, drafts and scheduled ones included: newest changes first. */
    findPage: ({ limit, offset }: PageWindow): Promise<PostRow[]> =>
      db
        .select()
        .from(posts)
        .orderBy(desc(posts.updatedAt), desc(posts.id))
        .limit(limit)
        .offset(offset),

    count: (): Promise<number> => countWhere(),

    /** One page of the posts public at `now` (with `tag`, when given), newest first. */
    findPublicPage: ({ limit, offset }: PageWindow, now: Date, tag?: string): Promise<PostRow[]> =>
      db
        .select()
        .from(posts)
        .where(publicAt(now, tag))
        .orderBy(...NEWEST_FIRST)
        .limit(limit)
        .offset(offset),

    countPublic: (now: Date, tag?: string): Promise<number> => countWhere(publicAt(now, tag)),

    /** The earliest time after `now` at which a published post becomes public, if any. */
    async nextPublicationAfter(now: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: posts.publishedAt })
        .from(posts)
        .where(and(isPublished, gt(posts.publishedAt, now)))
        .orderBy(asc(posts.publishedAt))
        .limit(1)
      return row?.at ?? undefined
    },

    /** Up to `limit` other public posts sharing a tag with `post`, newest first. */
    findRelated(post: PostRow, now: Date, limit: number): Promise<PostRow[]> {
      if (post.tags.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(posts)
        .where(
          and(
            publicAt(now),
            sql`${posts.id} <> ${post.id}`,
            sql`${posts.tags} && ${sql.param(post.tags, posts.tags)}`,
          ),
        )
        .orderBy(...NEWEST_FIRST)
        .limit(limit)
    },

    /** The public posts just newer and just older than `post`. */
    async neighbours(post: PostRow, now: Date) {
      const at = post.publishedAt!
      const [newer] = await db
        .select()
        .from(posts)
        .where(
          and(
            publicAt(now),
            or(gt(posts.publishedAt, at), and(eq(posts.publishedAt, at), gt(posts.id, post.id))),
          ),
        )
        .orderBy(asc(posts.publishedAt), asc(posts.id))
        .limit(1)
      const [older] = await db
        .select()
        .from(posts)
        .where(
          and(
            publicAt(now),
            or(
              sql`${posts.publishedAt} < ${at}`,
              and(eq(posts.publishedAt, at), sql`${posts.id} < ${post.id}`),
            ),
          ),
        )
        .orderBy(...NEWEST_FIRST)
        .limit(1)
      return { newer, older }
    },

    /** Tags of the posts public at `now`, with their counts, most used first. */
    async countPublicTags(now: Date): Promise<{ tag: string; count: number }[]> {
      const result = await db.execute(sql`
        select min(t.tag) as tag, count(*)::int as count
        from ${posts}, unnest(${posts.tags}) as t(tag)
        where ${publicAt(now)}
        group by lower(t.tag)
        order by count desc, lower(t.tag) asc`)
      // Both drivers answer with a `rows` array.
      const { rows } = result as unknown as { rows: { tag: string; count: number | string }[] }
      return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }))
    },

    async findById(id: string): Promise<PostRow | undefined> {
      const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1)
      return row
    },

    async findBySlug(slug: string): Promise<PostRow | undefined> {
      const [row] = await db.select().from(posts).where(eq(posts.slug, slug)).limit(1)
      return row
    },

    async findByPreviousSlug(slug: string): Promise<PostRow | undefined> {
      const [row] = await db
        .select()
        .from(posts)
        .where(arrayContains(posts.previousSlugs, [slug]))
        .orderBy(desc(posts.updatedAt))
        .limit(1)
      return row
    },

    async slugsStartingWith(base: string): Promise<string[]> {
      const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`)
      const rows = await db
        .select({ slug: posts.slug })
        .from(posts)
        .where(or(eq(posts.slug, base), sql`${posts.slug} like ${`${escaped}-%`}`))
      return rows.map((r) => r.slug)
    },

    /** Throws a unique violation when the slug is taken. */
    insert(post: NewPost): Promise<PostRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(posts).values(post).returning()
        await releaseOldSlug(tx as unknown as Db, post.slug)
        return row!
      })
    },

    /** Undefined for an unknown id; a changed slug is kept among the post's old slugs. */
    update(id: string, changes: PostChanges): Promise<PostRow | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ slug: posts.slug })
          .from(posts)
          .where(eq(posts.id, id))
          .for('update')
        if (!current) return undefined
        const isRenamed = current.slug !== changes.slug
        if (isRenamed) await releaseOldSlug(tx as unknown as Db, changes.slug)
        const [row] = await tx
          .update(posts)
          .set({
            ...changes,
            ...(isRenamed && {
              previousSlugs: sql`array_append(array_remove(${posts.previousSlugs}, ${current.slug}), ${current.slug})`,
            }),
            updatedAt: sql`now()`,
          })
          .where(eq(posts.id, id))
          .returning()
        return row
      })
    },

    /** Stores `post` unless the first run was claimed before or any post exists; true when stored. */
    insertFirstRun(post: NewPost): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(settings)
          .values({ key: JOURNAL_FIRST_RUN_KEY, value: sql`now()::text` })
          .onConflictDoNothing()
          .returning({ key: settings.key })
        if (claimed.length === 0) return false
        const [existing] = await tx.select({ n: count() }).from(posts)
        if ((existing?.n ?? 0) > 0) return false
        await tx.insert(posts).values(post)
        return true
      })
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id })
      return rows.length > 0
    },

    /** Slugs and dates of the posts public at `now`, for the sitemap. */
    listPublicSlugs(now: Date): Promise<{ slug: string; updatedAt: Date }[]> {
      return db
        .select({ slug: posts.slug, updatedAt: posts.updatedAt })
        .from(posts)
        .where(publicAt(now))
        .orderBy(...NEWEST_FIRST)
    },
  }
}

export type PostsRepository = ReturnType<typeof createPostsRepository>
