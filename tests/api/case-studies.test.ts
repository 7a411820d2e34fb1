import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TagListSchema } from '#common/schemas/tags.ts'
import { WebsiteSchema, WebsiteSearchPageSchema } from '#common/schemas/websites.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

const originalBody = (slug: string) => ({
  name: 'Harbour Bakery',
  slug,
  image: '/images/default.jpg',
  language: 'React',
  languageDescription: 'Next.js',
  description: 'Online menu and pre-orders for a neighbourhood bakery.',
  link: 'https://harbour.example.com',
})

const put = (id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/websites/${id}`, headers: admin, payload })

describe('PUT /api/websites/:id with case-study fields', () => {
  it('stores client, role, year, tags and the case study, tidying the tags', async () => {
    const site = await makeWebsite(app)
    const res = await put(site.id, {
      ...originalBody(site.slug),
      client: ' Harbour Bakery Ltd ',
      role: 'Design and development',
      year: 2024,
      tags: [' React ', 'Node.js', 'react', '', 'PostgreSQL'],
      caseStudy: '## The problem\n\nPhone orders **everywhere**.',
    })
    expect(res.statusCode).toBe(200)
    const website = WebsiteSchema.parse(res.json().website)
    expect(website).toMatchObject({
      client: 'Harbour Bakery Ltd',
      role: 'Design and development',
      year: 2024,
      tags: ['React', 'Node.js', 'PostgreSQL'],
      caseStudy: '## The problem\n\nPhone orders **everywhere**.',
    })
  })

  it('keeps every case-study field when a client of the original API leaves them out', async () => {
    const site = await makeWebsite(app, {
      client: 'Acme',
      role: 'Developer',
      year: 2022,
      tags: ['Vue'],
      caseStudy: 'The story.',
    })
    const res = await put(site.id, { ...originalBody(site.slug), name: 'Renamed' })
    expect(res.statusCode).toBe(200)
    expect(res.json().website).toMatchObject({
      name: 'Renamed',
      client: 'Acme',
      role: 'Developer',
      year: 2022,
      tags: ['Vue'],
      caseStudy: 'The story.',
    })
  })

  it('answers the original fields unchanged for an entry without a case study', async () => {
    const site = await makeWebsite(app)
    const res = await app.inject({ method: 'GET', url: `/api/websites/${site.id}` })
    expect(res.json()).toMatchObject({
      _id: site.id,
      name: site.name,
      slug: site.slug,
      client: '',
      role: '',
      year: null,
      tags: [],
      caseStudy: '',
    })
  })

  it('stores a gallery and results, keeps them when left out, and clears them with empty lists', async () => {
    const site = await makeWebsite(app)
    const gallery = [
      { image: '/uploads/0123456789abcdef01234567.webp', alt: 'The menu page', caption: 'Menu' },
      { image: '/images/default.jpg', alt: 'The order form', caption: '' },
    ]
    const results = [
      { value: '+38 %', label: 'online orders' },
      { value: '1.2 s', label: 'to the first menu' },
    ]
    const saved = await put(site.id, { ...originalBody(site.slug), gallery, results })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(WebsiteSchema.parse(saved.json().website)).toMatchObject({ gallery, results })
    const kept = await put(site.id, originalBody(site.slug))
    expect(kept.json().website).toMatchObject({ gallery, results })
    const cleared = await put(site.id, { ...originalBody(site.slug), gallery: [], results: [] })
    expect(cleared.json().website).toMatchObject({ gallery: [], results: [] })
  })

  it('refuses more than 12 gallery images, more than 4 results and an image without its description', async () => {
    const site = await makeWebsite(app)
    const image = { image: '/images/default.jpg', alt: 'A page', caption: '' }
    const result = { value: '2x', label: 'faster' }
    expectError(
      await put(site.id, { ...originalBody(site.slug), gallery: Array(13).fill(image) }),
      400,
      'gallery: may hold at most 12 images',
    )
    expectError(
      await put(site.id, { ...originalBody(site.slug), results: Array(5).fill(result) }),
      400,
      'results: may hold at most 4 figures',
    )
    const refused = await put(site.id, {
      ...originalBody(site.slug),
      gallery: [{ ...image, alt: ' ' }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/Gallery image description/)
    expectError(
      await put(site.id, {
        ...originalBody(site.slug),
        gallery: [{ ...image, image: 'https://elsewhere.example/x.png' }],
      }),
      400,
    )
  })

  it('clears the year with null or an empty value', async () => {
    const site = await makeWebsite(app, { year: 2020 })
    const res = await put(site.id, { ...originalBody(site.slug), year: '' })
    expect(res.json().website.year).toBeNull()
  })

  it.each([
    [{ year: 1800 }, /Year must be 1990 or later/],
    [{ year: 2024.5 }, /Year must be a whole number/],
    [{ year: 'soon' }, /Year must be a number/],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /Tags may list at most 20/],
    [{ tags: ['x'.repeat(41)] }, /Tag must be at most 40/],
    [{ caseStudy: 'x'.repeat(20_001) }, /Case study must be at most 20000/],
    [{ client: 42 }, /Client must be text/],
  ])('refuses %j with 400 naming the field, and changes nothing', async (bad, message) => {
    const site = await makeWebsite(app, { tags: ['Kept'] })
    expectError(await put(site.id, { ...originalBody(site.slug), ...bad }), 400, message)
    const after = await app.inject({ method: 'GET', url: `/api/websites/${site.id}` })
    expect(after.json().tags).toEqual(['Kept'])
  })
})

describe('GET /api/websites/search?tag= and GET /api/websites/tags', () => {
  it('filters the published entries by tag in any letter case and counts each tag', async () => {
    const tag = `Astro${Date.now().toString(36)}`
    const a = await makeWebsite(app, { tags: [tag, 'Shared'] })
    const b = await makeWebsite(app, { tags: [tag.toLowerCase()] })
    await makeWebsite(app, { tags: [tag], published: false })
    await makeWebsite(app, { tags: ['Other'] })

    const res = await app.inject({
      method: 'GET',
      url: `/api/websites/search?tag=${encodeURIComponent(tag.toUpperCase())}`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, no-cache')
    const page = WebsiteSearchPageSchema.parse(res.json())
    expect(page.websites.map((w) => w._id).sort()).toEqual([a.id, b.id].sort())
    expect(page.countWebsites).toBe(2)
    expect(page.pages).toBe(1)

    const tags = TagListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/websites/tags' })).json(),
    ).tags
    const counted = tags.filter((t) => t.tag.toLowerCase() === tag.toLowerCase())
    expect(counted).toEqual([{ tag: tag < tag.toLowerCase() ? tag : tag.toLowerCase(), count: 2 }])
    expect(tags.map((t) => t.count)).toEqual([...tags.map((t) => t.count)].sort((x, y) => y - x))
  })

  it('answers an empty page for a tag no entry has, and every entry without a tag', async () => {
    const none = WebsiteSearchPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/websites/search?tag=NoSuchTag' })).json(),
    )
    expect(none).toMatchObject({ websites: [], countWebsites: 0, page: 1 })
    const all = WebsiteSearchPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/websites/search?tag=' })).json(),
    )
    expect(all.countWebsites).toBeGreaterThan(0)
  })

  it('refuses an over-long tag with 400', async () => {
    expectError(
      await app.inject({ method: 'GET', url: `/api/websites/search?tag=${'x'.repeat(41)}` }),
      400,
      /Tag must be at most 40/,
    )
  })
})
