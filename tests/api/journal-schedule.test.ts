/**
 * A scheduled post appears by itself once its publish date passes, on every instance, although
 * each instance keeps public answers in its response cache far longer than that and nothing is
 * written at that moment: two apps over one database, on an injected clock.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostMutationResponseSchema, PostPageSchema } from '#common/schemas/posts.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const HOUR = 60 * 60 * 1000
/** Far longer than the test: only the schedule can end a cached answer. */
const LONG_CACHE = { RESPONSE_CACHE_TTL_MS: String(24 * HOUR) }

let clock = new Date('2031-03-01T09:00:00Z')
const now = () => clock
let a: TestApp
let b: Awaited<ReturnType<typeof buildApp>>
let bDataDir: string

beforeAll(async () => {
  a = await createTestApp({ now, env: LONG_CACHE })
  bDataDir = await mkdtemp(path.join(os.tmpdir(), 'site-test-b-'))
  b = await buildApp({
    config: loadConfig({
      DATA_DIR: bDataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://site.test',
      ...LONG_CACHE,
    }),
    database: a.database,
    now,
    web: false,
    logger: false,
  })
})
afterAll(async () => {
  await b.close()
  await a.cleanup()
  await rm(bDataDir, { recursive: true, force: true })
})

const publicSlugs = async (app: { inject: TestApp['inject'] }) => {
  const res = await app.inject({ method: 'GET', url: '/api/posts' })
  expect(res.statusCode).toBe(200)
  return PostPageSchema.parse(res.json()).posts.map((p) => p.slug)
}

describe('a scheduled post', () => {
  it('appears on both instances once its time passes, without a restart or a write', async () => {
    const admin = (await asAdmin(a)).headers
    const created = await a.inject({ method: 'POST', url: '/api/posts', headers: admin })
    expect(created.statusCode, created.body).toBe(201)
    const { post } = PostMutationResponseSchema.parse(created.json())
    const publishAt = new Date(clock.getTime() + 3 * HOUR)
    const saved = await a.inject({
      method: 'PUT',
      url: `/api/posts/${post._id}`,
      headers: admin,
      payload: {
        title: 'Coming soon',
        slug: 'coming-soon',
        status: 'published',
        publishAt: publishAt.toISOString(),
      },
    })
    expect(saved.statusCode).toBe(200)

    // Both instances read (and cache) the journal before the time: the post is not there.
    expect(await publicSlugs(a)).not.toContain('coming-soon')
    expect(await publicSlugs(b)).not.toContain('coming-soon')
    clock = new Date(publishAt.getTime() - 1000)
    expect(await publicSlugs(b)).not.toContain('coming-soon')

    clock = new Date(publishAt.getTime() + 1000)
    expect(await publicSlugs(a)).toContain('coming-soon')
    expect(await publicSlugs(b)).toContain('coming-soon')
  })

  it('is proved by a cache that really keeps answers: an unscheduled row written behind its back stays hidden', async () => {
    // The same cache, for a row the services never heard of: the cached answer is served, which
    // shows the previous test passed because of the schedule, not because nothing was cached.
    const before = await publicSlugs(b)
    const { posts } = await import('#server/db/schema.ts')
    await a.database.db.insert(posts).values({
      title: 'Behind the back',
      slug: 'behind-the-back',
      status: 'published',
      publishedAt: new Date(clock.getTime() - HOUR),
    })
    expect(await publicSlugs(b)).toEqual(before)
  })
})
