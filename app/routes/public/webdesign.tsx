import { href } from 'react-router'
import type { Route } from './+types/webdesign'
import { WebdesignBody } from '#app/features/pages/webdesign-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.page.title ?? 'Web Design',
    description: loaderData?.page.description ?? '',
    path: href('/webdesign'),
    matches,
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  return { page: await services.pages.getRendered('webdesign') }
}

export default function WebdesignPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <WebdesignBody page={loaderData.page} />
    </main>
  )
}
