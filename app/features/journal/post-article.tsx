import type { ReactNode } from 'react'
import { SiteImage } from '#app/components/ui/site-image.tsx'
import { readingMinutes, type Post } from '#common/schemas/posts.ts'
import { formatPostDate } from './post-card.tsx'
import { Portrait } from '#app/components/layout/portrait.tsx'
import { useSiteSettings } from '#app/lib/site-settings.ts'

const COVER_SIZES = '(min-width: 768px) 720px, calc(100vw - 2rem)'

/**
 * A post as readers see it: title, date, reading time, cover and body. The public page and the
 * admin's live preview both draw it; `body` is the post's Markdown already made HTML
 * (common/markdown.ts), shown by the `renderBody` the caller passes (the pages' Markdown view).
 */
export function PostArticle({
  post,
  renderBody,
  tags,
}: {
  post: Pick<Post, 'title' | 'summary' | 'body' | 'image' | 'imageAlt' | 'publishedAt'>
  renderBody: ReactNode
  tags?: ReactNode
}) {
  const { ownerName } = useSiteSettings()
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header>
        <h1
          data-preview-field="title"
          className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
        >
          {post.title}
        </h1>
        <p className="mt-6 flex items-center gap-3 text-sm text-slate-600">
          <Portrait size={40} className="h-10 w-10" />
          <span>
            By <span className="font-semibold text-slate-900">{ownerName}</span>
            <br />
            {post.publishedAt ? (
              <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
            ) : (
              'Not published yet'
            )}{' '}
            · {readingMinutes(post.body)} min read
          </span>
        </p>
        {post.summary ? (
          <p data-preview-field="summary" className="mt-6 text-xl leading-8 text-slate-700">
            {post.summary}
          </p>
        ) : null}
        {tags ? <div className="mt-6">{tags}</div> : null}
      </header>
      {post.image ? (
        <SiteImage
          path={post.image}
          sizes={COVER_SIZES}
          alt={post.imageAlt}
          fetchPriority="high"
          className="mt-10 w-full rounded-xl border border-slate-200 bg-slate-100 object-cover"
        />
      ) : null}
      <div data-preview-field="body" className="mt-10">
        {renderBody}
      </div>
    </article>
  )
}
