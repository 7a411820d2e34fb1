import { href } from 'react-router'
import type { Route } from './+types/journal-feed'
import { escapeMarkup } from '#common/escape-markup.ts'
import { renderMarkdown } from '#common/markdown.ts'
import { FEED_POSTS_MAX } from '#common/schemas/posts.ts'
import { dropXmlForbiddenChars } from '#common/xml-chars.ts'
import { absoluteUrl } from '#app/lib/seo.ts'
import { pageContext } from '#app/context.ts'

/** When a feed with no post was last updated: Atom needs a date, and nothing has changed yet. */
const NEVER = new Date(0).toISOString()

/** The journal as an Atom feed (RFC 4287): the newest public posts, their full text as HTML. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(pageContext)
  const [posts, settings] = await Promise.all([
    services.journal.listLatest(FEED_POSTS_MAX),
    services.settings.getShown(),
  ])
  const url = (path: string) => escapeMarkup(absoluteUrl(publicUrl, path))
  const updated = posts.reduce(
    (latest, post) => (post.updatedAt > latest ? post.updatedAt : latest),
    NEVER,
  )
  const entries = posts.map((post) => {
    const link = url(href('/journal/:slug', { slug: post.slug }))
    const categories = post.tags.map((tag) => `<category term="${escapeMarkup(tag)}"/>`).join('')
    return [
      '<entry>',
      `<title>${escapeMarkup(post.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${link}"/>`,
      `<id>${link}</id>`,
      `<published>${post.publishedAt}</published>`,
      `<updated>${post.updatedAt > post.publishedAt! ? post.updatedAt : post.publishedAt}</updated>`,
      post.summary ? `<summary>${escapeMarkup(post.summary)}</summary>` : '',
      `<content type="html">${escapeMarkup(renderMarkdown(post.body))}</content>`,
      categories,
      '</entry>',
    ].join('')
  })
  // Whatever a post or a setting holds, the feed stays well-formed XML.
  const xml = dropXmlForbiddenChars(
    [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<title>${escapeMarkup(`${settings.businessName}: Journal`)}</title>`,
      `<subtitle>${escapeMarkup(settings.tagline)}</subtitle>`,
      `<link rel="self" type="application/atom+xml" href="${url('/journal/feed.xml')}"/>`,
      `<link rel="alternate" type="text/html" href="${url(href('/journal'))}"/>`,
      `<id>${url(href('/journal'))}</id>`,
      `<updated>${updated}</updated>`,
      `<author><name>${escapeMarkup(settings.ownerName)}</name></author>`,
      ...entries,
      '</feed>',
      '',
    ].join('\n'),
  )
  return new Response(xml, {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
  })
}
