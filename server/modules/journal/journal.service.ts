import type { TagList } from '#common/schemas/tags.ts'
import {
  DEFAULT_POST,
  FEED_POSTS_MAX,
  LATEST_POSTS_MAX,
  POSTS_PAGE_SIZE,
  type Post,
  type PostBody,
  type PostCreateBody,
  type PostPage,
  PostBodySchema,
} from '#common/schemas/posts.ts'
import type { PostRow } from '#server/db/schema.ts'
import { createPublishing, readPage, type SlugLookup } from '#server/lib/publishing/publishing.ts'
import type { PostChanges, JournalRepository } from './journal.repository.ts'
import type { KeepRead } from '#server/lib/content-changes.ts'
import { renderArticle } from '#common/articles.ts'

const toPost = (row: PostRow): Post => ({
  _id: row.id,
  title: row.title,
  slug: row.slug,
  summary: row.summary,
  body: row.body,
  image: row.image,
  imageAlt: row.imageAlt,
  tags: row.tags,
  status: row.status,
  publishAt: row.publishAt?.toISOString() ?? null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
  isSample: row.isSample,
  isSlugAutomatic: row.isSlugAutomatic,
})

/** How many related posts a post's page suggests. */
const RELATED_POSTS_MAX = 3

/**
 * A public post with its body as safe HTML, its neighbours and up to three related posts (sharing
 * a tag), for /journal/:slug.
 */
interface PostWithNeighbours {
  post: Post
  bodyHtml: string
  newer: Pick<Post, 'title' | 'slug'> | null
  older: Pick<Post, 'title' | 'slug'> | null
  related: Post[]
}

export type PublicPostLookup = SlugLookup<PostWithNeighbours>

const link = (row: PostRow | undefined) => (row ? { title: row.title, slug: row.slug } : null)

export function createJournalService({
  repo,
  now,
  contentChanged,
  scheduleChange,
  keep,
}: {
  repo: JournalRepository
  now: () => Date
  /** Called once a change the public pages show is stored. */
  contentChanged: () => void
  /** Keeps a public read until the content changes (server/lib/content-changes.ts). */
  keep: KeepRead
  /**
   * Told, at each public read, when the next scheduled post becomes public: cached pages must not
   * outlive that moment.
   */
  scheduleChange: (at: Date) => void
}) {
  /** The reading moment; also tells the cache when the next scheduled post comes out. */
  async function readingAt(): Promise<Date> {
    const at = now()
    const next = await repo.nextPublicationAfter(at)
    if (next) scheduleChange(next)
    return at
  }

  /**
   * When a post becomes public: its publish date when it has one; else, for a post already
   * published without one, the moment it was published; else now. Null for a draft.
   */
  function publicationOf(
    status: PostRow['status'],
    publishAt: Date | null,
    current?: PostRow,
  ): Date | null {
    if (status !== 'published') return null
    if (publishAt) return publishAt
    if (current?.status === 'published' && !current.publishAt && current.publishedAt) {
      return current.publishedAt
    }
    return now()
  }

  const publishing = createPublishing<PostRow>({
    noun: 'Post',
    defaultSlug: DEFAULT_POST.slug,
    rows: repo,
  })

  /** Public at `at`: published, and its time has come. */
  const isPublicAt = (at: Date) => (row: PostRow) =>
    row.status === 'published' && row.publishedAt !== null && row.publishedAt <= at

  const postPage = ({
    rows,
    total,
    page,
    pages,
  }: Awaited<ReturnType<typeof readPage<PostRow>>>) => ({
    posts: rows.map(toPost),
    totalPosts: total,
    page,
    pages,
  })

  return {
    /** The public journal: published posts whose time has come (with `tag`), newest first. */
    listPublic: keep(
      async (page: number, tag?: string): Promise<PostPage> => {
        const at = await readingAt()
        return postPage(
          await readPage(
            page,
            POSTS_PAGE_SIZE,
            (window) => repo.findPublicPage(window, at, tag),
            () => repo.countPublic(at, tag),
          ),
        )
      },
      (page: number, tag?: string) => `${page} ${tag ?? ''}`,
    ),

    /** Whether any post is public now: the header and footer link the journal only then. */
    hasPublic: keep(async (): Promise<boolean> => (await repo.countPublic(await readingAt())) > 0),

    /** The newest public posts (the home page, the feed). */
    listLatest: keep(
      async (limit: number = LATEST_POSTS_MAX): Promise<Post[]> => {
        const at = await readingAt()
        const rows = await repo.findPublicPage(
          { page: 1, limit: Math.min(limit, FEED_POSTS_MAX), offset: 0 },
          at,
        )
        return rows.map(toPost)
      },
      (limit?: number) => String(limit ?? LATEST_POSTS_MAX),
    ),

    /** Tags of the public posts with their counts. */
    listTags: keep(async (): Promise<TagList> => ({
      tags: await repo.countPublicTags(await readingAt()),
    })),

    /** Every post, drafts and scheduled ones included, most recently changed first. */
    /** The first-run sample posts the owner has not rewritten yet. */
    listSamples: async (): Promise<{ id: string; label: string }[]> =>
      (await repo.findSamples()).map((row) => ({ id: row.id, label: row.title })),

    async listAdmin(page: number): Promise<PostPage> {
      return postPage(await readPage(page, POSTS_PAGE_SIZE, repo.findPage, repo.count))
    },

    /** The public post with this slug (an old slug finds it too). Throws 404 otherwise. */
    async getBySlug(slug: string): Promise<Post> {
      return toPost(await publishing.publicRow(slug, isPublicAt(await readingAt())))
    },

    /**
     * For /journal/:slug: the post with its body as safe HTML and its neighbours, or where a renamed
     * post now lives. Throws 404.
     */
    lookUpPublicSlug: keep(
      async (slug: string): Promise<PublicPostLookup> =>
        publishing.lookUpPublic(slug, isPublicAt(await readingAt()), async (row) => {
          const [{ newer, older }, related] = await Promise.all([
            repo.neighbours(row, now()),
            repo.findRelated(row, now(), RELATED_POSTS_MAX),
          ])
          const post = toPost(row)
          return {
            post,
            bodyHtml: renderArticle(post.body),
            newer: link(newer),
            older: link(older),
            related: related.map(toPost),
          }
        }),
      (slug) => slug,
    ),

    /** Any post by id, for the admin. Throws 404. */
    async getById(id: string): Promise<Post> {
      const row = await repo.findById(id)
      if (!row) throw publishing.notFound()
      return toPost(row)
    },

    /** Public slugs for the sitemap. */
    async listSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      const rows = await repo.listPublicSlugs(await readingAt())
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }))
    },

    /**
     * Creates a draft with the body's fields (defaults: "New post" under the first free slug of
     * new-post, new-post-2, ..., or of one made from the title given; it then follows the title
     * until the owner sets a slug or publishes). Throws 409 when a slug given is taken.
     */
    async createDraft(body: PostCreateBody): Promise<Post> {
      const { publishAt, ...fields } = body
      const values = {
        ...fields,
        publishAt: publishAt ? new Date(publishAt) : null,
        status: 'draft' as const,
      }
      if (body.slug) {
        return toPost(
          await publishing.stored(
            repo.insert({ title: DEFAULT_POST.title, ...values, slug: body.slug }),
          ),
        )
      }
      return toPost(
        await publishing.insertDraft(body.title ?? '', (slug) =>
          repo.insert({ title: DEFAULT_POST.title, ...values, slug, isSlugAutomatic: true }),
        ),
      )
    },

    /**
     * Saves the post; fields left out keep their value. Publishing with a future publish date
     * schedules the post. A draft whose slug the owner never set takes a free slug made from its
     * title, in the save that publishes it too. Throws 404 for an unknown id, 409 when the slug is taken.
     */
    async update(id: string, body: PostBody): Promise<Post> {
      const current = await repo.findById(id)
      if (!current) throw publishing.notFound()
      const status = body.status ?? current.status
      const publishAt =
        body.publishAt === undefined
          ? current.publishAt
          : body.publishAt === null
            ? null
            : new Date(body.publishAt)
      const { slug, isSlugAutomatic } = await publishing.slugOnSave(
        current,
        body.slug,
        body.title,
        status === 'draft',
      )
      const changes: PostChanges = {
        // Once the owner rewrites the sample's words, it is theirs.
        isSample:
          current.isSample &&
          body.title === current.title &&
          (body.summary ?? current.summary) === current.summary &&
          (body.body ?? current.body) === current.body,
        title: body.title,
        slug,
        isSlugAutomatic,
        summary: body.summary,
        body: body.body,
        image: body.image,
        imageAlt: body.imageAlt,
        tags: body.tags,
        status,
        publishAt,
        publishedAt: publicationOf(status, publishAt, current),
      }
      const row = await publishing.stored(repo.update(id, changes))
      if (!row) throw publishing.notFound()
      contentChanged()
      return toPost(row)
    },

    /** Throws 404 for an unknown id. */
    async remove(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw publishing.notFound()
      contentChanged()
    },

    /**
     * The first-run sample post, a draft marked as a sample (it speaks in a voice the owner has not
     * used yet, so only the owner publishes it): stored only on a journal never written before.
     * True when stored.
     */
    async putFirstRun(sample: PostBody): Promise<boolean> {
      const { publishAt: _publishAt, ...body } = PostBodySchema.parse(sample)
      const stored = await repo.insertFirstRun({
        ...body,
        status: 'draft',
        publishAt: null,
        publishedAt: null,
        isSample: true,
      })
      if (stored) contentChanged()
      return stored
    },
  }
}

export type JournalService = ReturnType<typeof createJournalService>
