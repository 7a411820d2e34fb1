import { href } from 'react-router'
import type { Route } from './+types/journal'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import { PublishedList } from '#app/components/layout/published-list.tsx'
import { PostCard } from '#app/features/journal/post-card.tsx'
import { subscribeFromPage } from '#app/features/newsletter/subscribe-action.server.ts'
import { SubscribeForm } from '#app/features/newsletter/subscribe-form.tsx'
import { listPageTitle, readListQuery } from '#app/lib/published-pages.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { settingsOf } from '#app/lib/site-settings.ts'
import { PostListQuerySchema } from '#common/schemas/posts.ts'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    ...listPageTitle('Journal', href('/journal'), loaderData?.page ?? 1, loaderData?.tag),
    description: `Notes on building websites from ${settingsOf(matches).ownerName}: how projects were made, what worked, and practical advice for small businesses.`,
    matches,
  })

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const { page, tag } = readListQuery(request, PostListQuerySchema)
  const [result, { tags }, all] = await Promise.all([
    services.journal.listPublic(page, tag),
    services.journal.listTags(),
    tag ? services.journal.listPublic(1) : undefined,
  ])
  return { ...result, tag, tags, total: all?.totalPosts ?? result.totalPosts }
}

/** A refused sign-up's Retry-After reaches the client. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export async function action({ request, context }: Route.ActionArgs) {
  return subscribeFromPage(await request.formData(), context.get(pageContext), href('/journal'))
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
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <PublishedList
          basePath={href('/journal')}
          tags={tags}
          tag={tag}
          total={total}
          count={totalPosts}
          isEmpty={posts.length === 0}
          page={page}
          pages={pages}
          words={{
            filter: 'Filter by topic',
            one: 'post',
            many: 'posts',
            taggedWith: 'tagged',
            empty: 'No posts yet',
            emptyWith: (tag) => `Nothing is tagged ${tag} yet.`,
            pagination: 'Journal pages',
          }}
        >
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post._id} post={post} />
            ))}
          </div>
        </PublishedList>
        <div className="mt-14 max-w-3xl">
          <SubscribeForm />
        </div>
      </div>
    </main>
  )
}
