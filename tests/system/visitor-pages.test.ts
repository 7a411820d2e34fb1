/**
 * Public pages made for each visitor (VISITOR_PAGE_HEADER, common/public-pages.ts), through the
 * response cache: the contact page is answered with copies of one render, each with a one-time
 * token of its own that the form accepts once; /book is an ordinary public page while booking is
 * off, and is rendered for each request while it shows free times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { isSpamWithToken } from '#tests/helpers/contact.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

let app: TestApp

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({
    web: true,
    env: { RESPONSE_CACHE_TTL_MS: String(10 * 60_000), CONTACT_MIN_FILL_SECONDS: '0' },
  })
}, 240_000)
afterAll(() => app?.cleanup())

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })
/** The nonce of a page's Content-Security-Policy: one per render, shared by its copies. */
const nonceOf = (res: { headers: Record<string, unknown> }) =>
  /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
const tokenOf = (html: string) => {
  const tokens = [...html.matchAll(/name="formToken" value="([^"]+)"/g)].map((m) => m[1]!)
  expect(tokens).toHaveLength(1)
  return tokens[0]!
}

describe('the contact page', () => {
  it('is answered with copies of one render, each with a token of its own, good once', async () => {
    const pages = [await get('/contact'), await get('/contact'), await get('/contact')]
    for (const page of pages) {
      expect(page.statusCode).toBe(200)
      expect(page.headers['cache-control']).toBe(CACHE_POLICY.privatePage)
      expect(page.headers.etag).toBeUndefined()
      expect(page.headers['x-visitor-page']).toBeUndefined()
    }
    expect(new Set(pages.map(nonceOf)).size).toBe(1)
    const tokens = pages.map((page) => tokenOf(page.body))
    expect(new Set(tokens).size).toBe(3)
    // The render's token is nowhere in a copy (the data for the browser's React included).
    for (const page of pages.slice(1)) expect(page.body).not.toContain(tokens[0])
    for (const [n, token] of tokens.entries())
      expect(await isSpamWithToken(app, token, n)).toBe(false)
    expect(await isSpamWithToken(app, tokens[0]!, 3)).toBe(true)
  })

  it("answers its data for the browser's navigations the same way", async () => {
    const TOKEN = /\d{13}\.[\w-]{22}\.[\w-]{43}/
    const reads = [await get('/contact.data'), await get('/contact.data')]
    for (const read of reads) {
      expect(read.statusCode).toBe(200)
      expect(read.headers['cache-control']).toBe(CACHE_POLICY.privatePage)
      expect(read.headers.etag).toBeUndefined()
    }
    const [first, second] = reads.map((read) => TOKEN.exec(read.body)?.[0])
    expect(first).toBeDefined()
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
  })

  it('is rendered afresh for a visitor with credentials', async () => {
    const anonymous = await get('/contact')
    const signedIn = await get('/contact', { cookie: 'theme=dark' })
    expect(nonceOf(signedIn)).not.toBe(nonceOf(anonymous))
    expect(tokenOf(signedIn.body)).not.toBe(tokenOf(anonymous.body))
  })
})

describe('/book', () => {
  it('is a public page while booking is off, and made for each request while it is on', async () => {
    const closed = await get('/book')
    expect(closed.statusCode).toBe(200)
    expect(closed.headers['cache-control']).toBe(CACHE_POLICY.publicPage)
    const again = await get('/book', { 'if-none-match': String(closed.headers.etag) })
    expect(again.statusCode).toBe(304)

    const admin = (await asAdmin(app)).headers
    const current = SiteSettingsSchema.parse((await get('/api/settings', admin)).json())
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...current, booking: { ...BOOKING_DEFAULTS, enabled: true } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const open = [await get('/book'), await get('/book')]
    for (const page of open) {
      expect(page.statusCode).toBe(200)
      expect(page.headers['cache-control']).toBe(CACHE_POLICY.privatePage)
      expect(page.headers.etag).toBeUndefined()
      expect(page.headers['x-visitor-page']).toBeUndefined()
    }
    expect(nonceOf(open[1]!)).not.toBe(nonceOf(open[0]!))
  })
})
