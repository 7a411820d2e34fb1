/**
 * Per-page search and share tags: title, description, canonical URL, Open Graph and Twitter card.
 * Absolute URLs come from the server's public URL, which the public layout's loader returns.
 */
import type { MetaDescriptor } from 'react-router'
import { site } from '#app/site.ts'

export interface PageMetaInput {
  title: string
  description: string
  /** The page's path, e.g. "/about"; the canonical URL is the public URL plus this path. */
  path: string
  publicUrl: string
  /** A site-relative or absolute image for link previews; the site's share image by default. */
  image?: string
  type?: 'website' | 'article' | 'profile'
  noIndex?: boolean
}

export const pageTitle = (title: string) =>
  title === site.businessName ? title : `${title} | ${site.businessName}`

export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path
  const base = publicUrl.replace(/\/+$/, '')
  return `${base}${path.startsWith('/') ? path : `/${path}`}`
}

export function pageMeta({
  title,
  description,
  path,
  publicUrl,
  image,
  type = 'website',
  noIndex = false,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = pageTitle(title)
  const url = absoluteUrl(publicUrl, path)
  const imageUrl = absoluteUrl(publicUrl, image ?? site.shareImage.path)
  const isShareImage = image === undefined || image === site.shareImage.path
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...(noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.businessName },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    ...(isShareImage
      ? [
          { property: 'og:image:width', content: String(site.shareImage.width) },
          { property: 'og:image:height', content: String(site.shareImage.height) },
        ]
      : []),
    { property: 'og:image:alt', content: fullTitle },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ]
}

type MatchWithData = { data?: unknown } | undefined

/** The public URL that a parent loader (the public layout's) returned, for use in `meta`. */
export function publicUrlOf(matches: ReadonlyArray<MatchWithData>): string {
  for (const match of matches) {
    const data = match?.data
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
export function siteJsonLd(publicUrl: string): string {
  const url = absoluteUrl(publicUrl, '/')
  const sameAs = site.social.map((link) => link.url)
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ProfessionalService',
        '@id': `${url}#business`,
        name: site.businessName,
        description: site.description,
        slogan: site.tagline,
        url,
        email: site.email,
        image: absoluteUrl(publicUrl, site.shareImage.path),
        logo: absoluteUrl(publicUrl, '/favicon.svg'),
        foundingDate: String(site.foundingYear),
        address: {
          '@type': 'PostalAddress',
          addressLocality: site.location.city,
          addressRegion: site.location.regionCode,
          addressCountry: site.location.country,
        },
        areaServed: site.serviceArea,
        founder: { '@type': 'Person', name: site.ownerName, jobTitle: site.ownerRole, sameAs },
        knowsAbout: [
          ...site.stackNames,
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
        name: site.businessName,
        description: site.tagline,
        inLanguage: 'en',
        publisher: { '@id': `${url}#business` },
      },
    ],
  }
  return JSON.stringify(graph).replace(/</g, '\\u003c')
}
