import { href } from 'react-router'
import type { Route } from './+types/mern-render'
import { GuideBody } from '#app/features/pages/guide-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.page.title ?? 'Deployment guide',
    description: loaderData?.page.description ?? '',
    path: href('/mernRender'),
    matches,
    type: 'article',
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  return { page: await services.pages.getRendered('mernRender') }
}

export default function MernRenderPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <GuideBody page={loaderData.page} />
    </main>
  )
}
