import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_WEBSITE, WEBSITES_PAGE_SIZE } from '#common/constants.ts'
import {
  WebsiteMutationResponseSchema,
  WebsiteSchema,
  WebsiteSearchPageSchema,
  WebsitesAdminPageSchema,
  type WebsiteUpdateBody,
} from '#common/schemas/websites.ts'
import { websites } from '#server/db/schema.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeWebsite, announceChange } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PUBLIC_CACHE = 'public, no-cache'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
/** The case-study fields of an entry that has none (tests/api/case-studies.test.ts covers them). */
const NO_CASE_STUDY = {
  client: '',
  role: '',
  year: null,
  tags: [],
  caseStudy: '',
  gallery: [],
  results: [],
}

let app: TestApp
let admin: Record<string, string>
let user: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(() => app.cleanup())

let sequence = 0
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`

const validBody = (overrides: Partial<WebsiteUpdateBody> = {}): WebsiteUpdateBody => {
  const slug = uniqueSlug('edited')
  return {
    name: 'Harbour Bakery',
    slug,
    image: '/uploads/0123456789abcdef01234567.webp',
    language: 'React',
    languageDescription: 'Next.js',
    description: 'Online menu and pre-orders for a neighbourhood bakery.',
    link: `https://${slug}.example.com`,
    ...overrides,
  }
}

/** Removes every draft so a test can predict the next draft slug. */
const clearDrafts = () =>
  app.database.db.delete(websites).where(like(websites.slug, 'new-website%'))

describe('GET /api/websites/search', () => {
  it('pages the portfolio newest first, ten per page, for visitors', async () => {
    const base = Date.UTC(2100, 0, 1)
    const made = []
    for (let i = 0; i < 12; i++) {
      made.push(await makeWebsite(app, { createdAt: new Date(base + i * 60_000) }))
    }
    const newestFirst = made.reverse().map((w) => w.id)

    const first = await app.inject({ method: 'GET', url: '/api/websites/search?page=1' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE)
    const page1 = WebsiteSearchPageSchema.parse(first.json())
    expect(page1.websites).toHaveLength(WEBSITES_PAGE_SIZE)
    expect(page1.websites.map((w) => w._id)).toEqual(newestFirst.slice(0, WEBSITES_PAGE_SIZE))
    expect(page1.page).toBe(1)
    expect(page1.countWebsites).toBeGreaterThanOrEqual(12)
    expect(page1.pages).toBe(Math.ceil(page1.countWebsites / WEBSITES_PAGE_SIZE))

    const second = WebsiteSearchPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/websites/search?page=2' })).json(),
    )
    expect(second.page).toBe(2)
    expect(second.websites.slice(0, 2).map((w) => w._id)).toEqual(newestFirst.slice(10, 12))
  })

  it('orders websites of the same position by id, so pages never overlap', async () => {
    // Positions are distinct unless written by hand, as here; the lowest comes first.
    const made = await Promise.all([1, 2, 3].map(() => makeWebsite(app, { position: -2e9 })))
    const res = await app.inject({ method: 'GET', url: '/api/websites/search' })
    const ids = WebsiteSearchPageSchema.parse(res.json())
      .websites.slice(0, 3)
      .map((w) => w._id)
    expect(ids).toEqual(made.map((w) => w.id).sort())
    for (const w of made) await app.database.db.delete(websites).where(eq(websites.id, w.id))
    announceChange(app)
  })

  it('returns the public shape of a website', async () => {
    const website = await makeWebsite(app, { createdAt: new Date(Date.UTC(2300, 0, 1)) })
    const res = await app.inject({ method: 'GET', url: '/api/websites/search' })
    expect(res.json().websites[0]).toEqual({
      _id: website.id,
      name: website.name,
      slug: website.slug,
      image: website.image,
      language: website.language,
      languageDescription: website.languageDescription,
      description: website.description,
      link: website.link,
      imageAlt: '',
      published: true,
      featured: false,
      position: website.position,
      ...NO_CASE_STUDY,
    })
  })

  it.each(['', '?page=abc', '?page=0', '?page=-3', '?page=1.5', '?page=1e99'])(
    'treats %s as the first page',
    async (query) => {
      const res = await app.inject({ method: 'GET', url: `/api/websites/search${query}` })
      expect(res.statusCode).toBe(200)
      expect(WebsiteSearchPageSchema.parse(res.json()).page).toBe(1)
    },
  )

  it('returns an empty list past the last page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/websites/search?page=999' })
    expect(res.statusCode).toBe(200)
    const body = WebsiteSearchPageSchema.parse(res.json())
    expect(body.websites).toEqual([])
    expect(body.page).toBe(999)
  })
})

describe('GET /api/websites/admin', () => {
  it('returns the admin page with the total', async () => {
    await makeWebsite(app)
    const res = await app.inject({
      method: 'GET',
      url: '/api/websites/admin?page=x',
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const body = WebsitesAdminPageSchema.parse(res.json())
    expect(body.page).toBe(1)
    expect(body.totalWebsites).toBeGreaterThan(0)
    expect(body.websites.length).toBe(Math.min(body.totalWebsites, WEBSITES_PAGE_SIZE))
    expect(body.pages).toBe(Math.ceil(body.totalWebsites / WEBSITES_PAGE_SIZE))
  })

  it('returns 401 for a visitor and 403 for a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/websites/admin' }), 401)
    expectError(
      await app.inject({ method: 'GET', url: '/api/websites/admin', headers: user }),
      403,
      'Not authorized as an admin',
    )
  })
})

describe('GET /api/websites/:id', () => {
  it('returns the website to anyone, cacheable for a minute', async () => {
    const website = await makeWebsite(app)
    const res = await app.inject({ method: 'GET', url: `/api/websites/${website.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE)
    expect(WebsiteSchema.parse(res.json())).toMatchObject({ _id: website.id, slug: website.slug })
  })

  it('returns 404 for an unknown id, without public caching', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/websites/${UNKNOWN_ID}` })
    expectError(res, 404, 'Website not found')
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('returns 400 naming the id when it is not a valid id', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/websites/123' }), 400, /^id: /)
  })
})

describe('GET /api/websites/slug/:slug', () => {
  it('returns the website with that slug', async () => {
    const website = await makeWebsite(app)
    const res = await app.inject({ method: 'GET', url: `/api/websites/slug/${website.slug}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE)
    expect(WebsiteSchema.parse(res.json())._id).toBe(website.id)
  })

  it('returns 404 for an unknown slug', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/websites/slug/no-such-site' })
    expectError(res, 404, 'Website not found')
  })
})

describe('POST /api/websites', () => {
  it('creates a draft with the default values', async () => {
    await clearDrafts()
    const res = await app.inject({ method: 'POST', url: '/api/websites', headers: admin })
    expect(res.statusCode).toBe(201)
    const body = WebsiteMutationResponseSchema.parse(res.json())
    expect(body.message).toBe('Website created successfully')
    expect(body.website).toMatchObject({
      ...DEFAULT_WEBSITE,
      languageDescription: '',
      link: '',
      imageAlt: '',
      published: false,
      featured: false,
    })
    const stored = await app.inject({
      method: 'GET',
      url: `/api/websites/${body.website._id}`,
      headers: admin,
    })
    expect(stored.json()).toEqual(body.website)
  })

  it('suffixes the slug -2, -3 when taken, and reuses a freed suffix', async () => {
    await clearDrafts()
    const create = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/websites', headers: admin })
      expect(res.statusCode).toBe(201)
      return WebsiteMutationResponseSchema.parse(res.json()).website
    }
    const first = await create()
    const second = await create()
    const third = await create()
    expect([first.slug, second.slug, third.slug]).toEqual([
      'new-website',
      'new-website-2',
      'new-website-3',
    ])

    await app.inject({ method: 'DELETE', url: `/api/websites/${second._id}`, headers: admin })
    expect((await create()).slug).toBe('new-website-2')
    expect((await create()).slug).toBe('new-website-4')
  })

  it('gives concurrent drafts distinct slugs', async () => {
    await clearDrafts()
    // Injected requests queue behind each other in the auth step, so race the service itself,
    // as two server processes (or a loader and a request) would.
    const drafts = await Promise.all(
      Array.from({ length: 4 }, () => app.services.websites.createDraft()),
    )
    expect(drafts.map((d) => d.slug).sort()).toEqual([
      'new-website',
      'new-website-2',
      'new-website-3',
      'new-website-4',
    ])
  })

  it('returns 401 for a visitor and 403 for a user', async () => {
    expectError(await app.inject({ method: 'POST', url: '/api/websites' }), 401)
    expectError(await app.inject({ method: 'POST', url: '/api/websites', headers: user }), 403)
  })
})

describe('PUT /api/websites/:id on a new draft', () => {
  const newDraft = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/websites', headers: admin })
    return WebsiteMutationResponseSchema.parse(res.json()).website
  }
  const save = async (id: string, body: Partial<WebsiteUpdateBody>) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${id}`,
      headers: admin,
      payload: validBody({ published: false, ...body }),
    })
    expect(res.statusCode, res.body).toBe(200)
    return WebsiteMutationResponseSchema.parse(res.json()).website
  }
  const name = () => `Follow Me ${Date.now().toString(36)} ${++sequence}`
  const slugOf = (text: string) => text.toLowerCase().replaceAll(' ', '-')

  it('takes its slug from its name until the owner sets one', async () => {
    const draft = await newDraft()
    const first = name()
    const named = await save(draft._id, { name: first, slug: draft.slug })
    expect(named.slug).toBe(slugOf(first))
    const second = name()
    const renamed = await save(draft._id, { name: second, slug: named.slug })
    expect(renamed.slug).toBe(slugOf(second))
    const own = uniqueSlug('chosen')
    expect((await save(draft._id, { name: second, slug: own })).slug).toBe(own)
    expect((await save(draft._id, { name: name(), slug: own })).slug).toBe(own)
  })

  it('takes a free slug when another entry has the name, and keeps it once published', async () => {
    const taken = name()
    await makeWebsite(app, { slug: slugOf(taken) })
    const draft = await newDraft()
    const published = await save(draft._id, { name: taken, slug: draft.slug, published: true })
    expect(published.slug).toBe(`${slugOf(taken)}-2`)
    const later = await save(draft._id, { name: name(), slug: published.slug, published: false })
    expect(later.slug).toBe(published.slug)
  })
})

describe('PUT /api/websites/:id', () => {
  it('updates every field and returns the website', async () => {
    const website = await makeWebsite(app)
    const body = validBody({ _id: website.id })
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website.id}`,
      headers: admin,
      payload: body,
    })
    expect(res.statusCode).toBe(200)
    const { _id, ...fields } = body
    const expected = {
      _id,
      ...fields,
      imageAlt: '',
      published: true,
      featured: false,
      position: website.position,
      ...NO_CASE_STUDY,
    }
    expect(WebsiteMutationResponseSchema.parse(res.json())).toEqual({
      message: 'Website updated successfully',
      website: expected,
    })
    const stored = await app.inject({ method: 'GET', url: `/api/websites/slug/${body.slug}` })
    expect(stored.json()).toEqual(expected)
  })

  it('trims the text fields and ignores keys a caller may not set', async () => {
    const website = await makeWebsite(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website.id}`,
      headers: admin,
      payload: {
        ...validBody({ name: '  Trimmed Name  ' }),
        createdAt: '1999-01-01',
        id: UNKNOWN_ID,
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().website).toMatchObject({ _id: website.id, name: 'Trimmed Name' })
  })

  it('keeps its own slug without a conflict', async () => {
    const website = await makeWebsite(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website.id}`,
      headers: admin,
      payload: validBody({ slug: website.slug }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().website.slug).toBe(website.slug)
  })

  it.each([
    ['an empty name', { name: '   ' }, /^name: Name is required$/],
    ['an empty description', { description: '' }, /^description: Description is required$/],
    ['an empty language description', { languageDescription: '' }, /^languageDescription: /],
    ['a missing language', { language: undefined }, /^language: Language is required$/],
    ['a slug with spaces and capitals', { slug: 'Bad Slug' }, /^slug: Slug may contain only/],
    ['a slug with a double dash', { slug: 'bad--slug' }, /^slug: /],
    ['a javascript: link', { link: 'javascript:alert(1)' }, /^link: Link must be an http/],
    ['an ftp link', { link: 'ftp://files.example.com' }, /^link: Link must be an http/],
    ['an image on another host', { image: 'https://evil.example.com/x.png' }, /^image: /],
    ['an image path climbing folders', { image: '/uploads/../../etc/passwd' }, /^image: /],
  ])('returns 400 naming the field for %s', async (_label, overrides, message) => {
    const website = await makeWebsite(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website.id}`,
      headers: admin,
      payload: { ...validBody(), ...overrides },
    })
    expectError(res, 400, message)
    const stored = await app.inject({ method: 'GET', url: `/api/websites/${website.id}` })
    expect(stored.json().name).toBe(website.name)
  })

  it('returns 409 when another website has the slug', async () => {
    const taken = await makeWebsite(app)
    const website = await makeWebsite(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website.id}`,
      headers: admin,
      payload: validBody({ slug: taken.slug }),
    })
    expectError(res, 409, 'Slug is already used by another website')
  })

  it('returns 400 when the body _id names another website', async () => {
    const website = await makeWebsite(app)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website.id}`,
      headers: admin,
      payload: validBody({ _id: UNKNOWN_ID }),
    })
    expectError(res, 400, /^_id: /)
  })

  it('returns 404 for an unknown id and 400 for an invalid one', async () => {
    expectError(
      await app.inject({
        method: 'PUT',
        url: `/api/websites/${UNKNOWN_ID}`,
        headers: admin,
        payload: validBody(),
      }),
      404,
      'Website not found',
    )
    expectError(
      await app.inject({
        method: 'PUT',
        url: '/api/websites/not-an-id',
        headers: admin,
        payload: validBody(),
      }),
      400,
      /^id: /,
    )
  })

  it('returns 401 for a visitor and 403 for a user, changing nothing', async () => {
    const website = await makeWebsite(app)
    const url = `/api/websites/${website.id}`
    expectError(await app.inject({ method: 'PUT', url, payload: validBody() }), 401)
    expectError(await app.inject({ method: 'PUT', url, headers: user, payload: validBody() }), 403)
    expect((await app.inject({ method: 'GET', url })).json().slug).toBe(website.slug)
  })
})

describe('DELETE /api/websites/:id', () => {
  it('deletes the website', async () => {
    const website = await makeWebsite(app)
    const url = `/api/websites/${website.id}`
    const res = await app.inject({ method: 'DELETE', url, headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'Website deleted successfully' })
    expectError(await app.inject({ method: 'GET', url }), 404)
    expectError(
      await app.inject({ method: 'DELETE', url, headers: admin }),
      404,
      'Website not found',
    )
  })

  it('returns 401 for a visitor and 403 for a user, deleting nothing', async () => {
    const website = await makeWebsite(app)
    const url = `/api/websites/${website.id}`
    expectError(await app.inject({ method: 'DELETE', url }), 401)
    expectError(await app.inject({ method: 'DELETE', url, headers: user }), 403)
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200)
  })
})

describe('websites service listSlugs', () => {
  it('lists every slug with its last update, for the sitemap', async () => {
    const website = await makeWebsite(app)
    const slugs = await app.services.websites.listSlugs()
    expect(slugs).toContainEqual({ slug: website.slug, updatedAt: website.updatedAt.toISOString() })
  })
})
