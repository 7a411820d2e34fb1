/**
 * The journal on the production build: the list, a post's page (reading time, neighbours,
 * BlogPosting data), the Atom feed (parsed and checked against RFC 4287's required elements), the
 * sitemap and the feed link in every page's head; drafts and scheduled posts appear nowhere, and a
 * renamed post's old address answers 301.
 */
import { randomUUID } from 'node:crypto'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostMutationResponseSchema, type Post } from '#common/schemas/posts.ts'
import { FIRST_RUN_POST } from '#server/first-run/journal.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'

const PUBLIC_URL = 'https://journal.example.test'
const ADMIN = { email: 'owner@journal.test', password: 'Journal!Writer9' }
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

let server: ServerProcess
let headers: Record<string, string>
let older: Post
let newer: Post
let draft: Post
let scheduled: Post
let odd: Post

async function savePost(fields: Record<string, unknown>): Promise<Post> {
  const created = await call(server.url, 'POST', '/api/posts', { headers, body: {} })
  expect(created.status, created.text).toBe(201)
  const { post } = PostMutationResponseSchema.parse(created.json)
  const saved = await call(server.url, 'PUT', `/api/posts/${post._id}`, { headers, body: fields })
  expect(saved.status, saved.text).toBe(200)
  return PostMutationResponseSchema.parse(saved.json).post
}

beforeAll(async () => {
  await ensureBuild()
  server = await startServer({
    env: {
      DATA_DIR: await freshDataDir(),
      PUBLIC_URL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  })
  headers = (await signInOverHttp(server.url, ADMIN)).headers
  const id = randomUUID().slice(0, 8)
  older = await savePost({
    title: 'Older & wiser',
    slug: `older-${id}`,
    summary: 'The first <post>.',
    body: 'Plain words. '.repeat(300),
    tags: ['Craft'],
    status: 'published',
    publishAt: '2020-01-01T10:00:00Z',
  })
  newer = await savePost({
    title: 'Newer post',
    slug: `newer-${id}`,
    summary: 'The second post.',
    body: '## A heading\n\nText with a [link](/contact).',
    tags: ['Craft', 'CSS'],
    status: 'published',
    publishAt: '2021-01-01T10:00:00Z',
  })
  // Characters XML 1.0 forbids: control characters and non-characters (the API refuses a lone
  // surrogate).
  odd = await savePost({
    title: 'Odd\u0001 characters\uFFFE',
    slug: `odd-${id}`,
    summary: 'Bell\u0007 and \uFFFF here.',
    body: 'Text with \u0001, \u001F and \uFFFE inside.',
    tags: ['Odd\u0002'],
    status: 'published',
    publishAt: '2019-01-01T10:00:00Z',
  })
  draft = await savePost({ title: 'Still a draft', slug: `draft-${id}`, status: 'draft' })
  scheduled = await savePost({
    title: 'Scheduled far ahead',
    slug: `scheduled-${id}`,
    status: 'published',
    publishAt: '2999-01-01T00:00:00Z',
  })
}, 300_000)

afterAll(() => stopAllServers())

const page = async (pathname: string) => {
  const res = await call(server.url, 'GET', pathname)
  expect(res.status, pathname).toBe(200)
  return res.text
}

describe('/journal/feed.xml', () => {
  it('is a valid Atom feed of the public posts, newest first, with their full text', async () => {
    const res = await call(server.url, 'GET', '/journal/feed.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/)
    expect(XMLValidator.validate(res.text)).toBe(true)
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      isArray: (name) => ['entry', 'link', 'category'].includes(name),
    }).parse(res.text) as { feed: Record<string, unknown> }
    const feed = doc.feed as {
      '@xmlns': string
      id: string
      title: string
      updated: string
      author: { name: string }
      link: { '@rel': string; '@href': string }[]
      entry: {
        id: string
        title: string
        updated: string
        published: string
        summary?: string
        content: { '#text': string; '@type': string }
        link: { '@href': string }[]
        category?: { '@term': string }[]
      }[]
    }
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
    expect(feed.id).toBe(`${PUBLIC_URL}/journal`)
    expect(feed.title).toMatch(/Journal$/)
    expect(feed.updated).toMatch(RFC3339)
    expect(feed.author.name).toBeTruthy()
    expect(feed.link.find((l) => l['@rel'] === 'self')!['@href']).toBe(
      `${PUBLIC_URL}/journal/feed.xml`,
    )
    const ids = feed.entry.map((e) => e.id)
    // Drafts (the first start's sample post among them) and scheduled posts are absent.
    expect(ids).not.toContain(`${PUBLIC_URL}/journal/${FIRST_RUN_POST.slug}`)
    expect(ids).toEqual([
      `${PUBLIC_URL}/journal/${newer.slug}`,
      `${PUBLIC_URL}/journal/${older.slug}`,
      `${PUBLIC_URL}/journal/${odd.slug}`,
    ])
    for (const entry of feed.entry) {
      expect(entry.title).toBeTruthy()
      expect(entry.updated).toMatch(RFC3339)
      expect(entry.published).toMatch(RFC3339)
      expect(entry.link[0]!['@href']).toBe(entry.id)
    }
    const [first, second] = feed.entry
    expect(first!.content['@type']).toBe('html')
    expect(first!.content['#text']).toContain('<h2>A heading</h2>')
    expect(first!.category!.map((c) => c['@term'])).toEqual(['Craft', 'CSS'])
    expect(second!.title).toBe('Older & wiser')
    expect(second!.summary).toBe('The first <post>.')
  })

  it('is well-formed XML 1.0 whatever a post holds: forbidden characters are dropped', async () => {
    const res = await call(server.url, 'GET', '/journal/feed.xml')
    expect(res.status).toBe(200)
    // XML 1.0's Char production (section 2.2); the validator below checks the markup only.
    const forbidden = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u
    expect(forbidden.exec(res.text)).toBeNull()
    expect(XMLValidator.validate(res.text)).toBe(true)
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      isArray: (name) => ['entry', 'category'].includes(name),
    }).parse(res.text) as {
      feed: {
        entry: { id: string; title: string; summary: string; category: { '@term': string }[] }[]
      }
    }
    const entry = doc.feed.entry.find((e) => e.id.endsWith(`/journal/${odd.slug}`))!
    expect(entry.title).toBe('Odd characters')
    expect(entry.summary).toBe('Bell and  here.')
    expect(entry.category.map((c) => c['@term'])).toEqual(['Odd'])
  })
})

describe('the journal pages', () => {
  it('list the public posts, filter them by tag and leave drafts and scheduled posts out', async () => {
    const list = await page('/journal')
    expect(list).toContain(newer.title)
    expect(list).toContain('Older &amp; wiser')
    expect(list).not.toContain(draft.title)
    expect(list).not.toContain(scheduled.title)
    const css = await page('/journal?tag=CSS')
    expect(css).toContain(newer.title)
    expect(css).not.toContain('Older &amp; wiser')
    for (const hidden of [draft, scheduled]) {
      expect((await call(server.url, 'GET', `/journal/${hidden.slug}`)).status).toBe(404)
    }
  })

  it('show a post with its reading time, neighbours and BlogPosting data', async () => {
    const html = await page(`/journal/${older.slug}`)
    expect(html).toMatch(/· (<!-- -->)?3(<!-- -->)? min read/)
    expect(html).toMatch(
      new RegExp(
        `<a[^>]*href="/journal/${newer.slug}"[^>]*rel="next"|rel="next"[^>]*href="/journal/${newer.slug}"`,
      ),
    )
    const [jsonLd] = [
      ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    expect(jsonLd).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Older & wiser',
      datePublished: '2020-01-01T10:00:00.000Z',
      url: `${PUBLIC_URL}/journal/${older.slug}`,
    })
    expect(html).toContain('<meta property="article:tag" content="Craft"/>')
  })

  it('link the feed from every page head and list the posts in the sitemap', async () => {
    for (const pathname of ['/', '/journal', `/journal/${newer.slug}`, '/portfolio']) {
      expect(await page(pathname)).toContain(
        `<link rel="alternate" type="application/atom+xml" title=`,
      )
    }
    const sitemap = await page('/sitemap.xml')
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/journal</loc>`)
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/journal/${newer.slug}</loc>`)
    expect(sitemap).not.toContain(draft.slug)
    expect(sitemap).not.toContain(scheduled.slug)
  })

  it('show the latest posts on the home page', async () => {
    const home = await page('/')
    expect(home).toContain('From the journal')
    expect(home).toContain(newer.title)
  })

  it('redirect a renamed post permanently', async () => {
    const renamed = `${newer.slug}-renamed`
    const res = await call(server.url, 'PUT', `/api/posts/${newer._id}`, {
      headers,
      body: { title: newer.title, slug: renamed },
    })
    expect(res.status).toBe(200)
    const old = await fetch(`${server.url}/journal/${newer.slug}`, { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/journal/${renamed}`)
  })
})

describe('the header and footer', () => {
  const navs = (html: string, label: 'Main' | 'Footer') =>
    [...html.matchAll(new RegExp(`<nav aria-label="${label}"[\\s\\S]*?</nav>`, 'g'))]
      .map((m) => m[0])
      .join('')
  const links = (html: string) => ({
    header: navs(html, 'Main').includes('href="/journal"'),
    footer: navs(html, 'Footer').includes('href="/journal"'),
  })
  const saveSettings = async (changes: Record<string, unknown>) => {
    const current = (await call(server.url, 'GET', '/api/settings')).json as object
    const res = await call(server.url, 'PUT', '/api/settings', {
      headers,
      body: { ...current, ...changes },
    })
    expect(res.status, res.text).toBe(200)
  }

  it('link the journal where the owner chose, while a post is published', async () => {
    expect(links(await page('/about'))).toEqual({ header: true, footer: true })

    await saveSettings({ journalInHeader: false })
    expect(links(await page('/about'))).toEqual({ header: false, footer: true })
    await saveSettings({ journalInHeader: true, journalInFooter: false })
    expect(links(await page('/faq'))).toEqual({ header: true, footer: false })
    await saveSettings({ journalInFooter: true })
  })

  it('leave the journal out while nothing is published', async () => {
    const list = await call(server.url, 'GET', '/api/posts/admin?page=1', { headers })
    const { posts } = list.json as { posts: Post[] }
    for (const post of posts.filter((p) => p.status === 'published')) {
      const res = await call(server.url, 'PUT', `/api/posts/${post._id}`, {
        headers,
        body: { title: post.title, slug: post.slug, status: 'draft' },
      })
      expect(res.status, res.text).toBe(200)
    }
    expect(links(await page('/about'))).toEqual({ header: false, footer: false })
  })
})
