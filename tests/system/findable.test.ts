/**
 * What search engines and link previews read, on the production build with the demo content: every
 * public page has its own title and description, a canonical URL on PUBLIC_URL, Open Graph and
 * Twitter tags with a share image and one h1, and the home page describes the business and the site
 * in JSON-LD; the sitemap lists every public page and every portfolio entry, and robots.txt points
 * at it.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PAGES } from '#common/public-pages.ts'
import { BUILD_DIR } from '#server/lib/paths.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'

const PUBLIC_URL = 'https://www.example.test'
let server: ServerProcess
let dataDir: string
let slugs: string[]

beforeAll(async () => {
  await ensureBuild()
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-findable-'))
  // The embedded database belongs to one process at a time: seed before the server opens it.
  await promisify(execFile)(process.execPath, [path.join(BUILD_DIR, 'server/cli/seed.mjs')], {
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  })
  server = await startServer({
    env: { DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'warn' },
  })
  const res = await fetch(`${server.url}/api/websites/search?page=1`)
  slugs = ((await res.json()) as { websites: { slug: string }[] }).websites.map((w) => w.slug)
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const html = async (pathname: string) => {
  const res = await fetch(`${server.url}${pathname}`)
  expect(res.status, pathname).toBe(200)
  return res.text()
}
const all = (page: string, pattern: RegExp) => [...page.matchAll(pattern)].map((m) => m[1]!)
const meta = (page: string, key: string) =>
  all(page, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g'))

describe('every public page', () => {
  const pages = () => [...PUBLIC_PAGES, `/website/${slugs[0]}`]
  const titles = new Set<string>()
  const descriptions = new Set<string>()

  it('has the demo content to describe', () => {
    expect(slugs.length).toBeGreaterThan(0)
  })

  it.each([...PUBLIC_PAGES, '/website/(first portfolio entry)'])(
    '%s: its own title and description, canonical URL, share tags and one h1',
    async (label) => {
      const pathname = label.startsWith('/website/') ? pages().at(-1)! : label
      const page = await html(pathname)
      const [title] = all(page, /<title>([^<]+)<\/title>/g)
      expect(title, pathname).toBeTruthy()
      const [description] = meta(page, 'description')
      expect(description!.length, pathname).toBeGreaterThan(50)
      titles.add(title!)
      descriptions.add(description!)

      const canonical = `${PUBLIC_URL}${pathname === '/' ? '/' : pathname}`
      expect(all(page, /<link rel="canonical" href="([^"]+)"/g)).toEqual([canonical])
      expect(meta(page, 'og:url')).toEqual([canonical])
      expect(meta(page, 'og:title')).toHaveLength(1)
      expect(meta(page, 'og:description')).toHaveLength(1)
      const [image] = meta(page, 'og:image')
      expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/`))
      expect(meta(page, 'twitter:card')).toEqual(['summary_large_image'])

      expect(all(page, /<h1\b[^>]*>()/g), pathname).toHaveLength(1)
    },
  )

  it('the home page describes the business and the site in JSON-LD', async () => {
    const page = await html('/')
    const jsonLd = all(page, /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)
    const types = jsonLd.flatMap((text) => {
      const data = JSON.parse(text) as { '@type'?: string; '@graph'?: { '@type': string }[] }
      return data['@graph']?.map((node) => node['@type']) ?? [data['@type']]
    })
    expect(types).toEqual(expect.arrayContaining(['ProfessionalService', 'WebSite']))
  })

  it('never shares a title or a description with another page', () => {
    expect(titles.size).toBe(pages().length)
    expect(descriptions.size).toBe(pages().length)
  })
})

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page and every portfolio entry with absolute URLs', async () => {
    const sitemap = await html('/sitemap.xml')
    const locs = all(sitemap, /<loc>([^<]+)<\/loc>/g)
    for (const pathname of PUBLIC_PAGES) expect(locs).toContain(`${PUBLIC_URL}${pathname}`)
    for (const slug of slugs) expect(locs).toContain(`${PUBLIC_URL}/website/${slug}`)
  })

  it('points robots at the sitemap and keeps crawlers out of the private areas', async () => {
    const robots = await html('/robots.txt')
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
    expect(robots).toMatch(/Disallow: \/admin/)
  })
})
