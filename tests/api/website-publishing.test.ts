/**
 * Drafts and publishing, featured entries, the portfolio order, old slugs, and the sweep of uploads
 * that no website uses any more (with an injected clock: nothing here waits).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  WebsiteMutationResponseSchema,
  WebsiteSchema,
  WebsiteSearchPageSchema,
  WebsitesAdminPageSchema,
  type Website,
  type WebsiteUpdateBody,
} from '#common/schemas/websites.ts'
import { websites } from '#server/db/schema.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { UNUSED_IMAGE_TTL_MS } from '#server/modules/uploads/uploads.service.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const HOUR = 60 * 60 * 1000
let clock = new Date(Date.UTC(2030, 0, 1))

let app: TestApp
let admin: Record<string, string>
let user: Record<string, string>

beforeAll(async () => {
  app = await createTestApp({ now: () => clock })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(() => app.cleanup())

let sequence = 0
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`

const bodyOf = (website: Website, overrides: Partial<WebsiteUpdateBody> = {}) => {
  const slug = overrides.slug ?? uniqueSlug('published')
  const body: Record<string, unknown> = {
    _id: website._id,
    name: `Studio ${slug}`,
    slug,
    image: website.image,
    language: 'React',
    languageDescription: 'MERN Stack',
    description: 'A booking site for a small studio.',
    link: `https://${slug}.example.com`,
    ...overrides,
  }
  return body
}

async function createDraft(): Promise<Website> {
  const res = await app.inject({ method: 'POST', url: '/api/websites', headers: admin })
  expect(res.statusCode).toBe(201)
  return WebsiteMutationResponseSchema.parse(res.json()).website
}

async function put(id: string, payload: Record<string, unknown>, headers = admin) {
  return app.inject({ method: 'PUT', url: `/api/websites/${id}`, headers, payload })
}

async function saved(id: string, payload: Record<string, unknown>): Promise<Website> {
  const res = await put(id, payload)
  expect(res.statusCode, res.body).toBe(200)
  return WebsiteMutationResponseSchema.parse(res.json()).website
}

/** Every published website id, in portfolio order, through the public search. */
async function publicIds(): Promise<string[]> {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const res = await app.inject({ method: 'GET', url: `/api/websites/search?page=${page}` })
    const body = WebsiteSearchPageSchema.parse(res.json())
    ids.push(...body.websites.map((w) => w._id))
    if (page >= body.pages) return ids
  }
}

async function adminWebsites(): Promise<Website[]> {
  const all: Website[] = []
  for (let page = 1; ; page++) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/websites/admin?page=${page}`,
      headers: admin,
    })
    const body = WebsitesAdminPageSchema.parse(res.json())
    all.push(...body.websites)
    if (page >= body.pages) return all
  }
}

const PUBLIC_CACHE = 'public, no-cache'
const DRAFT_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' }

describe('drafts and publishing', () => {
  it('creates a draft that lists, slug reads and the sitemap leave out', async () => {
    const draft = await createDraft()
    expect(draft).toMatchObject({ published: false, featured: false, imageAlt: '' })
    expect(await publicIds()).not.toContain(draft._id)
    expectError(await app.inject({ method: 'GET', url: `/api/websites/slug/${draft.slug}` }), 404)
    expect((await app.services.websites.listSlugs()).map((w) => w.slug)).not.toContain(draft.slug)
    const listed = (await adminWebsites()).find((w) => w._id === draft._id)
    expect(listed).toMatchObject({ published: false })
  })

  it('answers a draft by id to anyone, marked unpublished, kept by no cache and no index', async () => {
    const draft = await createDraft()
    // The specification's edit page reads a just-created entry this way, without a token.
    for (const headers of [{}, user, admin, { authorization: 'Bearer not-a-token' }]) {
      const res = await app.inject({ method: 'GET', url: `/api/websites/${draft._id}`, headers })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers).toMatchObject(DRAFT_HEADERS)
      expect(WebsiteSchema.parse(res.json())).toEqual(draft)
    }
  })

  it('answers a published entry by id with the public cache headers, and no noindex', async () => {
    const draft = await createDraft()
    const website = await saved(draft._id, bodyOf(draft))
    const res = await app.inject({ method: 'GET', url: `/api/websites/${draft._id}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE)
    expect(res.headers['x-robots-tag']).toBeUndefined()
    expect(WebsiteSchema.parse(res.json())).toEqual(website)
    // Taken back to draft, it is answered as a draft again.
    await saved(draft._id, bodyOf(draft, { published: false }))
    const again = await app.inject({ method: 'GET', url: `/api/websites/${draft._id}` })
    expect(again.headers).toMatchObject(DRAFT_HEADERS)
    expect(WebsiteSchema.parse(again.json()).published).toBe(false)
  })

  it('publishes on an update without `published`, as the original clients send it', async () => {
    const draft = await createDraft()
    const website = await saved(draft._id, bodyOf(draft))
    expect(website.published).toBe(true)
    expect(await publicIds()).toContain(draft._id)
    const bySlug = await app.inject({ method: 'GET', url: `/api/websites/slug/${website.slug}` })
    expect(bySlug.statusCode).toBe(200)
    const search = WebsiteSearchPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/websites/search' })).json(),
    )
    expect(search.countWebsites).toBe((await publicIds()).length)
  })

  it('keeps a draft with `published: false`, and takes a published entry back to draft', async () => {
    const draft = await createDraft()
    const kept = await saved(draft._id, bodyOf(draft, { published: false }))
    expect(kept.published).toBe(false)
    expect(await publicIds()).not.toContain(draft._id)

    const published = await saved(draft._id, bodyOf(draft, { published: true }))
    expect(await publicIds()).toContain(draft._id)
    const unpublished = await saved(draft._id, bodyOf(draft, { published: false }))
    expect(unpublished.published).toBe(false)
    expect(await publicIds()).not.toContain(draft._id)
    expectError(
      await app.inject({ method: 'GET', url: `/api/websites/slug/${published.slug}` }),
      404,
    )
    const total = WebsitesAdminPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/websites/admin', headers: admin })).json(),
    ).totalWebsites
    expect(total).toBe((await adminWebsites()).length)
  })

  it('saves featured and the image description, and keeps them when a client omits them', async () => {
    const draft = await createDraft()
    const website = await saved(
      draft._id,
      bodyOf(draft, { featured: true, imageAlt: '  The booking page on a phone  ' }),
    )
    expect(website).toMatchObject({ featured: true, imageAlt: 'The booking page on a phone' })
    const again = await saved(draft._id, bodyOf(draft))
    expect(again).toMatchObject({ featured: true, imageAlt: 'The booking page on a phone' })
    const cleared = await saved(draft._id, bodyOf(draft, { featured: false, imageAlt: '' }))
    expect(cleared).toMatchObject({ featured: false, imageAlt: '' })
  })

  it.each([
    ['published as text', { published: 'yes' }, /^published: Published must be true or false$/],
    ['featured as a number', { featured: 1 }, /^featured: Featured must be true or false$/],
    ['a too long image description', { imageAlt: 'x'.repeat(201) }, /^imageAlt: /],
  ])(
    'returns 400 naming the field for %s, changing nothing',
    async (_label, overrides, message) => {
      const draft = await createDraft()
      expectError(await put(draft._id, { ...bodyOf(draft), ...overrides }), 400, message)
      const stored = await app.inject({
        method: 'GET',
        url: `/api/websites/${draft._id}`,
        headers: admin,
      })
      expect(WebsiteSchema.parse(stored.json())).toEqual(draft)
    },
  )
})

describe('featured websites', () => {
  it('lists published, featured websites in portfolio order for the home page', async () => {
    const [a, b, c] = [await createDraft(), await createDraft(), await createDraft()]
    await saved(a._id, bodyOf(a, { featured: true }))
    await saved(b._id, bodyOf(b, { featured: true, published: false }))
    await saved(c._id, bodyOf(c))
    const featured = (await app.services.websites.listFeatured()).map((w) => w._id)
    expect(featured).toContain(a._id)
    expect(featured).not.toContain(b._id)
    expect(featured).not.toContain(c._id)
  })
})

describe('old slugs', () => {
  it('finds a renamed website by its old slug, with its current slug', async () => {
    const draft = await createDraft()
    const first = await saved(draft._id, bodyOf(draft))
    const renamed = await saved(draft._id, bodyOf(draft, { slug: uniqueSlug('renamed') }))
    const res = await app.inject({ method: 'GET', url: `/api/websites/slug/${first.slug}` })
    expect(res.statusCode).toBe(200)
    expect(WebsiteSchema.parse(res.json())).toMatchObject({ _id: draft._id, slug: renamed.slug })
    expect(await app.services.websites.lookUpPublicSlug(first.slug)).toEqual({
      movedTo: renamed.slug,
    })
    // Every earlier slug leads to the current one, not to the one in between.
    const third = await saved(draft._id, bodyOf(draft, { slug: uniqueSlug('third') }))
    for (const old of [first.slug, renamed.slug]) {
      expect(await app.services.websites.lookUpPublicSlug(old)).toEqual({ movedTo: third.slug })
    }
  })

  it('lets another website take an old slug, which then leads to that website', async () => {
    const one = await createDraft()
    const oldSlug = (await saved(one._id, bodyOf(one))).slug
    await saved(one._id, bodyOf(one, { slug: uniqueSlug('moved') }))
    const two = await createDraft()
    await saved(two._id, bodyOf(two, { slug: oldSlug }))
    const res = await app.inject({ method: 'GET', url: `/api/websites/slug/${oldSlug}` })
    expect(WebsiteSchema.parse(res.json())._id).toBe(two._id)
    // When the second one moves on, the slug leads to it, not to the first.
    const latest = await saved(two._id, bodyOf(two, { slug: uniqueSlug('second-moved') }))
    expect(await app.services.websites.lookUpPublicSlug(oldSlug)).toEqual({
      movedTo: latest.slug,
    })
  })

  it('gives a website its old slug back without a conflict', async () => {
    const draft = await createDraft()
    const first = await saved(draft._id, bodyOf(draft))
    await saved(draft._id, bodyOf(draft, { slug: uniqueSlug('detour') }))
    const back = await saved(draft._id, bodyOf(draft, { slug: first.slug }))
    expect(back.slug).toBe(first.slug)
    expect(await app.services.websites.lookUpPublicSlug(first.slug)).toMatchObject({
      website: { _id: draft._id },
    })
  })

  it('does not lead to a draft', async () => {
    const draft = await createDraft()
    const first = await saved(draft._id, bodyOf(draft))
    await saved(draft._id, bodyOf(draft, { slug: uniqueSlug('hidden'), published: false }))
    expectError(await app.inject({ method: 'GET', url: `/api/websites/slug/${first.slug}` }), 404)
  })
})

describe('PUT /api/websites/order', () => {
  const order = (ids: unknown, headers: Record<string, string> | undefined = admin) =>
    app.inject({ method: 'PUT', url: '/api/websites/order', headers, payload: { ids } })

  it('swaps two websites, leaving every other in its place', async () => {
    const [a, b, c] = [await makeWebsite(app), await makeWebsite(app), await makeWebsite(app)]
    // Each new website comes first: c, b, a.
    const before = await publicIds()
    expect(before.slice(0, 3)).toEqual([c.id, b.id, a.id])
    const res = await order([a.id, c.id])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Order saved' })
    expect((await publicIds()).slice(0, 3)).toEqual([a.id, b.id, c.id])
    const listed = (await adminWebsites()).slice(0, 3).map((w) => w._id)
    expect(listed).toEqual([a.id, b.id, c.id])
  })

  it('sets the whole order when every website is listed', async () => {
    const all = (await adminWebsites()).map((w) => w._id)
    const reversed = [...all].reverse()
    expect((await order(reversed)).statusCode).toBe(200)
    expect((await adminWebsites()).map((w) => w._id)).toEqual(reversed)
    const positions = (await adminWebsites()).map((w) => w.position)
    expect(new Set(positions).size).toBe(positions.length)
  })

  it('puts a new website first', async () => {
    const draft = await createDraft()
    expect((await adminWebsites())[0]!._id).toBe(draft._id)
  })

  it.each([
    ['no ids', undefined, /^ids: /],
    ['an empty list', [], /^ids: ids must name at least one website$/],
    ['a repeated id', 'repeat', /^ids: ids must name each website only once$/],
    ['an invalid id', ['not-an-id'], /^ids\.0: must be a valid id$/],
    ['an unknown id', 'unknown', /^ids: no website has the id /],
  ])('returns 400 for %s, changing nothing', async (_label, ids, message) => {
    const [a, b] = [await makeWebsite(app), await makeWebsite(app)]
    const before = (await adminWebsites()).map((w) => w._id)
    const payload =
      ids === 'repeat'
        ? [a.id, b.id, a.id]
        : ids === 'unknown'
          ? [a.id, '00000000-0000-4000-8000-000000000000']
          : ids
    expectError(await order(payload), 400, message)
    expect((await adminWebsites()).map((w) => w._id)).toEqual(before)
  })

  it('returns 401 for a visitor and 403 for a user', async () => {
    const [a, b] = [await makeWebsite(app), await makeWebsite(app)]
    const before = await publicIds()
    expectError(await order([b.id, a.id], {}), 401)
    expectError(await order([b.id, a.id], user), 403, 'Not authorized as an admin')
    expect(await publicIds()).toEqual(before)
  })
})

describe('sweep of unused uploads', () => {
  const upload = async (content: Buffer) => {
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'shot.png')
    const request = new Request('http://upload.test', { method: 'POST', body: form })
    const res = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...admin, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as string
  }
  const imageStatus = async (path: string) =>
    (await app.inject({ method: 'GET', url: path })).statusCode
  // Days pass here: sign in again, as the admin's token would expire.
  const advance = async (ms: number) => {
    clock = new Date(clock.getTime() + ms)
    admin = (await asAdmin(app)).headers
  }

  it('deletes an image a day after the last website using it let go of it', async () => {
    const content = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', 'image.png'))
    const image = await upload(content)
    const draft = await createDraft()
    await saved(draft._id, bodyOf(draft, { image }))

    await advance(3 * UNUSED_IMAGE_TTL_MS)
    await app.services.uploads.sweepUnusedImages()
    expect(await imageStatus(image)).toBe(200)

    // The website moves to another image: the day starts now.
    await saved(draft._id, bodyOf(draft, { image: '/images/default.jpg' }))
    await advance(HOUR)
    await app.services.uploads.sweepUnusedImages()
    await advance(UNUSED_IMAGE_TTL_MS - 2 * HOUR)
    expect(await app.services.uploads.sweepUnusedImages()).toEqual([])
    expect(await imageStatus(image)).toBe(200)

    await advance(2 * HOUR)
    const deleted = await app.services.uploads.sweepUnusedImages()
    expect(deleted.length).toBeGreaterThan(0)
    expect(await imageStatus(image)).toBe(404)
  })

  it('keeps an image in use again before its day is over', async () => {
    const content = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', 'image.jpg'))
    const image = await upload(content)
    await app.services.uploads.sweepUnusedImages()
    await advance(UNUSED_IMAGE_TTL_MS - HOUR)
    const draft = await createDraft()
    await saved(draft._id, bodyOf(draft, { image }))
    await advance(2 * UNUSED_IMAGE_TTL_MS)
    await app.services.uploads.sweepUnusedImages()
    expect(await imageStatus(image)).toBe(200)
    // Deleting the website leaves it unused: gone a day later.
    await app.inject({ method: 'DELETE', url: `/api/websites/${draft._id}`, headers: admin })
    await app.services.uploads.sweepUnusedImages()
    await advance(UNUSED_IMAGE_TTL_MS)
    await app.services.uploads.sweepUnusedImages()
    expect(await imageStatus(image)).toBe(404)
  })

  it('keeps the images the site settings, a page text and an FAQ answer use', async () => {
    const fixture = (name: string) => readFile(path.join(ROOT_DIR, 'tests', 'fixtures', name))
    const shareImage = await upload(await fixture('image.gif'))
    const inPage = await upload(await fixture('rotated.jpg'))
    const inAnswer = await upload(await fixture('image.avif'))
    const settings = (await app.inject({ method: 'GET', url: '/api/settings' })).json() as object
    const put = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...settings, shareImage },
    })
    expect(put.statusCode, put.body).toBe(200)
    const about = (await app.inject({ method: 'GET', url: '/api/pages/about' })).json() as {
      story: string
    }
    const page = await app.inject({
      method: 'PUT',
      url: '/api/pages/about',
      headers: admin,
      payload: { ...about, story: `${about.story}\n\n![The studio](${inPage})` },
    })
    expect(page.statusCode, page.body).toBe(200)
    const faq = await app.inject({
      method: 'POST',
      url: '/api/faq',
      headers: admin,
      payload: {
        question: 'What does a finished site look like?',
        answer: `![A site](${inAnswer})`,
      },
    })
    expect(faq.statusCode, faq.body).toBe(201)

    await advance(3 * UNUSED_IMAGE_TTL_MS)
    await app.services.uploads.sweepUnusedImages()
    await advance(UNUSED_IMAGE_TTL_MS)
    await app.services.uploads.sweepUnusedImages()
    for (const image of [shareImage, inPage, inAnswer]) expect(await imageStatus(image)).toBe(200)
  })

  it('deletes an upload no website ever used a day after it was uploaded, or uploaded again', async () => {
    const content = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', 'image.webp'))
    const image = await upload(content)
    await advance(UNUSED_IMAGE_TTL_MS - HOUR)
    expect(await upload(content)).toBe(image)
    await advance(2 * HOUR)
    await app.services.uploads.sweepUnusedImages()
    expect(await imageStatus(image)).toBe(200)
    await advance(UNUSED_IMAGE_TTL_MS)
    await app.services.uploads.sweepUnusedImages()
    expect(await imageStatus(image)).toBe(404)
  })
})

describe('the response cache and publishing', () => {
  it('never serves the portfolio from before a publish', async () => {
    const cached = await createTestApp({ env: { RESPONSE_CACHE_TTL_MS: '600000' } })
    try {
      const adminHeaders = (await asAdmin(cached)).headers
      const search = async () =>
        WebsiteSearchPageSchema.parse(
          (await cached.inject({ method: 'GET', url: '/api/websites/search' })).json(),
        ).websites.map((w) => w._id)
      const created = await cached.inject({
        method: 'POST',
        url: '/api/websites',
        headers: adminHeaders,
      })
      const draft = WebsiteMutationResponseSchema.parse(created.json()).website
      expect(await search()).not.toContain(draft._id)
      expect(await search()).not.toContain(draft._id)
      const published = await cached.inject({
        method: 'PUT',
        url: `/api/websites/${draft._id}`,
        headers: adminHeaders,
        payload: bodyOf(draft),
      })
      expect(published.statusCode).toBe(200)
      expect(await search()).toEqual([draft._id])
    } finally {
      await cached.cleanup()
    }
  })

  it('never keeps a draft read by id, and keeps a published one until the next write', async () => {
    const cached = await createTestApp({ env: { RESPONSE_CACHE_TTL_MS: '600000' } })
    try {
      const adminHeaders = (await asAdmin(cached)).headers
      const byId = async (id: string) => {
        const res = await cached.inject({ method: 'GET', url: `/api/websites/${id}` })
        expect(res.statusCode, res.body).toBe(200)
        return { headers: res.headers, website: WebsiteSchema.parse(res.json()) }
      }
      // Renamed behind the API's back, so no write empties the cache: a kept copy shows the old name.
      const renameInDatabase = (id: string, name: string) =>
        cached.database.db.update(websites).set({ name }).where(eq(websites.id, id))
      const created = await cached.inject({
        method: 'POST',
        url: '/api/websites',
        headers: adminHeaders,
      })
      const draft = WebsiteMutationResponseSchema.parse(created.json()).website

      expect((await byId(draft._id)).headers).toMatchObject(DRAFT_HEADERS)
      await renameInDatabase(draft._id, 'Renamed draft')
      const draftAgain = await byId(draft._id)
      expect(draftAgain.headers).toMatchObject(DRAFT_HEADERS)
      expect(draftAgain.website).toMatchObject({ name: 'Renamed draft', published: false })

      const body = bodyOf(draft)
      const published = await cached.inject({
        method: 'PUT',
        url: `/api/websites/${draft._id}`,
        headers: adminHeaders,
        payload: body,
      })
      expect(published.statusCode, published.body).toBe(200)
      expect((await byId(draft._id)).headers['cache-control']).toBe(PUBLIC_CACHE)
      await renameInDatabase(draft._id, 'Renamed published')
      expect((await byId(draft._id)).website).toMatchObject({ name: body.name, published: true })

      const unpublished = await cached.inject({
        method: 'PUT',
        url: `/api/websites/${draft._id}`,
        headers: adminHeaders,
        payload: { ...body, published: false },
      })
      expect(unpublished.statusCode, unpublished.body).toBe(200)
      const draftOnceMore = await byId(draft._id)
      expect(draftOnceMore.headers).toMatchObject(DRAFT_HEADERS)
      expect(draftOnceMore.website.published).toBe(false)
    } finally {
      await cached.cleanup()
    }
  })
})
