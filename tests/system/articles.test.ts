/**
 * Journal posts and case studies as readers get them from the production build: fenced code
 * highlighted on the server into token spans inside <pre>, quotes as blockquotes, and no script
 * added for either; a case study's results, gallery and neighbouring projects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostMutationResponseSchema } from '#common/schemas/posts.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const ARTICLE = [
  'Before the code.',
  '',
  '> Make it work, then make it fast.',
  '',
  '```ts',
  'export const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0)',
  '```',
].join('\n')

let app: TestApp

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({ web: true })
}, 240_000)
afterAll(() => app?.cleanup())

function expectHighlightedArticle(html: string) {
  expect(html).toContain('<blockquote>')
  expect(html).toContain('Make it work, then make it fast.')
  const code = /<pre><code class="language-ts">([\s\S]*?)<\/code><\/pre>/.exec(html)?.[1]
  expect(code).toBeDefined()
  expect(code).toContain('<span class="hljs-keyword">export</span>')
  expect(code).toContain('<span class="hljs-built_in">number</span>')
  // The page's one inline script is the static pages' own; no highlighter ships.
  expect(html.match(/<script(?![^>]*application\/ld\+json)/g)).toHaveLength(1)
}

describe('articles on the public pages', () => {
  it('highlights a journal post on the server', async () => {
    const { headers } = await asAdmin(app)
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers })
    const { post } = PostMutationResponseSchema.parse(created.json())
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/posts/${post._id}`,
      headers,
      payload: { title: 'Adding up', slug: 'adding-up', body: ARTICLE, status: 'published' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const page = await app.inject({ method: 'GET', url: '/journal/adding-up' })
    expect(page.statusCode).toBe(200)
    expectHighlightedArticle(page.body)
  })

  it('suggests the posts sharing a topic, and shows covers and reading times in the list', async () => {
    const { headers } = await asAdmin(app)
    const publish = async (title: string, fields: Record<string, unknown>) => {
      const created = await app.inject({ method: 'POST', url: '/api/posts', headers })
      const { post } = PostMutationResponseSchema.parse(created.json())
      const res = await app.inject({
        method: 'PUT',
        url: `/api/posts/${post._id}`,
        headers,
        payload: {
          title,
          slug: post.slug,
          body: 'Words. '.repeat(400),
          status: 'published',
          ...fields,
        },
      })
      return PostMutationResponseSchema.parse(res.json()).post
    }
    const first = await publish('Caching part one', { tags: ['Caching'] })
    const second = await publish('Caching part two', {
      tags: ['Caching', 'HTTP'],
      image: '/images/default.jpg',
      imageAlt: 'A stack of cached pages',
    })
    await publish('Unrelated notes', { tags: ['Hiring'] })
    const page = await app.inject({ method: 'GET', url: `/journal/${second.slug}` })
    const related = /<section aria-labelledby="related-posts"[\s\S]*?<\/section>/.exec(
      page.body,
    )?.[0]
    expect(related).toContain(`href="/journal/${first.slug}"`)
    expect(related).not.toContain('Unrelated notes')
    expect(related).not.toContain(`href="/journal/${second.slug}"`)
    const list = await app.inject({ method: 'GET', url: '/journal' })
    expect(list.body).toMatch(/<img[^>]*alt="A stack of cached pages"/)
    expect(list.body).toMatch(/2(<!-- -->)? min read/)
  })

  it('highlights a case study on the server', async () => {
    const { slug } = await makeWebsite(app, { caseStudy: ARTICLE })
    const page = await app.inject({ method: 'GET', url: `/website/${slug}` })
    expect(page.statusCode).toBe(200)
    expectHighlightedArticle(page.body)
  })

  it('shows a case study with its results, gallery and the projects before and after it', async () => {
    // The portfolio lists the newest entry first: the one made before comes after it.
    const older = await makeWebsite(app, { name: 'Made before' })
    const shown = await makeWebsite(app, {
      results: [{ value: '+38 %', label: 'online orders' }],
      gallery: [
        { image: '/images/default.jpg', alt: 'The order form on a phone', caption: 'Ordering' },
      ],
    })
    const newer = await makeWebsite(app, { name: 'Made after' })
    const page = await app.inject({ method: 'GET', url: `/website/${shown.slug}` })
    expect(page.statusCode).toBe(200)
    const html = page.body
    expect(html).toMatch(/<dd[^>]*>\+38 %<\/dd>/)
    expect(html).toContain('online orders')
    expect(html).toMatch(/<img[^>]*alt="The order form on a phone"/)
    expect(html).toContain('<figcaption')
    expect(html).toMatch(new RegExp(`href="/website/${newer.slug}"[^>]*rel="prev"`))
    expect(html).toMatch(new RegExp(`href="/website/${older.slug}"[^>]*rel="next"`))
  })
})
