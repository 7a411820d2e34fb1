import { Link, href } from 'react-router'
import type { Post } from '#common/schemas/posts.ts'

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** A post's publication date, as readers see it (UTC, so server and browser agree). */
export const formatPostDate = (iso: string | null) => (iso ? DATE_FORMAT.format(new Date(iso)) : '')

/** One post in a list: date, title (a link), summary. */
export function PostCard({
  post,
  headingLevel: Heading = 'h2',
}: {
  post: Post
  headingLevel?: 'h2' | 'h3'
}) {
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="text-sm text-slate-600">
        <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
        {post.tags.length > 0 ? <span> · {post.tags.join(', ')}</span> : null}
      </p>
      <Heading className="mt-2 text-xl font-bold text-slate-900">
        <Link
          to={href('/journal/:slug', { slug: post.slug })}
          className="hover:text-brand-700 hover:underline"
        >
          {post.title}
        </Link>
      </Heading>
      {post.summary ? <p className="mt-2 text-slate-700">{post.summary}</p> : null}
    </article>
  )
}
