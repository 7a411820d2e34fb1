import { describe, expect, it } from 'vitest'
import { countableView, deviceOf } from './countable-view.ts'

const PERSON =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
const SITE = { siteHost: 'site.test', isBehindProxy: false }
const documentGet = (url: string, headers: Record<string, string> = {}) =>
  countableView(
    {
      method: 'GET',
      url,
      headers: {
        'user-agent': PERSON,
        'sec-fetch-dest': 'document',
        host: 'site.test',
        ...headers,
      },
    },
    SITE,
  )

describe('countableView', () => {
  it('reads the page, the referring host and the campaign of a document request', () => {
    expect(
      documentGet('/portfolio/?utm_source=x&utm_campaign=%20launch%20', {
        referer: 'https://www.google.com/search?q=web+developer',
      }),
    ).toEqual({
      path: '/portfolio',
      userAgent: PERSON,
      source: 'www.google.com',
      utm: { source: 'x', medium: null, campaign: 'launch' },
      device: 'desktop',
      country: null,
    })
  })

  it('takes a referrer from the site itself as no source', () => {
    expect(documentGet('/faq', { referer: 'http://site.test/' })?.source).toBeNull()
  })

  it('counts a document request without Sec-Fetch headers only when it asks for HTML', () => {
    const bare = (accept: string) =>
      countableView({ method: 'GET', url: '/', headers: { 'user-agent': PERSON, accept } }, SITE)
    expect(bare('text/html,*/*')?.path).toBe('/')
    expect(bare('application/json')).toBeUndefined()
  })

  it('maps data requests to their page and counts only navigations from another page', () => {
    const data = (url: string, referer: string) =>
      countableView(
        {
          method: 'GET',
          url,
          headers: { 'user-agent': PERSON, 'sec-fetch-dest': 'empty', referer },
        },
        SITE,
      )
    expect(data('/_.data', 'http://site.test/faq')?.path).toBe('/')
    expect(data('/_root.data', 'http://site.test/faq')).toBeUndefined()
    expect(data('/faq.data', 'http://site.test/')?.path).toBe('/faq')
    expect(data('/faq.data', 'http://site.test/faq')).toBeUndefined()
    expect(data('/faq.data', 'https://elsewhere.example/')).toBeUndefined()
  })

  it('counts a portfolio entry and a journal post as their pages', () => {
    expect(documentGet('/website/some-site')?.path).toBe('/website/some-site')
    expect(documentGet('/journal/a-post')?.path).toBe('/journal/a-post')
  })

  it('leaves out non-pages, other methods, prefetches, DNT, GPC and bots', () => {
    for (const path of [
      '/admin/dashboard',
      '/signin',
      '/api/faq',
      '/sitemap.xml',
      '/journal/feed.xml',
      '/testimonial/token',
      '/x/y',
    ])
      expect(documentGet(path), path).toBeUndefined()
    expect(countableView({ method: 'HEAD', url: '/', headers: {} }, SITE)).toBeUndefined()
    expect(documentGet('/', { 'sec-purpose': 'prefetch' })).toBeUndefined()
    expect(documentGet('/', { dnt: '1' })).toBeUndefined()
    expect(documentGet('/', { 'sec-gpc': '1' })).toBeUndefined()
    expect(documentGet('/', { 'user-agent': 'Googlebot/2.1' })).toBeUndefined()
    expect(documentGet('/', { 'user-agent': `${PERSON} HeadlessChrome/131` })).toBeUndefined()
  })

  it('reads the country header only behind a trusted proxy', () => {
    const headers = { 'user-agent': PERSON, accept: 'text/html', 'cf-ipcountry': 'de' }
    expect(countableView({ method: 'GET', url: '/', headers }, SITE)?.country).toBeNull()
    expect(
      countableView({ method: 'GET', url: '/', headers }, { ...SITE, isBehindProxy: true })
        ?.country,
    ).toBe('DE')
  })
})

describe('deviceOf', () => {
  it('tells phones, tablets and computers apart', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      'mobile',
    )
    expect(
      deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile Safari/537.36'),
    ).toBe('mobile')
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet')
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131 Safari/537.36')).toBe(
      'tablet',
    )
    expect(deviceOf(PERSON)).toBe('desktop')
  })
})
