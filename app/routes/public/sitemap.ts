import { href } from 'react-router'
import type { Route } from './+types/sitemap'
import { escapeMarkup } from '#common/escape-markup.ts'
import { PUBLIC_PAGES } from '#common/public-pages.ts'
import { shareImageOf } from '#common/share-image.ts'
import { absoluteUrl } from '#app/lib/seo.ts'
import { pageContext } from '#app/context.ts'

function urlEntry(loc: string, lastmod?: Date, image?: string) {
  const modified =
    lastmod && !Number.isNaN(lastmod.getTime()) ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
  const picture = image
    ? `<image:image><image:loc>${escapeMarkup(image)}</image:loc></image:image>`
    : ''
  return `<url><loc>${escapeMarkup(loc)}</loc>${modified}${picture}</url>`
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(pageContext)
  const [entries, posts, settings] = await Promise.all([
    services.websites.listSlugs(),
    services.journal.listSlugs(),
    services.settings.getShown(),
  ])
  // The home page carries the site's share image (the settings'), as Google's image sitemaps allow.
  const shareImage = absoluteUrl(publicUrl, shareImageOf(settings).path)
  const urls = [
    ...PUBLIC_PAGES.map((path) =>
      urlEntry(absoluteUrl(publicUrl, path), undefined, path === '/' ? shareImage : undefined),
    ),
    ...entries.map(({ slug, updatedAt }) =>
      urlEntry(absoluteUrl(publicUrl, href('/website/:slug', { slug })), new Date(updatedAt)),
    ),
    ...posts.map(({ slug, updatedAt }) =>
      urlEntry(absoluteUrl(publicUrl, href('/journal/:slug', { slug })), new Date(updatedAt)),
    ),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
    },
  })
}
