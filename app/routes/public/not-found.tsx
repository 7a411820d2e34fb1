import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { NotFoundContent } from '#app/components/layout/not-found-content.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: 'Page not found',
    description: 'The page you are looking for does not exist.',
    path: location.pathname,
    matches,
    noIndex: true,
  })

export function loader() {
  return data(null, { status: 404 })
}

/** A form posted to a page that does not exist (`/CONTACT` among them) is not found either. */
export function action() {
  return data(null, { status: 404 })
}

export default function NotFoundPage() {
  return <NotFoundContent />
}
