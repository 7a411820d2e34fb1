import { href } from 'react-router'
import type { Route } from './+types/mern-render'
import { GuideBody } from '#app/features/pages/guide-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    title: data?.page.title ?? 'Deployment guide',
    description: data?.page.description ?? '',
    path: href('/mernRender'),
    matches,
    type: 'article',
  })

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await context.services.pages.getRendered('mernRender') }
}

export default function MernRenderPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <GuideBody page={loaderData.page} />
    </main>
  )
}
