import { href } from 'react-router'
import { SiteImage } from '#app/components/ui/site-image.tsx'
import { readingMinutes, type Post } from '#common/schemas/posts.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** A post's publication date, as readers see it (UTC, so server and browser agree). */
export const formatPostDate = (iso: string | null) => (iso ? DATE_FORMAT.format(new Date(iso)) : '')

/** The journal's one column. */
const LIST_COVER_SIZES = '(min-width: 768px) 720px, calc(100vw - 2rem)'

/** One post in a list: its cover when it has one, date, reading time, title (a link), summary. */
export function PostCard({
  post,
  headingLevel: Heading = 'h2',
  coverSizes = LIST_COVER_SIZES,
}: {
  post: Post
  headingLevel?: 'h2' | 'h3'
  /** The cover's `sizes`, for a list laid out other than the journal's one column. */
  coverSizes?: string
}) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {post.image ? (
        <SiteImage
          path={post.image}
          sizes={coverSizes}
          alt={post.imageAlt}
          loading="lazy"
          decoding="async"
          className="aspect-[16/9] w-full border-b border-slate-200 bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="text-sm text-slate-600">
          <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
          {' · '}
          {readingMinutes(post.body)} min read
          {post.tags.length > 0 ? <span> · {post.tags.join(', ')}</span> : null}
        </p>
        <Heading className="mt-2 text-xl font-bold text-slate-900">
          <SiteLink
            to={href('/journal/:slug', { slug: post.slug })}
            className="hover:text-brand-700 hover:underline"
          >
            {post.title}
          </SiteLink>
        </Heading>
        {post.summary ? <p className="mt-2 text-slate-700">{post.summary}</p> : null}
      </div>
    </article>
  )
}
