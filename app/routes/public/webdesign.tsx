import { href } from 'react-router'
import type { Route } from './+types/webdesign'
import { WebdesignBody } from '#app/features/pages/webdesign-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    title: data?.page.title ?? 'Web Design',
    description: data?.page.description ?? '',
    path: href('/webdesign'),
    matches,
  })

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await context.services.pages.getRendered('webdesign') }
}

export default function WebdesignPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <WebdesignBody page={loaderData.page} />
    </main>
  )
}
