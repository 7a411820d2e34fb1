import type { Route } from './+types/robots'
import { absoluteUrl } from '#app/lib/seo.ts'

// Signed-in and admin screens hold nothing for search engines; everything else may be crawled.
const DISALLOWED = ['/admin/', '/profile', '/reset-password/']

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(context.publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  })
}
