import { href } from 'react-router'
import type { Route } from './+types/portfolio'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import { PublishedList } from '#app/components/layout/published-list.tsx'
import { OnlineLine, onlineLines } from '#app/features/link-checks/online-line.tsx'
import { WebsiteCard } from '#app/features/websites/website-card.tsx'
import { listPageTitle, readListQuery } from '#app/lib/published-pages.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { settingsOf } from '#app/lib/site-settings.ts'
import { WebsiteSearchQuerySchema } from '#common/schemas/websites.ts'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    ...listPageTitle('Portfolio', href('/portfolio'), loaderData?.page ?? 1, loaderData?.tag),
    description: `Websites and web applications designed and built by ${settingsOf(matches).ownerName}: the stack behind each one, what it does and a link to the live site.`,
    matches,
  })

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const { page, tag } = readListQuery(request, WebsiteSearchQuerySchema)
  const [result, { tags }, all] = await Promise.all([
    services.websites.listPublic(page, tag),
    services.websites.listTags(),
    tag ? services.websites.listPublic(1) : undefined,
  ])
  const health = await services.linkChecks.publicHealthOf(result.websites.map((w) => w._id))
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
        <PublishedList
          basePath={href('/portfolio')}
          tags={tags}
          tag={tag}
          total={totalWebsites}
          count={countWebsites}
          isEmpty={websites.length === 0}
          page={page}
          pages={pages}
          words={{
            filter: 'Filter by technology',
            one: 'project',
            many: 'projects',
            taggedWith: 'with',
            empty: 'No Website Found',
            emptyWith: (tag) => `No project uses ${tag} yet.`,
            pagination: 'Portfolio pages',
          }}
        >
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
        </PublishedList>
      </div>
      <CallToAction title="Want a site like these?" />
    </main>
  )
}
