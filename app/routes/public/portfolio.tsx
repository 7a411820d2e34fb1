import { href } from 'react-router'
import type { Route } from './+types/portfolio'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { OnlineLine, onlineLines } from '#app/features/link-checks/online-line.tsx'
import { WebsiteCard } from '#app/features/websites/website-card.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { settingsOf } from '#app/lib/site-settings.ts'
import { PageNumberSchema } from '#common/schemas/common.ts'

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page ?? 1
  const path = page > 1 ? `${href('/portfolio')}?page=${page}` : href('/portfolio')
  return pageMeta({
    title: page > 1 ? `Portfolio, page ${page}` : 'Portfolio',
    description: `Websites and web applications designed and built by ${settingsOf(matches).ownerName}: the stack behind each one, what it does and a link to the live site.`,
    path,
    matches,
  })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = PageNumberSchema.parse(new URL(request.url).searchParams.get('page') ?? undefined)
  const result = await context.services.websites.search(page)
  const health = await context.services.linkChecks.publicHealthOf(result.websites.map((w) => w._id))
  return {
    online: onlineLines(health),
    websites: result.websites,
    page: result.page,
    pages: result.pages,
    countWebsites: result.countWebsites,
  }
}

export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { websites, page, pages, countWebsites, online } = loaderData
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="Portfolio" title="Websites and apps I have built">
        <p>
          Each project below was planned, designed and developed by me, from small-business websites
          to full MERN applications. Open a project for the details, or visit the live site to try
          it yourself.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        {websites.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-900">No Website Found</p>
          </div>
        ) : (
          <>
            <p className="mb-8 text-sm text-slate-600" aria-live="polite">
              {countWebsites} {countWebsites === 1 ? 'project' : 'projects'}
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
          basePath={href('/portfolio')}
          pages={pages}
          page={page}
          label="Portfolio pages"
        />
      </div>
      <CallToAction title="Want a site like these?" />
    </main>
  )
}
