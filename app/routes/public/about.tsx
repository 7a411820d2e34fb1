import { href } from 'react-router'
import type { Route } from './+types/about'
import { AboutBody } from '#app/features/pages/about-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.page.title ?? 'About',
    description: loaderData?.page.description ?? '',
    path: href('/about'),
    matches,
    type: 'profile',
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  return { page: await services.pages.getRendered('about') }
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <AboutBody page={loaderData.page} />
    </main>
  )
}
