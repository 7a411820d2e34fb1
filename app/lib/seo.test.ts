import { describe, expect, it } from 'vitest'
import { site } from '#app/site.ts'
import { absoluteUrl, pageMeta, publicUrlOf, siteJsonLd } from './seo.ts'

const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
  meta.find((d) => (d as Record<string, unknown>)[key] === value) as
    Record<string, string> | undefined

describe('pageMeta', () => {
  const meta = pageMeta({
    title: 'About',
    description: 'Who builds the sites.',
    path: '/about',
    publicUrl: 'https://studio.example/',
  })

  it('titles the page with the business name', () => {
    expect(meta).toContainEqual({ title: `About | ${site.businessName}` })
    expect(find(meta, 'property', 'og:title')?.content).toBe(`About | ${site.businessName}`)
    expect(find(meta, 'name', 'twitter:title')?.content).toBe(`About | ${site.businessName}`)
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

  it('uses the absolute share image with its size by default', () => {
    expect(find(meta, 'property', 'og:image')?.content).toBe(
      `https://studio.example${site.shareImage.path}`,
    )
    expect(find(meta, 'property', 'og:image:width')?.content).toBe(String(site.shareImage.width))
    expect(find(meta, 'name', 'twitter:image')?.content).toBe(
      `https://studio.example${site.shareImage.path}`,
    )
    expect(find(meta, 'name', 'robots')).toBeUndefined()
  })

  it('makes a page image absolute and drops the share image size', () => {
    const withImage = pageMeta({
      title: 'Shop',
      description: 'A shop.',
      path: '/website/shop',
      publicUrl: 'https://studio.example',
      image: '/uploads/abc.webp',
      noIndex: true,
    })
    expect(find(withImage, 'property', 'og:image')?.content).toBe(
      'https://studio.example/uploads/abc.webp',
    )
    expect(find(withImage, 'property', 'og:image:width')).toBeUndefined()
    expect(withImage).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('does not repeat the business name when the page is titled with it', () => {
    const home = pageMeta({
      title: site.businessName,
      description: 'x',
      path: '/',
      publicUrl: 'https://s.example',
    })
    expect(home).toContainEqual({ title: site.businessName })
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
        { data: { nonce: 'n' } },
        { data: { publicUrl: 'https://x.example' } },
        undefined,
      ]),
    ).toBe('https://x.example')
  })
  it('falls back to the site setting', () => {
    expect(publicUrlOf([{ data: undefined }])).toBe(site.publicUrlFallback)
  })
})

describe('siteJsonLd', () => {
  const json = siteJsonLd('https://studio.example')
  const data = JSON.parse(json) as { '@context': string; '@graph': Record<string, unknown>[] }
  const byType = (type: string) => data['@graph'].find((node) => node['@type'] === type)

  it('describes the business as a ProfessionalService with absolute URLs', () => {
    expect(data['@context']).toBe('https://schema.org')
    expect(byType('ProfessionalService')).toMatchObject({
      '@id': 'https://studio.example/#business',
      name: site.businessName,
      url: 'https://studio.example/',
      email: site.email,
      image: `https://studio.example${site.shareImage.path}`,
      founder: { '@type': 'Person', name: site.ownerName },
      sameAs: site.social.map((link) => link.url),
    })
  })

  it('describes the WebSite published by the business', () => {
    expect(byType('WebSite')).toMatchObject({
      url: 'https://studio.example/',
      name: site.businessName,
      publisher: { '@id': 'https://studio.example/#business' },
    })
  })

  it('cannot close its script element early', () => {
    expect(siteJsonLd('https://x.example/</script><script>alert(1)</script>')).not.toContain('<')
  })
})
