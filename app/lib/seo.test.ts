import { describe, expect, it } from 'vitest'
import { site } from '#app/site.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { shareImageVersion } from '#common/share-image.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { absoluteUrl, pageMeta, publicUrlOf, siteJsonLd } from './seo.ts'

const settings: SiteSettings = {
  ...SITE_DEFAULTS,
  businessName: 'Harbour Pixel Works',
  social: { github: 'https://github.com/harbour', linkedin: '', x: 'https://x.com/harbour' },
  ownerRole: 'Web developer and designer',
  serviceArea: 'Nova Scotia and remote clients in Canada',
  foundingYear: 2011,
}
/** The matches a meta function gets: the root's data, then the public layout's. */
const layoutMatches = (publicUrl: string, shown: SiteSettings = settings) => [
  { loaderData: { nonce: 'n' } },
  { loaderData: { publicUrl, settings: shown } },
]
/** The address of the share image drawn from `shown`, on https://studio.example. */
const drawnImage = (shown: SiteSettings) =>
  `https://studio.example/brand/share.png?v=${shareImageVersion(shown)}`

const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
  meta.find((d) => (d as Record<string, unknown>)[key] === value) as
    Record<string, string> | undefined

describe('pageMeta', () => {
  const meta = pageMeta({
    title: 'About',
    description: 'Who builds the sites.',
    path: '/about',
    matches: layoutMatches('https://studio.example/'),
  })

  it('titles the page with the business name', () => {
    expect(meta).toContainEqual({ title: `About | ${settings.businessName}` })
    expect(find(meta, 'property', 'og:title')?.content).toBe(`About | ${settings.businessName}`)
    expect(find(meta, 'name', 'twitter:title')?.content).toBe(`About | ${settings.businessName}`)
  })

  it('gives an absolute canonical link and og:url without a double slash', () => {
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://studio.example/about',
    })
    expect(find(meta, 'property', 'og:url')?.content).toBe('https://studio.example/about')
  })

  it('describes the page for search results and link previews', () => {
    expect(meta).toContainEqual({ name: 'description', content: 'Who builds the sites.' })
    expect(find(meta, 'property', 'og:description')?.content).toBe('Who builds the sites.')
    expect(find(meta, 'name', 'twitter:description')?.content).toBe('Who builds the sites.')
    expect(find(meta, 'property', 'og:type')?.content).toBe('website')
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary_large_image')
  })

  it('uses the share image drawn from the settings, absolute and with its size, by default', () => {
    expect(find(meta, 'property', 'og:image')?.content).toBe(drawnImage(settings))
    expect(find(meta, 'property', 'og:image')?.content).toMatch(
      /^https:\/\/studio\.example\/brand\/share\.png\?v=[0-9a-f]{16}$/,
    )
    expect(find(meta, 'property', 'og:image:width')?.content).toBe('1200')
    expect(find(meta, 'property', 'og:image:height')?.content).toBe('630')
    expect(find(meta, 'name', 'twitter:image')?.content).toBe(drawnImage(settings))
    expect(find(meta, 'name', 'robots')).toBeUndefined()
  })

  it("gives the drawn share image a new version when the owner's names change", () => {
    const imageOf = (shown: SiteSettings) =>
      find(
        pageMeta({
          title: 'About',
          description: 'x',
          path: '/about',
          matches: layoutMatches('https://studio.example', shown),
        }),
        'property',
        'og:image',
      )?.content
    const before = imageOf(SITE_DEFAULTS)
    const renamed = { ...SITE_DEFAULTS, ownerName: 'Sam Okafor', businessName: 'Okafor Digital' }
    expect(imageOf(renamed)).toBe(drawnImage(renamed))
    expect(imageOf(renamed)).not.toBe(before)
    expect(imageOf({ ...renamed, ownerName: 'Sam Okafor-Reid' })).not.toBe(imageOf(renamed))
    expect(imageOf({ ...renamed })).toBe(imageOf(renamed))
  })

  it('makes a page image absolute and drops the share image size', () => {
    const withImage = pageMeta({
      title: 'Shop',
      description: 'A shop.',
      path: '/website/shop',
      matches: layoutMatches('https://studio.example'),
      image: '/uploads/abc.webp',
      noIndex: true,
    })
    expect(find(withImage, 'property', 'og:image')?.content).toBe(
      'https://studio.example/uploads/abc.webp',
    )
    expect(find(withImage, 'property', 'og:image:width')).toBeUndefined()
    expect(withImage).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('takes the share image from the settings', () => {
    const custom = pageMeta({
      title: 'About',
      description: 'x',
      path: '/about',
      matches: [
        {
          loaderData: {
            publicUrl: 'https://s.example',
            settings: { ...settings, shareImage: '/uploads/og.webp' },
          },
        },
      ],
    })
    expect(find(custom, 'property', 'og:image')?.content).toBe('https://s.example/uploads/og.webp')
    expect(find(custom, 'property', 'og:image:width')).toBeUndefined()
  })

  it('does not repeat the business name when the page is titled with it', () => {
    const home = pageMeta({
      title: settings.businessName,
      description: 'x',
      path: '/',
      matches: layoutMatches('https://s.example'),
    })
    expect(home).toContainEqual({ title: settings.businessName })
    expect(home).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://s.example/' })
  })
})

describe('absoluteUrl', () => {
  it('keeps absolute URLs and joins relative paths', () => {
    expect(absoluteUrl('https://a.example', 'https://cdn.example/x.png')).toBe(
      'https://cdn.example/x.png',
    )
    expect(absoluteUrl('https://a.example//', 'faq')).toBe('https://a.example/faq')
  })
})

describe('publicUrlOf', () => {
  it('finds the public URL in the loader data of a parent match', () => {
    expect(
      publicUrlOf([
        { loaderData: { nonce: 'n' } },
        { loaderData: { publicUrl: 'https://x.example' } },
        undefined,
      ]),
    ).toBe('https://x.example')
  })
  it('falls back to the site setting', () => {
    expect(publicUrlOf([{ loaderData: undefined }])).toBe(site.publicUrlFallback)
  })
})

describe('siteJsonLd', () => {
  const json = siteJsonLd('https://studio.example', settings)
  const data = JSON.parse(json) as { '@context': string; '@graph': Record<string, unknown>[] }
  const byType = (type: string) => data['@graph'].find((node) => node['@type'] === type)

  it('describes the business as a ProfessionalService with absolute URLs', () => {
    expect(data['@context']).toBe('https://schema.org')
    expect(byType('ProfessionalService')).toMatchObject({
      '@id': 'https://studio.example/#business',
      name: settings.businessName,
      url: 'https://studio.example/',
      email: settings.email,
      image: drawnImage(settings),
      founder: { '@type': 'Person', name: settings.ownerName },
      // An empty social link is left out.
      sameAs: ['https://github.com/harbour', 'https://x.com/harbour'],
    })
  })

  it("takes the practice's facts from the settings", () => {
    expect(byType('ProfessionalService')).toMatchObject({
      foundingDate: '2011',
      areaServed: 'Nova Scotia and remote clients in Canada',
      founder: { jobTitle: 'Web developer and designer' },
    })
  })

  it('leaves out the place and the area when the settings leave them empty', () => {
    const business = (
      JSON.parse(
        siteJsonLd('https://studio.example', { ...settings, location: '', serviceArea: '' }),
      ) as { '@graph': Record<string, unknown>[] }
    )['@graph'][0]
    expect(business).not.toHaveProperty('address')
    expect(business).not.toHaveProperty('areaServed')
    expect(byType('ProfessionalService')).toMatchObject({
      address: { addressLocality: settings.location },
    })
  })

  it('describes the WebSite published by the business', () => {
    expect(byType('WebSite')).toMatchObject({
      url: 'https://studio.example/',
      name: settings.businessName,
      publisher: { '@id': 'https://studio.example/#business' },
    })
  })

  it('cannot close its script element early', () => {
    expect(
      siteJsonLd('https://x.example/</script><script>alert(1)</script>', {
        ...settings,
        businessName: '</script><script>alert(1)</script>',
      }),
    ).not.toContain('<')
  })
})
