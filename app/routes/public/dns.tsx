import { href } from 'react-router'
import type { Route } from './+types/dns'
import { GuideBody } from '#app/features/pages/guide-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    title: data?.page.title ?? 'Deployment guide',
    description: data?.page.description ?? '',
    path: href('/dns'),
    matches,
    type: 'article',
  })

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await context.services.pages.getRendered('dns') }
}

export default function DnsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <GuideBody page={loaderData.page} />
    </main>
  )
}
