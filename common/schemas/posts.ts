import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { PageNumberSchema, pageOf, requiredText, text } from './common.ts'
import { TagQuerySchema, TagsSchema } from './tags.ts'
import { SlugSchema } from './publishing.ts'
import { ImagePathSchema } from './websites.ts'

export const POSTS_PAGE_SIZE = 10
/** The longest post body (Markdown) and summary. */
export const POST_BODY_MAX_LENGTH = 100_000
export const POST_SUMMARY_MAX_LENGTH = 500
/** How many posts the home page's "From the journal" shows. */
export const LATEST_POSTS_MAX = 3
/** How many posts the Atom feed carries. */
export const FEED_POSTS_MAX = 20

export const DEFAULT_POST = { title: 'New post', slug: 'new-post' } as const

const POST_STATUSES = ['draft', 'published'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export const PostSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  /** Markdown. */
  body: z.string(),
  /** A cover image path, or empty for none. */
  image: z.string(),
  imageAlt: z.string(),
  tags: z.array(z.string()),
  status: z.enum(POST_STATUSES),
  /** The date the owner set (ISO); null: as soon as it is published. */
  publishAt: z.string().nullable(),
  /** When the post is (or will be) public (ISO); null while a draft. */
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** First-run sample content. */
  isSample: z.boolean(),
  /** Whether the slug still follows the title (a draft whose slug the owner never set). */
  isSlugAutomatic: z.boolean(),
})
export type Post = z.infer<typeof PostSchema>

const PublishAtSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  z.iso
    .datetime({ offset: true, error: 'Publish date must be an ISO date and time, or null' })
    .nullable(),
)

/** PUT /api/posts/:id (and, every field optional, POST /api/posts). Missing fields keep their value. */
export const PostBodySchema = z.object({
  title: requiredText('Title', TEXT_LIMITS.short),
  slug: SlugSchema,
  summary: text('Summary', POST_SUMMARY_MAX_LENGTH).optional(),
  body: text('Body', POST_BODY_MAX_LENGTH, { trim: false }).optional(),
  /** An uploaded image path; empty for no cover. */
  image: z.union([z.literal(''), ImagePathSchema]).optional(),
  imageAlt: text('Image description', TEXT_LIMITS.short).optional(),
  tags: TagsSchema.optional(),
  status: z.enum(POST_STATUSES, { error: 'Status must be "draft" or "published"' }).optional(),
  publishAt: PublishAtSchema.optional(),
})
export type PostBody = z.infer<typeof PostBodySchema>

export const PostCreateBodySchema = z.preprocess(
  (body) => body ?? {},
  PostBodySchema.partial().omit({ status: true }),
)
export type PostCreateBody = z.infer<typeof PostCreateBodySchema>

export const PostListQuerySchema = z.object({ page: PageNumberSchema, tag: TagQuerySchema })

export const PostPageSchema = pageOf('posts', PostSchema, 'totalPosts')
export type PostPage = z.infer<typeof PostPageSchema>

export const PostMutationResponseSchema = z.object({ post: PostSchema })
export type PostMutationResponse = z.infer<typeof PostMutationResponseSchema>

/** Minutes a reader needs for a Markdown body, at 200 words a minute; at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /\w/.test(word)).length
  return Math.max(1, Math.round(words / 200))
}
