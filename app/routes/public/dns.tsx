import { href } from 'react-router'
import type { Route } from './+types/dns'
import { GuideBody } from '#app/features/pages/guide-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.page.title ?? 'Deployment guide',
    description: loaderData?.page.description ?? '',
    path: href('/dns'),
    matches,
    type: 'article',
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  return { page: await services.pages.getRendered('dns') }
}

export default function DnsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <GuideBody page={loaderData.page} />
    </main>
  )
}
