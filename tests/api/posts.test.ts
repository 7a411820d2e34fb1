import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PostMutationResponseSchema,
  PostPageSchema,
  PostSchema,
  type PostBody,
} from '#common/schemas/posts.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const START = new Date('2030-06-01T12:00:00Z')
const HOUR = 60 * 60 * 1000

let clock = START
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
const uniqueSlug = (prefix = 'post') => `${prefix}-${Date.now().toString(36)}-${++sequence}`

async function createPost(body: Partial<PostBody> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/posts', headers: admin, payload: body })
  expect(res.statusCode).toBe(201)
  return PostMutationResponseSchema.parse(res.json()).post
}

const putPost = (id: string, body: Partial<PostBody>, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers, payload: body })

async function publishedPost(body: Partial<PostBody> = {}) {
  const post = await createPost()
  const res = await putPost(post._id, {
    title: 'A post',
    slug: uniqueSlug(),
    summary: 'What it is about.',
    body: 'Some **Markdown**.',
    status: 'published',
    ...body,
  })
  expect(res.statusCode, res.body).toBe(200)
  return PostMutationResponseSchema.parse(res.json()).post
}

const publicSlugs = async (query = '') =>
  PostPageSchema.parse((await app.inject({ method: 'GET', url: `/api/posts${query}` })).json())

describe('POST /api/posts', () => {
  it('creates a draft with default title and a free slug', async () => {
    const first = await createPost()
    const second = await createPost()
    expect(first).toMatchObject({ title: 'New post', status: 'draft', publishedAt: null })
    expect(second.slug).not.toBe(first.slug)
    expect(second.slug).toMatch(/^new-post(-\d+)?$/)
  })

  it('takes the fields it is given, but always as a draft', async () => {
    const slug = uniqueSlug()
    const post = await createPost({ title: 'Given', slug, tags: ['CSS'], status: 'published' })
    expect(post).toMatchObject({ title: 'Given', slug, tags: ['CSS'], status: 'draft' })
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await app.inject({ method: 'POST', url: '/api/posts' }), 401)
    expectError(await app.inject({ method: 'POST', url: '/api/posts', headers: user }), 403)
  })
})

describe('PUT /api/posts/:id on a new draft', () => {
  const title = () => `Notes ${Date.now().toString(36)} ${++sequence}`
  const slugOf = (text: string) => text.toLowerCase().replaceAll(' ', '-')
  const save = async (id: string, body: Partial<PostBody>) => {
    const res = await putPost(id, { title: 'Untitled', ...body })
    expect(res.statusCode, res.body).toBe(200)
    return PostMutationResponseSchema.parse(res.json()).post
  }

  it('takes its slug from its title until the owner sets one', async () => {
    const draft = await createPost()
    const first = title()
    const named = await save(draft._id, { title: first, slug: draft.slug })
    expect(named.slug).toBe(slugOf(first))
    const second = title()
    expect((await save(draft._id, { title: second, slug: named.slug })).slug).toBe(slugOf(second))
    const own = uniqueSlug('chosen')
    expect((await save(draft._id, { title: second, slug: own })).slug).toBe(own)
    expect((await save(draft._id, { title: title(), slug: own })).slug).toBe(own)
  })

  it('goes live under its title, never under new-post, and keeps that slug afterwards', async () => {
    const draft = await createPost()
    const launch = title()
    const live = await save(draft._id, { title: launch, slug: draft.slug, status: 'published' })
    expect(live.slug).toBe(slugOf(launch))
    const page = await app.inject({ method: 'GET', url: `/api/posts/slug/${live.slug}` })
    expect(page.statusCode).toBe(200)
    expect((await save(draft._id, { title: title(), slug: live.slug })).slug).toBe(live.slug)
  })

  it('starts from the title given at creation', async () => {
    const given = title()
    expect((await createPost({ title: given })).slug).toBe(slugOf(given))
  })
})

describe('PUT /api/posts/:id', () => {
  it('publishes a post now when it has no publish date', async () => {
    const post = await publishedPost()
    expect(post.status).toBe('published')
    expect(post.publishAt).toBeNull()
    expect(post.publishedAt).toBe(clock.toISOString())
  })

  it('keeps fields left out, and the first publication date on later edits', async () => {
    const post = await publishedPost({ tags: ['Kept'], summary: 'Kept summary' })
    clock = new Date(clock.getTime() + HOUR)
    const res = await putPost(post._id, { title: 'Retitled', slug: post.slug })
    const saved = PostMutationResponseSchema.parse(res.json()).post
    expect(saved).toMatchObject({
      title: 'Retitled',
      tags: ['Kept'],
      summary: 'Kept summary',
      status: 'published',
      publishedAt: post.publishedAt,
    })
  })

  it.each([
    [{ title: '' }, /Title is required/],
    [{ slug: 'Bad Slug' }, /Slug may contain only/],
    [{ status: 'live' }, /Status must be/],
    [{ publishAt: 'tomorrow' }, /Publish date must be/],
    [{ image: 'https://elsewhere.example/x.png' }, /Image/],
    [{ body: 'x'.repeat(100_001) }, /Body must be at most/],
  ])('refuses %j with 400 and changes nothing', async (bad, message) => {
    const post = await publishedPost({ title: 'Untouched' })
    expectError(
      await putPost(post._id, { title: 'T', slug: post.slug, ...bad } as never),
      400,
      message,
    )
    const after = await app.inject({ method: 'GET', url: `/api/posts/${post._id}`, headers: admin })
    expect(after.json().title).toBe('Untouched')
  })

  it('answers 409 for a slug another post has, and 404 for an unknown id', async () => {
    const a = await publishedPost()
    const b = await publishedPost()
    expectError(await putPost(b._id, { title: 'B', slug: a.slug }), 409)
    expectError(await putPost(UNKNOWN_ID, { title: 'X', slug: uniqueSlug() }), 404)
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const post = await createPost()
    expectError(await putPost(post._id, { title: 'X', slug: post.slug }, {}), 401)
    expectError(await putPost(post._id, { title: 'X', slug: post.slug }, user), 403)
  })
})

describe('public reads', () => {
  it('never show a draft or a scheduled post, and show the scheduled one once its time passes', async () => {
    const draft = await createPost({ slug: uniqueSlug('draft') })
    const scheduled = await publishedPost({
      slug: uniqueSlug('scheduled'),
      publishAt: new Date(clock.getTime() + 2 * HOUR).toISOString(),
    })
    const live = await publishedPost({ slug: uniqueSlug('live') })
    expect(scheduled.publishedAt).toBe(new Date(clock.getTime() + 2 * HOUR).toISOString())

    const before = await publicSlugs()
    const slugs = before.posts.map((p) => p.slug)
    expect(slugs).toContain(live.slug)
    expect(slugs).not.toContain(draft.slug)
    expect(slugs).not.toContain(scheduled.slug)
    for (const slug of [draft.slug, scheduled.slug]) {
      expectError(await app.inject({ method: 'GET', url: `/api/posts/slug/${slug}` }), 404)
    }

    clock = new Date(clock.getTime() + 2 * HOUR)
    const after = await publicSlugs()
    expect(after.posts[0]!.slug).toBe(scheduled.slug)
    const read = await app.inject({ method: 'GET', url: `/api/posts/slug/${scheduled.slug}` })
    expect(read.statusCode).toBe(200)
    expect(read.headers['cache-control']).toBe('public, no-cache')
    expect(PostSchema.parse(read.json()).title).toBe('A post')
  })

  it('pages ten a page, newest first, and filters by tag', async () => {
    const tag = `Tag${Date.now().toString(36)}`
    const made = []
    for (let i = 0; i < 11; i++) {
      clock = new Date(clock.getTime() + 1000)
      made.push(await publishedPost({ tags: i % 2 === 0 ? [tag] : [] }))
    }
    const page1 = await publicSlugs()
    expect(page1.posts).toHaveLength(10)
    expect(page1.posts[0]!._id).toBe(made[10]!._id)
    expect(page1.pages).toBe(Math.ceil(page1.totalPosts / 10))
    const filtered = await publicSlugs(`?tag=${tag.toLowerCase()}`)
    expect(filtered.totalPosts).toBe(6)
    expect(filtered.posts.map((p) => p._id)).toEqual(
      made
        .filter((_, i) => i % 2 === 0)
        .map((p) => p._id)
        .reverse(),
    )
    const tags = (await app.inject({ method: 'GET', url: '/api/posts/tags' })).json().tags
    expect(tags).toContainEqual({ tag, count: 6 })
  })

  it('finds a renamed post by its old slug', async () => {
    const post = await publishedPost()
    const newSlug = uniqueSlug('renamed')
    await putPost(post._id, { title: post.title, slug: newSlug })
    const res = await app.inject({ method: 'GET', url: `/api/posts/slug/${post.slug}` })
    expect(res.json().slug).toBe(newSlug)
  })

  it('hides a post again when it goes back to draft', async () => {
    const post = await publishedPost()
    await putPost(post._id, { title: post.title, slug: post.slug, status: 'draft' })
    expectError(await app.inject({ method: 'GET', url: `/api/posts/slug/${post.slug}` }), 404)
  })
})

describe('GET /api/posts/admin and /api/posts/:id', () => {
  it('lists drafts and scheduled posts to the admin only', async () => {
    const draft = await createPost()
    const res = await app.inject({ method: 'GET', url: '/api/posts/admin', headers: admin })
    expect(PostPageSchema.parse(res.json()).posts.map((p) => p._id)).toContain(draft._id)
    expectError(await app.inject({ method: 'GET', url: '/api/posts/admin' }), 401)
    expectError(await app.inject({ method: 'GET', url: '/api/posts/admin', headers: user }), 403)
    expectError(await app.inject({ method: 'GET', url: `/api/posts/${draft._id}` }), 401)
    expectError(
      await app.inject({ method: 'GET', url: `/api/posts/${UNKNOWN_ID}`, headers: admin }),
      404,
    )
  })
})

describe('DELETE /api/posts/:id', () => {
  it('deletes a post for the admin and refuses everyone else', async () => {
    const post = await publishedPost()
    expectError(await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}` }), 401)
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: user }),
      403,
    )
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${post._id}`,
      headers: admin,
    })
    expect(res.json()).toEqual({ message: 'Post deleted successfully' })
    expectError(await app.inject({ method: 'GET', url: `/api/posts/slug/${post.slug}` }), 404)
    expectError(
      await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: admin }),
      404,
    )
  })
})
