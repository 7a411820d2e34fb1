import { href } from 'react-router'
import type { Route } from './+types/sitemap'
import { escapeMarkup } from '#common/escape-markup.ts'
import { PUBLIC_PAGES } from '#common/public-pages.ts'
import { absoluteUrl } from '#app/lib/seo.ts'

function urlEntry(loc: string, lastmod?: Date) {
  const modified =
    lastmod && !Number.isNaN(lastmod.getTime()) ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
  return `<url><loc>${escapeMarkup(loc)}</loc>${modified}</url>`
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
