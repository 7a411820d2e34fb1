import type { Route } from './+types/robots'
import { absoluteUrl } from '#app/lib/seo.ts'
import { pageContext } from '#app/context.ts'

// Signed-in and admin screens hold nothing for search engines; everything else may be crawled.
const DISALLOWED = ['/admin/', '/profile', '/reset-password/']

// Cached as every public page is (server/plugins/web.ts decides).
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(pageContext)
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
    },
  })
}
