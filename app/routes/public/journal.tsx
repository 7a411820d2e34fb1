import { href } from 'react-router'
import type { Route } from './+types/journal'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { TagFilter, tagPath } from '#app/components/ui/tag-filter.tsx'
import { PostCard } from '#app/features/journal/post-card.tsx'
import { subscribeFromPage } from '#app/features/newsletter/subscribe-action.ts'
import { SubscribeForm } from '#app/features/newsletter/subscribe-form.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { settingsOf } from '#app/lib/site-settings.ts'
import { PostListQuerySchema } from '#common/schemas/posts.ts'

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page ?? 1
  const tag = data?.tag
  const base = tagPath(href('/journal'), tag)
  const title = tag ? `Journal: ${tag}` : 'Journal'
  return pageMeta({
    title: page > 1 ? `${title}, page ${page}` : title,
    description: `Notes on building websites from ${settingsOf(matches).ownerName}: how projects were made, what worked, and practical advice for small businesses.`,
    path: page > 1 ? `${base}${tag ? '&' : '?'}page=${page}` : base,
    matches,
  })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams
  const parsed = PostListQuerySchema.safeParse({
    page: query.get('page') ?? undefined,
    tag: query.get('tag') ?? undefined,
  })
  const { page, tag } = parsed.success ? parsed.data : { page: 1, tag: undefined }
  const [result, { tags }, all] = await Promise.all([
    context.services.posts.listPublic(page, tag),
    context.services.posts.listTags(),
    tag ? context.services.posts.listPublic(1) : undefined,
  ])
  return { ...result, tag, tags, total: all?.totalPosts ?? result.totalPosts }
}

/** A refused sign-up's Retry-After reaches the client. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export async function action({ request, context }: Route.ActionArgs) {
  return subscribeFromPage(await request.formData(), context, href('/journal'))
}

export default function JournalPage({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, totalPosts, tag, tags, total } = loaderData
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="Journal" title="Notes from the workshop">
        <p>
          How recent projects were built, what I learnt along the way, and practical advice for
          anyone planning a website. New posts also arrive by{' '}
          <a href="/journal/feed.xml" className="font-semibold text-brand-700 underline">
            Atom feed
          </a>
          .
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-16">
        <div className="mb-8">
          <TagFilter
            basePath={href('/journal')}
            tags={tags}
            current={tag}
            total={total}
            label="Filter by topic"
          />
        </div>
        {posts.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-900">No posts yet</p>
            {tag ? <p className="mt-2 text-slate-700">Nothing is tagged {tag} yet.</p> : null}
          </div>
        ) : (
          <>
            <p className="mb-6 text-sm text-slate-600">
              {totalPosts} {totalPosts === 1 ? 'post' : 'posts'}
              {tag ? ` tagged ${tag}` : ''}
              {pages > 1 ? ` · page ${page} of ${pages}` : ''}
            </p>
            <div className="space-y-6">
              {posts.map((post) => (
                <PostCard key={post._id} post={post} />
              ))}
            </div>
          </>
        )}
        <Pagination
          basePath={tagPath(href('/journal'), tag)}
          pages={pages}
          page={page}
          label="Journal pages"
        />
        <div className="mt-14">
          <SubscribeForm />
        </div>
      </div>
    </main>
  )
}
