import { href } from 'react-router'
import type { Route } from './+types/about'
import { AboutBody } from '#app/features/pages/about-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    title: data?.page.title ?? 'About',
    description: data?.page.description ?? '',
    path: href('/about'),
    matches,
    type: 'profile',
  })

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await context.services.pages.getRendered('about') }
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <AboutBody page={loaderData.page} />
    </main>
  )
}
