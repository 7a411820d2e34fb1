import { href } from 'react-router'
import type { Route } from './+types/portfolio'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { OnlineLine, onlineLines } from '#app/features/link-checks/online-line.tsx'
import { TagFilter, tagPath } from '#app/components/ui/tag-filter.tsx'
import { WebsiteCard } from '#app/features/websites/website-card.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { settingsOf } from '#app/lib/site-settings.ts'
import { WebsiteSearchQuerySchema } from '#common/schemas/websites.ts'

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page ?? 1
  const tag = data?.tag
  const base = tagPath(href('/portfolio'), tag)
  const path = page > 1 ? `${base}${tag ? '&' : '?'}page=${page}` : base
  const title = tag ? `Portfolio: ${tag}` : 'Portfolio'
  return pageMeta({
    title: page > 1 ? `${title}, page ${page}` : title,
    description: `Websites and web applications designed and built by ${settingsOf(matches).ownerName}: the stack behind each one, what it does and a link to the live site.`,
    path,
    matches,
  })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams
  const parsed = WebsiteSearchQuerySchema.safeParse({
    page: query.get('page') ?? undefined,
    tag: query.get('tag') ?? undefined,
  })
  // An unreadable tag (too long) lists everything rather than failing the page.
  const { page, tag } = parsed.success ? parsed.data : { page: 1, tag: undefined }
  const [result, { tags }, all] = await Promise.all([
    context.services.websites.search(page, tag),
    context.services.websites.listTags(),
    tag ? context.services.websites.search(1) : undefined,
  ])
  const health = await context.services.linkChecks.publicHealthOf(result.websites.map((w) => w._id))
  return {
    online: onlineLines(health),
    websites: result.websites,
    page: result.page,
    pages: result.pages,
    countWebsites: result.countWebsites,
    totalWebsites: all?.countWebsites ?? result.countWebsites,
    tag,
    tags,
  }
}

export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { websites, page, pages, countWebsites, totalWebsites, tag, tags, online } = loaderData
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="Portfolio" title="Websites and apps I have built">
        <p>
          Each project below was planned, designed and developed by me, from small-business websites
          to full MERN applications. Open a project for the details, or visit the live site to try
          it yourself.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-16">
        <div className="mb-8 empty:hidden">
          <TagFilter
            basePath={href('/portfolio')}
            tags={tags}
            current={tag}
            total={totalWebsites}
            label="Filter by technology"
          />
        </div>
        {websites.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-900">No Website Found</p>
            {tag ? <p className="mt-2 text-slate-700">No project uses {tag} yet.</p> : null}
          </div>
        ) : (
          <>
            <p className="mb-8 text-sm text-slate-600" aria-live="polite">
              {countWebsites} {countWebsites === 1 ? 'project' : 'projects'}
              {tag ? ` with ${tag}` : ''}
              {pages > 1 ? ` · page ${page} of ${pages}` : ''}
            </p>
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {websites.map((website, i) => (
                <WebsiteCard
                  key={website._id}
                  website={website}
                  isPriority={i === 0}
                  status={<OnlineLine text={online[website._id]} />}
                />
              ))}
            </div>
          </>
        )}
        <Pagination
          basePath={tagPath(href('/portfolio'), tag)}
          pages={pages}
          page={page}
          label="Portfolio pages"
        />
      </div>
      <CallToAction title="Want a site like these?" />
    </main>
  )
}
