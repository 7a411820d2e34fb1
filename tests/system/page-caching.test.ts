import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
    const html = await (await get('/')).text()
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0]
    expect(asset).toBeDefined()
    const res = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
  })

  it('marks the chunks every page hydrates with, and only those, for eager compilation', async () => {
    const html = await (await get('/faq')).text()
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))]
    const hinted: string[] = []
    for (const asset of scripts) {
      const body = await (await fetch(`${server.url}${asset}`)).text()
      if (body.startsWith('//# allFunctionsCalledOnLoad\n'))
        hinted.push(asset.replace(/-[\w-]{8}\.js$/, ''))
    }
    expect(hinted.sort()).toEqual(['/assets/entry.client', '/assets/public'])
  })

  // app/lib/document.server.ts rewrites React Router's document with regular expressions and
  // leaves a document of another shape unchanged: this fails as soon as a React Router upgrade
  // renders one, instead of the deferral silently doing nothing.
  it("finds in React Router's rendered document the shape the hydration deferral rewrites", async () => {
    for (const page of ['/', '/faq', '/portfolio', '/signin']) {
      const html = await (await get(page)).text()
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head, `${page}: preloads left in the head`).not.toMatch(/rel="modulepreload"/)
      const scripts = html.match(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>/g) ?? []
      expect(scripts, page).toHaveLength(1)
      const script = scripts[0]!
      expect(script, page).toContain("getEntriesByName('first-contentful-paint')")
      expect(script, page).not.toMatch(/^\s*import \* as \w+ from "/m)
      expect(script, page).toMatch(
        /const \[route0(, route\d+)*\] = await Promise\.all\(\[import\("/,
      )
      expect(script, page).toContain('window.__reactRouterRouteModules')
    }
  })

  it('hydrates a public page with a handful of modules: the shared app code is one chunk', async () => {
    for (const page of ['/faq', '/portfolio']) {
      const html = await (await get(page)).text()
      // The modules the deferred hydration script preloads (app/lib/document.server.ts).
      const list = /for \(const href of (\[[^\]]*\])\) document\.head\.append/.exec(html)?.[1]
      const modules = JSON.parse(list ?? '[]') as string[]
      expect(modules.map((m) => m.replace(/-[\w-]{8}\.js$/, '')).sort(), page).toEqual(
        [
          '/assets/entry.client',
          '/assets/public',
          '/assets/public-layout',
          '/assets/rolldown-runtime',
          '/assets/root',
          `/assets/${page.slice(1)}`,
        ].sort(),
      )
    }
  })
})
