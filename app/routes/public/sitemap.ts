import { href } from 'react-router'
import type { Route } from './+types/sitemap'
import { PUBLIC_PAGES } from '#common/public-pages.ts'
import { absoluteUrl } from '#app/lib/seo.ts'

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

function urlEntry(loc: string, lastmod?: Date) {
  const modified =
    lastmod && !Number.isNaN(lastmod.getTime()) ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`
}

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await context.services.websites.listSlugs()
  const urls = [
    ...PUBLIC_PAGES.map((path) => urlEntry(absoluteUrl(context.publicUrl, path))),
    ...entries.map(({ slug, updatedAt }) =>
      urlEntry(
        absoluteUrl(context.publicUrl, href('/website/:slug', { slug })),
        new Date(updatedAt),
      ),
    ),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300, stale-while-revalidate=3600',
    },
  })
}
