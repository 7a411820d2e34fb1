/**
 * Which requests the visit statistics count, through the real web app (the production build): a
 * person's browser loading public pages, from the response cache or not, revalidating, navigating
 * inside the site and sending the contact form, counts; crawlers, tools, automated browsers,
 * prefetches, visitors asking not to be tracked, admin, account and API paths do not. Nothing is
 * stored in the browser: no Set-Cookie on any counted page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessagesPageSchema } from '#common/schemas/messages.ts'
import { PostMutationResponseSchema } from '#common/schemas/posts.ts'
import { StatsSchema } from '#common/schemas/stats.ts'
import type { UserRow } from '#server/db/schema.ts'
import { asAdmin, authHeader } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const AUTOMATED = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
  'python-requests/2.31.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Lighthouse',
]
const DOCUMENT = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' }

const clock = new Date('2026-03-10T10:00:00Z')
let app: TestApp
let owner: UserRow
let nextIp = 1

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({
    web: true,
    now: () => clock,
    // A response cache as in production, so cached answers are proven to count too.
    env: { RESPONSE_CACHE_TTL_MS: '60000', TRUST_PROXY: 'true', CONTACT_MIN_FILL_SECONDS: '0' },
  })
  owner = (await asAdmin(app)).user
}, 240_000)
afterAll(() => app?.cleanup())

const newIp = () => `198.51.100.${nextIp++}`

const get = (url: string, ip: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { 'user-agent': PERSON, 'x-forwarded-for': ip, ...DOCUMENT, ...headers },
  })

async function stats() {
  const res = await app.inject({
    method: 'GET',
    url: '/api/stats?range=7d',
    headers: await authHeader(app, owner),
  })
  expect(res.statusCode).toBe(200)
  return StatsSchema.parse(res.json())
}

/** How much `work` changed the visitors and page views. */
async function change(work: () => Promise<unknown>) {
  const before = await stats()
  await work()
  const after = await stats()
  return {
    visitors: after.visitors - before.visitors,
    pageviews: after.pageviews - before.pageviews,
    after,
  }
}

describe('counting page views', () => {
  it('counts a person reading three pages as one visitor, cached or not, and sets no cookie', async () => {
    const ip = newIp()
    const { visitors, pageviews, after } = await change(async () => {
      const first = await get('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', ip, {
        referer: 'https://mail.example.net/inbox',
      })
      expect(first.statusCode).toBe(200)
      expect(first.headers['set-cookie']).toBeUndefined()
      expect(first.headers['cache-control']).toBe('public, no-cache')
      // Twice more: the second answer of /faq comes from the response cache, the third is a 304.
      const faq = await get('/faq', newIp())
      expect(faq.statusCode).toBe(200)
      const cached = await get('/faq', ip)
      expect(cached.statusCode).toBe(200)
      expect(cached.headers['set-cookie']).toBeUndefined()
      const revalidated = await get('/faq', ip, { 'if-none-match': String(faq.headers.etag) })
      expect(revalidated.statusCode).toBe(304)
    })
    expect(visitors).toBe(2)
    expect(pageviews).toBe(4)
    expect(after.campaigns).toContainEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      visitors: 1,
    })
    expect(after.sources).toContainEqual({ source: 'mail.example.net', visitors: 1 })
  })

  it('counts a view of a journal post and of a portfolio entry, none of the feed', async () => {
    const admin = await authHeader(app, owner)
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin })
    const { post } = PostMutationResponseSchema.parse(created.json())
    const published = await app.inject({
      method: 'PUT',
      url: `/api/posts/${post._id}`,
      headers: admin,
      payload: { title: 'Counted', slug: 'counted-post', body: 'Text.', status: 'published' },
    })
    expect(published.statusCode, published.body).toBe(200)
    const { slug } = await makeWebsite(app)
    const ip = newIp()
    const { pageviews, after } = await change(async () => {
      for (const url of ['/journal/counted-post', `/website/${slug}`, '/journal/feed.xml'])
        expect((await get(url, ip)).statusCode, url).toBe(200)
    })
    expect(pageviews).toBe(2)
    const pages = after.topPages.map((row) => row.path)
    expect(pages).toEqual(expect.arrayContaining(['/journal/counted-post', `/website/${slug}`]))
    expect(pages).not.toContain('/journal/feed.xml')
  })

  it("serves a campaign link from the page's cache entry and still counts its campaign", async () => {
    const plain = await get('/about', newIp())
    expect(plain.statusCode).toBe(200)
    const { after } = await change(async () => {
      const tagged = await get(
        '/about?utm_source=linkedin&utm_medium=social&utm_campaign=autumn&fbclid=xyz',
        newIp(),
      )
      expect(tagged.statusCode).toBe(200)
      // A render draws a new nonce: the same policy means the answer is the cached /about.
      expect(tagged.headers['content-security-policy']).toBe(
        plain.headers['content-security-policy'],
      )
    })
    expect(after.campaigns).toContainEqual({
      source: 'linkedin',
      medium: 'social',
      campaign: 'autumn',
      visitors: 1,
    })
  })

  it('counts a navigation inside the site (a data request) but not a revalidation of the same page', async () => {
    const ip = newIp()
    const { pageviews } = await change(async () => {
      expect((await get('/', ip)).statusCode).toBe(200)
      const data = { accept: '*/*', 'sec-fetch-dest': 'empty', referer: 'http://site.test/' }
      expect((await get('/about.data', ip, data)).statusCode).toBe(200)
      const again = { ...data, referer: 'http://site.test/about' }
      expect((await get('/about.data', ip, again)).statusCode).toBe(200)
    })
    expect(pageviews).toBe(2)
  })

  it('counts nothing from crawlers, tools and automated browsers', async () => {
    const { visitors, pageviews } = await change(async () => {
      for (const userAgent of AUTOMATED)
        for (const path of ['/', '/faq', '/portfolio'])
          expect((await get(path, newIp(), { 'user-agent': userAgent })).statusCode).toBe(200)
      const bare = await app.inject({ method: 'GET', url: '/', headers: DOCUMENT })
      expect(bare.statusCode).toBe(200)
    })
    expect({ visitors, pageviews }).toEqual({ visitors: 0, pageviews: 0 })
  })

  it('counts nothing for DNT, Sec-GPC, prefetches, HEAD, non-pages, admin, account and API paths', async () => {
    const ip = newIp()
    const { pageviews } = await change(async () => {
      await get('/', ip, { dnt: '1' })
      await get('/', ip, { 'sec-gpc': '1' })
      await get('/faq', ip, { 'sec-purpose': 'prefetch' })
      await get('/faq', ip, { purpose: 'prefetch' })
      await get('/about.data', ip, {
        'sec-fetch-dest': 'empty',
        'sec-purpose': 'prefetch;prerender',
        referer: 'http://site.test/',
      })
      await app.inject({ method: 'HEAD', url: '/', headers: { 'user-agent': PERSON, ...DOCUMENT } })
      for (const path of [
        '/admin/dashboard',
        '/signin',
        '/profile',
        '/api/faq',
        '/sitemap.xml',
        '/no-such-page',
        '/website/no-such-site',
      ])
        await get(path, ip)
      // A script or image request for a page's URL is not a page view.
      await get('/', ip, { 'sec-fetch-dest': 'script' })
    })
    expect(pageviews).toBe(0)
  })
})

describe('the visit on a message sent with the contact form', () => {
  it('is recorded on the server when the form is posted', async () => {
    const ip = newIp()
    await get('/webdesign', ip, { referer: 'https://www.bing.com/' })
    await get('/portfolio', ip)
    await get('/contact', ip)
    const res = await app.inject({
      method: 'POST',
      url: '/contact',
      headers: {
        'user-agent': PERSON,
        'x-forwarded-for': ip,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
      },
      payload: new URLSearchParams({
        fullName: 'Grace Client',
        email: 'grace@example.com',
        subject: 'A shop',
        message: 'I would like an online shop for my bakery, please.',
        formToken: app.services.messages.issueContactToken(),
      }).toString(),
    })
    expect(res.statusCode).toBe(200)
    const inbox = await app.inject({
      method: 'GET',
      url: '/api/messages/admin',
      headers: await authHeader(app, owner),
    })
    const [message] = MessagesPageSchema.parse(inbox.json()).messages
    expect(message).toMatchObject({
      subject: 'A shop',
      visit: {
        landingPage: '/webdesign',
        source: 'www.bing.com',
        campaign: null,
        pagesSeen: 3,
        device: 'desktop',
      },
    })
    expect((await stats()).conversions.messages).toBeGreaterThanOrEqual(1)
  })
})
