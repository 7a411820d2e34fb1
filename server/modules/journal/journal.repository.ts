/** SQL for journal posts; no rules here (they live in posts.service.ts). */
import { and, asc, count, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { posts, settings, type PostRow } from '#server/db/schema.ts'
import type { PageWindow } from '#server/lib/pagination.ts'
import { createSluggedRows, taggedWith } from '#server/lib/publishing/slugged-rows.ts'

/**
 * The settings row that says the journal's first-run sample was stored (or the journal written):
 * an owner may delete every post, so an empty journal alone does not mean "never written".
 */
const JOURNAL_FIRST_RUN_KEY = 'first_run:journal'

/** What a post may be given beyond its title and slug, on insert and on update alike. */
type PostFields = Partial<
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

export type NewPost = Pick<typeof posts.$inferInsert, 'title' | 'slug'> & PostFields

export type PostChanges = Pick<PostRow, 'title' | 'slug'> & PostFields

const isPublished = eq(posts.status, 'published')
/** Public at `now`: published, and its time has come. */
const publicAt = (now: Date, tag?: string): SQL =>
  and(
    isPublished,
    lte(posts.publishedAt, now),
    tag === undefined ? undefined : taggedWith(posts, tag),
  )!
const NEWEST_FIRST = [desc(posts.publishedAt), desc(posts.id)]

export function createJournalRepository(db: Db) {
  const rows = createSluggedRows<PostRow, NewPost>(db, posts, 'posts')
  const { countWhere } = rows
  return {
    /**
     * By id, slug or old slug; insert and update (a taken slug throws a unique violation, a
     * changed slug is kept among the old ones); delete; tags counted (server/lib/publishing).
     */
    ...rows,

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
    countPublicTags: (now: Date) => rows.countTags(publicAt(now)),

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

export type JournalRepository = ReturnType<typeof createJournalRepository>
