/**
 * Walks the route table (app/routes.ts) and checks that the registry of public pages
 * (common/public-pages.ts) and what the server answers agree: every public page and public file,
 * journal posts and the feed included, is `public, no-cache` with an ETag and fills the response
 * cache; every other route is kept by nobody. A route added to the table without a place in the
 * registry fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '#app/routes.ts'
import { isPublicPath } from '#common/public-pages.ts'
import { PostMutationResponseSchema } from '#common/schemas/posts.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
const slugs: Record<string, string> = {}
/**
 * The public pages made for each visitor here (tests/system/visitor-pages.test.ts): the contact
 * form, for its one-time token (/book is one only while booking is on, and it is off here).
 */
const MADE_FOR_EACH_VISITOR = ['/contact']

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({ web: true, env: { RESPONSE_CACHE_TTL_MS: String(10 * 60_000) } })
  const admin = (await asAdmin(app)).headers
  slugs.website = (await makeWebsite(app)).slug
  const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin })
  const post = PostMutationResponseSchema.parse(created.json()).post
  const published = await app.inject({
    method: 'PUT',
    url: `/api/posts/${post._id}`,
    headers: admin,
    payload: { title: 'Walked', slug: 'walked-post', body: 'Text.', status: 'published' },
  })
  expect(published.statusCode, published.body).toBe(200)
  slugs.journal = 'walked-post'
}, 240_000)
afterAll(() => app?.cleanup())

/** Every route's full path, with its parameters filled in as a visitor's request would. */
function paths(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/')
    if (entry.children) return paths(entry.children, own)
    const filled = own
      .replace(/^(website|journal)\/:slug$/, (_, kind: string) => `${kind}/${slugs[kind]}`)
      .replace(/:token/, 'no-such-token')
      .replace(/:id/, '00000000-0000-4000-8000-000000000000')
      .replace(/^\*$/, 'no-such-page')
    return [`/${filled}`]
  })
}

describe('the route table', () => {
  it('holds the public pages the registry names, entries and files included', () => {
    const all = paths(routes)
    expect(all.filter(isPublicPath)).toEqual(
      expect.arrayContaining([
        '/',
        `/website/${slugs.website}`,
        `/journal/${slugs.journal}`,
        '/journal/feed.xml',
        '/sitemap.xml',
      ]),
    )
  })

  it('answers every public route public, with an ETag it revalidates', async () => {
    for (const path of paths(routes).filter((p) => isPublicPath(p))) {
      const first = await app.inject({ method: 'GET', url: path })
      if (MADE_FOR_EACH_VISITOR.includes(path)) {
        expect(first.headers['cache-control'], path).toBe(CACHE_POLICY.privatePage)
        continue
      }
      expect(first.statusCode, path).toBe(200)
      expect(first.headers['cache-control'], path).toBe(CACHE_POLICY.publicPage)
      expect(first.headers.etag, path).toMatch(/^W\/"[\w-]+"$/)
      const again = await app.inject({
        method: 'GET',
        url: path,
        headers: { 'if-none-match': String(first.headers.etag) },
      })
      expect(again.statusCode, path).toBe(304)
    }
  })

  it('lets nobody keep any other route', async () => {
    for (const path of paths(routes).filter((p) => !isPublicPath(p))) {
      const res = await app.inject({ method: 'GET', url: path })
      expect(res.headers['cache-control'], path).toBe(CACHE_POLICY.privatePage)
      expect(res.headers.etag, path).toBeUndefined()
    }
  })

  it('renders every page whole, with no part left to a fallback for the browser to finish', async () => {
    // Pages that ship no React are rendered to one string (docs/decisions/038): a part of one that
    // waited for something (a lazy component, a Suspense boundary) would be sent as its fallback,
    // marked <!--$!-->, with no script to finish it. The streaming renderer of hydrated pages
    // waits, and leaves no pending boundary (<!--$?-->) either.
    let staticPages = 0
    for (const path of paths(routes)) {
      const res = await app.inject({ method: 'GET', url: path })
      if (!String(res.headers['content-type']).startsWith('text/html')) continue
      expect(res.body.startsWith('<!DOCTYPE html><html'), path).toBe(true)
      expect(res.body, path).not.toMatch(/<!--\$[!?]-->/)
      if (!res.body.includes('<script type="module"')) staticPages += 1
    }
    expect(staticPages).toBeGreaterThan(5)
  })
})
