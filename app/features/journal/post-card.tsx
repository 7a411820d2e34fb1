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

/** The journal's grid: one column on a phone, two from 768 px, three from 1024 px (max-w-6xl). */
const POST_GRID_COVER_SIZES =
  '(min-width: 1152px) 352px, (min-width: 1024px) calc(33vw - 2rem), (min-width: 768px) calc(50vw - 2rem), calc(100vw - 2rem)'

/** A cover's frame: every card of a row opens with the same 16:9 band, cover or not. */
const COVER_FRAME = 'aspect-[16/9] w-full border-b border-slate-200'

/**
 * One post in a grid of cards: its cover, or for a post without one a tinted band of the same size,
 * so the cards of a row line up and stay equal in height; then its topics, the title (a link), the
 * summary, and at the foot of the card the date and reading time.
 */
export function PostCard({
  post,
  headingLevel: Heading = 'h2',
  coverSizes = POST_GRID_COVER_SIZES,
}: {
  post: Post
  headingLevel?: 'h2' | 'h3'
  /** The cover's `sizes`, for a grid laid out other than the journal's. */
  coverSizes?: string
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {post.image ? (
        <SiteImage
          path={post.image}
          sizes={coverSizes}
          alt={post.imageAlt}
          loading="lazy"
          decoding="async"
          className={`${COVER_FRAME} bg-slate-100 object-cover`}
        />
      ) : (
        <CoverlessBand title={post.title} />
      )}
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        {post.tags.length > 0 ? (
          <p className="mb-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {post.tags.join(' · ')}
          </p>
        ) : null}
        <Heading className="text-xl leading-snug font-bold text-balance text-slate-900">
          <SiteLink
            to={href('/journal/:slug', { slug: post.slug })}
            className="hover:text-brand-700 hover:underline"
          >
            {post.title}
          </SiteLink>
        </Heading>
        {post.summary ? <p className="mt-2 leading-7 text-slate-700">{post.summary}</p> : null}
        <p className="mt-auto pt-5 text-sm text-slate-600">
          <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
          {' · '}
          {readingMinutes(post.body)} min read
        </p>
      </div>
    </article>
  )
}

/**
 * The band a post without a cover opens with: the accent's tint, fine ruled lines, and the title's
 * first letter set large as a drop initial. Decoration only (the title is just below), so hidden
 * from assistive technology.
 */
function CoverlessBand({ title }: { title: string }) {
  return (
    <div
      aria-hidden="true"
      data-coverless=""
      className={`${COVER_FRAME} relative overflow-hidden bg-gradient-to-br from-brand-50 to-brand-100`}
    >
      <div className="coverless-pattern absolute inset-0" />
      <span className="absolute -bottom-4 left-5 font-[family-name:var(--font-heading)] text-[7rem] leading-none font-semibold text-brand-800 select-none sm:left-6">
        {Array.from(title.trim())[0]?.toUpperCase() ?? ''}
      </span>
    </div>
  )
}
