import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PAGES } from '#common/public-pages.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'

let server: ServerProcess
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-page-cache-'))
  server = await startServer({
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Longer than any pause a busy machine may put between two requests of one test: a test that
      // expects its second request to be answered from the cache must not see the entry expire.
      RESPONSE_CACHE_TTL_MS: String(10 * 60_000),
    },
  })
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { headers })

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]

describe('GET public pages', () => {
  it.each([
    '/',
    '/about',
    '/faq',
    '/portfolio',
    '/portfolio?page=1',
    // React Router's data requests: the home page's (/_.data) and another page's.
    '/_.data',
    '/faq.data',
    '/robots.txt',
    '/sitemap.xml',
  ])('lets shared caches hold %s briefly', async (pathname) => {
    const res = await get(pathname)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(CACHE_POLICY.publicPage)
    expect(res.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/)
  })

  it('gives the same ETag to two renders whose nonces differ', async () => {
    // Requests with credentials are rendered every time (never answered from the response cache).
    const headers = { authorization: 'Bearer not-a-session' }
    const [a, b] = [await get('/about', headers), await get('/about', headers)]
    const [bodyA, bodyB] = [await a.text(), await b.text()]
    const nonceA = nonceOf(a.headers.get('content-security-policy'))
    const nonceB = nonceOf(b.headers.get('content-security-policy'))
    expect(nonceA).toBeTruthy()
    expect(nonceA).not.toBe(nonceB)
    expect(bodyA).toContain(nonceA)
    expect(bodyA).not.toBe(bodyB)
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'))
  })

  it('repeats a cached render with the policy whose nonce its scripts carry', async () => {
    const first = await get('/webdesign')
    const again = await get('/webdesign')
    const nonce = nonceOf(again.headers.get('content-security-policy'))
    expect(nonce).toBe(nonceOf(first.headers.get('content-security-policy')))
    const body = await again.text()
    expect(body).toBe(await first.text())
    expect(body).toContain(`nonce="${nonce}"`)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
  })

  it('answers 304 without a body or a new Content-Security-Policy when the ETag matches', async () => {
    const first = await get('/faq')
    const etag = first.headers.get('etag')!
    const again = await get('/faq', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe(CACHE_POLICY.publicPage)
    expect(again.headers.get('content-security-policy')).toBeNull()
  })

  it('answers 200 with the page when the ETag is stale', async () => {
    const res = await get('/faq', { 'if-none-match': 'W/"not-the-current-one"' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("'nonce-")
    expect(await res.text()).toContain('<h1')
  })

  it('keeps credentialed requests out of shared caches', async () => {
    const res = await get('/about', { authorization: 'Bearer something' })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
  })

  it('compresses pages with brotli when the client accepts it', async () => {
    const res = await fetch(`${server.url}/about`, { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(await res.text()).toContain('</html>')
  })

  // A render the cache does not keep is compressed as it is sent. Done in one call it carries its
  // length; through a compression stream (the plugin's default above 8 KB on two cores) it would
  // be sent in chunks without one, at several times the CPU (docs/decisions/029).
  it.each(['/signin', '/about'])(
    'compresses an uncached render of %s in one piece, with its length',
    async (pathname) => {
      const res = await get(pathname, { 'accept-encoding': 'br', authorization: 'Bearer x' })
      expect(res.headers.get('cache-control')).not.toBe(CACHE_POLICY.publicPage)
      expect(res.headers.get('content-encoding')).toBe('br')
      expect(res.headers.get('transfer-encoding')).toBeNull()
      const length = Number(res.headers.get('content-length'))
      expect(length).toBeGreaterThan(1024)
      const page = await res.text()
      expect(page).toContain('</html>')
      expect(Buffer.byteLength(page)).toBeGreaterThan(8192)
    },
  )
})

describe('GET account and admin shells', () => {
  it.each([
    '/signin',
    '/signup',
    '/forget-password',
    '/profile',
    '/admin/dashboard',
    '/admin/websites',
  ])('never lets anyone store %s', async (pathname) => {
    const res = await get(pathname)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(CACHE_POLICY.privatePage)
    expect(res.headers.get('etag')).toBeNull()
  })

  it('never lets anyone store a not-found page', async () => {
    const res = await get('/no-such-page')
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe(CACHE_POLICY.privatePage)
  })
})

describe('GET /assets/*', () => {
  it('serves hashed assets precompressed with a one-year immutable lifetime', async () => {
    const html = await (await get('/signin')).text()
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
    expect(asset).toBeDefined()
    const res = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
  })
})

describe('what a page ships', () => {
  // A public page is complete as rendered (app/lib/static-page.ts): no module, no preload, only the
  // frame's inline script, which the page's policy allows by its nonce. The contact form posts in
  // place through that script.
  it('ships no React on a public page, forms included, only its inline script', async () => {
    for (const page of [...PUBLIC_PAGES, '/no-such-page']) {
      const response = await get(page)
      const html = await response.text()
      expect(html, page).not.toMatch(/<script\b[^>]*\bsrc=/)
      expect(html, page).not.toMatch(/type="module"|rel="modulepreload"|__reactRouter/)
      // Structured data (JSON-LD) is data, not a script that runs.
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
        (tag) => !tag.includes('application/ld+json'),
      )
      const nonce = nonceOf(response.headers.get('content-security-policy'))
      expect(scripts, page).toEqual([`<script nonce="${nonce}">`])
      expect(html, page).toContain('data-session="signed-in"')
    }
  })

  it('hydrates the account and admin pages with React Router', async () => {
    for (const page of ['/signin', '/admin/dashboard']) {
      const html = await (await get(page)).text()
      expect(html, page).toContain('window.__reactRouterContext')
      expect(html, page).toMatch(/<script\b[^>]*type="module"/)
    }
  })
})
