import { href, isRouteErrorResponse } from 'react-router'
import type { Route } from './+types/journal-post'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { NotFoundContent } from '#app/components/layout/not-found-content.tsx'
import { TagLinks } from '#app/components/ui/tag-filter.tsx'
import { PostArticle } from '#app/features/journal/post-article.tsx'
import { formatPostDate } from '#app/features/journal/post-card.tsx'
import { postJsonLd } from '#app/features/journal/post-json-ld.ts'
import { Markdown } from '#app/components/ui/markdown.tsx'
import { subscribeFromPage } from '#app/features/newsletter/subscribe-action.server.ts'
import { SubscribeForm } from '#app/features/newsletter/subscribe-form.tsx'
import { publicEntry } from '#app/lib/published-pages.ts'
import { absoluteUrl, pageMeta } from '#app/lib/seo.ts'
import { JsonLd } from '#app/components/ui/json-ld.tsx'
import { readingMinutes } from '#common/schemas/posts.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (!loaderData) {
    return pageMeta({
      title: 'Page not found',
      description: 'This journal post does not exist or has been removed.',
      path: href('/journal/:slug', { slug: params.slug }),
      matches,
      noIndex: true,
    })
  }
  const { post } = loaderData
  return [
    ...pageMeta({
      title: post.title,
      description: post.summary || post.title,
      path: href('/journal/:slug', { slug: post.slug }),
      matches,
      image: post.image.startsWith('/uploads/') ? post.image : undefined,
      type: 'article',
    }),
    ...(post.publishedAt
      ? [{ property: 'article:published_time', content: post.publishedAt }]
      : []),
    { property: 'article:modified_time', content: post.updatedAt },
    ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
  ]
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(pageContext)
  const found = await publicEntry(services.journal.lookUpPublicSlug(params.slug), (slug) =>
    href('/journal/:slug', { slug }),
  )
  const settings = await services.settings.getShown()
  const { post } = found
  const url = absoluteUrl(publicUrl, href('/journal/:slug', { slug: post.slug }))
  return {
    ...found,
    jsonLd: postJsonLd({
      post,
      url,
      imageUrl: post.image ? absoluteUrl(publicUrl, post.image) : undefined,
      authorName: settings.ownerName,
      publisherName: settings.businessName,
    }),
  }
}

/** A refused sign-up's Retry-After reaches the client. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export async function action({ request, params, context }: Route.ActionArgs) {
  return subscribeFromPage(
    await request.formData(),
    context.get(pageContext),
    href('/journal/:slug', { slug: params.slug }),
  )
}

export default function JournalPostPage({ loaderData }: Route.ComponentProps) {
  const { post, newer, older, related, bodyHtml, jsonLd } = loaderData
  return (
    <main id="main-content" className="flex-1">
      <JsonLd json={jsonLd} />
      <div className="border-b border-slate-200 bg-brand-50/40">
        <nav aria-label="Breadcrumb" className="mx-auto max-w-3xl px-4 py-4 text-sm sm:px-6">
          <ol className="flex flex-wrap items-center gap-2 text-slate-600">
            <li>
              <SiteLink
                to={href('/journal')}
                className="font-medium text-brand-700 hover:underline"
              >
                Journal
              </SiteLink>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="text-slate-700">
              {post.title}
            </li>
          </ol>
        </nav>
      </div>
      <PostArticle
        post={post}
        renderBody={
          <Markdown html={bodyHtml} className="article-body text-lg leading-8 text-slate-800" />
        }
        tags={<TagLinks basePath={href('/journal')} tags={post.tags} label="Topics" />}
      />
      {newer || older ? (
        <nav aria-label="More posts" className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
          <ul className="grid gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2">
            <li>
              {older ? <NeighbourLink post={older} rel="prev" label="Previous post" /> : null}
            </li>
            <li className="sm:text-right">
              {newer ? <NeighbourLink post={newer} rel="next" label="Next post" /> : null}
            </li>
          </ul>
        </nav>
      ) : null}
      {related.length > 0 ? (
        <section aria-labelledby="related-posts" className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
          <h2 id="related-posts" className="text-xl font-bold text-slate-900">
            Related posts
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {related.map((other) => (
              <li key={other._id}>
                <a
                  href={href('/journal/:slug', { slug: other.slug })}
                  className="flex h-full flex-col rounded-xl border border-slate-200 p-4 hover:border-brand-600"
                >
                  <span className="font-semibold text-slate-900">{other.title}</span>
                  <span className="mt-auto pt-2 text-sm text-slate-600">
                    {formatPostDate(other.publishedAt)} · {readingMinutes(other.body)} min read
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mx-auto max-w-3xl px-4 pb-14 sm:px-6">
        <SubscribeForm heading="Enjoyed this post? Get the next one by e-mail" />
      </div>
      <CallToAction title="Have a project in mind?" />
    </main>
  )
}

/** The link to the post before or after this one: which it is, then its title. */
function NeighbourLink({
  post,
  rel,
  label,
}: {
  post: { slug: string; title: string }
  rel: 'prev' | 'next'
  label: string
}) {
  return (
    <SiteLink
      to={href('/journal/:slug', { slug: post.slug })}
      rel={rel}
      className="block rounded-lg p-3 hover:bg-slate-50"
    >
      <span className="block text-sm text-slate-600">{label}</span>
      <span className="font-semibold text-brand-700">{post.title}</span>
    </SiteLink>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundContent
        title="Post not found"
        text="This journal post does not exist or has been taken down. The journal lists every current post."
      />
    )
  }
  return (
    <NotFoundContent
      title="Something went wrong"
      text="This post could not be loaded just now. Please try again in a moment."
      eyebrow="Error"
    />
  )
}
