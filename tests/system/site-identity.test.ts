/**
 * The whole site renamed: after the owner saves their own name and business name, no public page
 * of the production build (the fixed pages, a case study, a journal post, the feed, the manifest)
 * shows the first-run names any more, in its text, its share tags or its structured data, nor the
 * first-run owner's location and social links the owner left as they were
 * (common/first-run-persona.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PAGES } from '#common/public-pages.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { DEMO_SITES } from '#server/first-run/demo-portfolio.ts'
import { seedSite } from '#server/first-run/first-run.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const FIRST_RUN_NAMES = [
  SITE_DEFAULTS.ownerName,
  SITE_DEFAULTS.businessName,
  'Rivera',
  SITE_DEFAULTS.location,
  ...Object.values(SITE_DEFAULTS.social),
]
const OWNER = { ownerName: 'Sam Okafor', businessName: 'Okafor Digital' }

let app: TestApp
let admin: Record<string, string>
let postSlug: string

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({ web: true })
  admin = (await asAdmin(app)).headers
  await seedSite(app.services)
  const created = await app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: admin,
    payload: { title: 'Notes from a launch', body: 'What went well.' },
  })
  expect(created.statusCode).toBe(201)
  const { post } = created.json<{ post: { _id: string; slug: string; title: string } }>()
  postSlug = post.slug
  const published = await app.inject({
    method: 'PUT',
    url: `/api/posts/${post._id}`,
    headers: admin,
    payload: { title: post.title, slug: post.slug, status: 'published' },
  })
  expect(published.statusCode).toBe(200)
}, 600_000)
afterAll(() => app?.cleanup())

const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

const everyPublicAddress = () => [
  ...PUBLIC_PAGES,
  `/website/${DEMO_SITES[0]!.slug}`,
  `/journal/${postSlug}`,
  '/journal/feed.xml',
  '/manifest.webmanifest',
]

describe('the public pages after the owner saves their names', () => {
  it('show the first-run names before', async () => {
    const home = await get('/')
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain(SITE_DEFAULTS.ownerName)
  })

  it("show the owner's names and none of the first-run ones, anywhere", async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...SITE_DEFAULTS, ...OWNER, email: 'sam@okafor.example' },
    })
    expect(saved.statusCode).toBe(200)

    for (const url of everyPublicAddress()) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      for (const name of FIRST_RUN_NAMES)
        expect(res.body, `${url} names ${name}`).not.toContain(name)
    }
    expect((await get('/')).body).toContain('I’m Sam Okafor')
    expect((await get('/about')).body).toContain('Hi, I’m Sam Okafor')
    expect((await get('/about')).body).toContain('I run Okafor Digital')
    expect((await get(`/journal/${postSlug}`)).body).toContain('Sam Okafor')
  })
})
