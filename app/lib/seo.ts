/**
 * Per-page search and share tags: title, description, canonical URL, Open Graph and Twitter card.
 * Absolute URLs come from the server's public URL and names from the site settings, both of which
 * the public layout's loader returns.
 */
import type { MetaDescriptor } from 'react-router'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { shareImageOf } from '#common/share-image.ts'
import { site } from '#app/site.ts'
import { settingsOf, socialLinks } from './site-settings.ts'

type MatchWithData = { loaderData?: unknown } | undefined

export interface PageMetaInput {
  title: string
  description: string
  /** The page's path, e.g. "/about"; the canonical URL is the public URL plus this path. */
  path: string
  /** The `meta` function's matches: the public layout's data holds the public URL and settings. */
  matches: ReadonlyArray<MatchWithData>
  /**
   * A site-relative or absolute image for link previews; the site's share image by default (the
   * owner's upload, or the one drawn from the settings: common/share-image.ts).
   */
  image?: string
  type?: 'website' | 'article' | 'profile'
  noIndex?: boolean
}

/** The page's title followed by the business name from the settings in `matches`. */
export function pageTitle(title: string, matches: ReadonlyArray<MatchWithData>): string {
  const { businessName } = settingsOf(matches)
  return title === businessName ? title : `${title} | ${businessName}`
}

export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path
  const base = publicUrl.replace(/(?<!\/)\/+$/, '')
  return `${base}${path.startsWith('/') ? path : `/${path}`}`
}

export function pageMeta({
  title,
  description,
  path,
  matches,
  image,
  type = 'website',
  noIndex = false,
}: PageMetaInput): MetaDescriptor[] {
  const publicUrl = publicUrlOf(matches)
  const settings = settingsOf(matches)
  const fullTitle = pageTitle(title, matches)
  const url = absoluteUrl(publicUrl, path)
  const shared = image === undefined ? shareImageOf(settings) : { path: image }
  const imageUrl = absoluteUrl(publicUrl, shared.path)
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...(noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      title: `${settings.businessName}: Journal`,
      href: absoluteUrl(publicUrl, '/journal/feed.xml'),
    },
    { property: 'og:site_name', content: settings.businessName },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    ...(shared.size
      ? [
          { property: 'og:image:width', content: String(shared.size.width) },
          { property: 'og:image:height', content: String(shared.size.height) },
        ]
      : []),
    { property: 'og:image:alt', content: fullTitle },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ]
}

/** The public URL that a parent loader (the public layout's) returned, for use in `meta`. */
export function publicUrlOf(matches: ReadonlyArray<MatchWithData>): string {
  for (const match of matches) {
    const data = match?.loaderData
    if (
      data &&
      typeof data === 'object' &&
      'publicUrl' in data &&
      typeof data.publicUrl === 'string'
    ) {
      return data.publicUrl
    }
  }
  return site.publicUrlFallback
}

/**
 * The home page's structured data: the business (schema.org ProfessionalService) and the WebSite,
 * serialised for a <script type="application/ld+json">. "<" is escaped so no text in the data can
 * close the script element early.
 */
export function siteJsonLd(publicUrl: string, settings: SiteSettings): string {
  const url = absoluteUrl(publicUrl, '/')
  const sameAs = socialLinks(settings).map((link) => link.url)
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ProfessionalService',
        '@id': `${url}#business`,
        name: settings.businessName,
        description: settings.seoDescription,
        slogan: settings.tagline,
        url,
        email: settings.email,
        image: absoluteUrl(publicUrl, shareImageOf(settings).path),
        logo: absoluteUrl(publicUrl, '/favicon.svg'),
        foundingDate: String(settings.foundingYear),
        // A detail the settings leave empty (common/first-run-persona.ts) is left out.
        ...(settings.location
          ? { address: { '@type': 'PostalAddress', addressLocality: settings.location } }
          : {}),
        ...(settings.serviceArea ? { areaServed: settings.serviceArea } : {}),
        founder: {
          '@type': 'Person',
          name: settings.ownerName,
          jobTitle: settings.ownerRole,
          sameAs,
        },
        knowsAbout: [
          ...settings.bannerStacks,
          'Web design',
          'Web accessibility',
          'Search engine optimisation',
        ],
        sameAs,
      },
      {
        '@type': 'WebSite',
        '@id': `${url}#website`,
        url,
        name: settings.businessName,
        description: settings.tagline,
        inLanguage: 'en',
        publisher: { '@id': `${url}#business` },
      },
    ],
  }
  return JSON.stringify(graph).replace(/</g, '\\u003c')
}
