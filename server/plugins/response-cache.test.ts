/**
 * The response cache's bounds, on a bare Fastify app: however many distinct URLs a crawler asks
 * for, the entries' bytes (bodies and compressed copies) stay under the bound, the least recently
 * used leaving first; campaign tags and ad-click ids share the page's entry; a page made for each
 * visitor only by its one-time token is kept with a new token in each copy.
 */
import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createContentChanges } from '#server/lib/content-changes.ts'
import responseCachePlugin, { keepForEachVisitor } from './response-cache.ts'

const PAGE_BYTES = 100 * 1024

async function appWithCache(maxBytes: number) {
  const app = Fastify()
  const renders: string[] = []
  let issued = 0
  await app.register(responseCachePlugin, {
    ttlMs: 60_000,
    changes: createContentChanges(),
    maxBytes,
    issueToken: () => `token-${++issued}`,
  })
  // A form whose token is made for each visitor, as the contact page's.
  app.get('/form', async (request, reply) => {
    renders.push(request.url)
    const token = `token-${++issued}`
    keepForEachVisitor(reply, token)
    return reply
      .header('cache-control', 'private, no-store')
      .type('text/html')
      .send(`<form><input type="hidden" name="formToken" value="${token}"><p>${token}</p></form>`)
  })
  app.get('/*', async (request, reply) => {
    renders.push(request.url)
    return (
      reply
        .header('cache-control', 'public, no-cache')
        .type('text/html')
        // Incompressible text, so a compressed copy weighs about as much as the page.
        .send(randomBytes((PAGE_BYTES * 3) / 4).toString('base64'))
    )
  })
  await app.ready()
  return { app, renders }
}

describe('the response cache', () => {
  it('keeps the entries within its byte bound, dropping the least recently used first', async () => {
    const { app, renders } = await appWithCache(5 * PAGE_BYTES)
    const get = (url: string) => app.inject({ method: 'GET', url })
    for (let page = 1; page <= 5; page++) await get(`/portfolio?page=${page}`)
    await get('/portfolio?page=1')
    expect(renders).toHaveLength(5)
    // A sixth page pushes out the least recently used one, page 2: page 1 was read again.
    await get('/portfolio?page=6')
    await get('/portfolio?page=1')
    expect(renders).toHaveLength(6)
    await get('/portfolio?page=2')
    expect(renders).toHaveLength(7)
    await app.close()
  })

  it('counts compressed copies in the bound', async () => {
    const { app, renders } = await appWithCache(2 * PAGE_BYTES)
    const gzip = { 'accept-encoding': 'gzip' }
    await app.inject({ method: 'GET', url: '/a' })
    await app.inject({ method: 'GET', url: '/a', headers: gzip })
    await app.inject({ method: 'GET', url: '/b' })
    // /a's body, its gzip copy (about three quarters of it) and /b's body exceed two pages: /a left.
    await app.inject({ method: 'GET', url: '/b' })
    await app.inject({ method: 'GET', url: '/a' })
    expect(renders).toEqual(['/a', '/b', '/a'])
    await app.close()
  })

  it('serves campaign links from the entry of the page they point at', async () => {
    const { app, renders } = await appWithCache(50 * PAGE_BYTES)
    await app.inject({ method: 'GET', url: '/' })
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({
        method: 'GET',
        url: `/?utm_source=newsletter&utm_campaign=spring-${i}&fbclid=${i}`,
      })
      expect(res.statusCode).toBe(200)
    }
    await app.inject({ method: 'GET', url: '/?gclid=1&ref=producthunt&msclkid=2' })
    expect(renders).toEqual(['/'])
    await app.inject({ method: 'GET', url: '/?page=2&utm_source=x' })
    expect(renders).toEqual(['/', '/?page=2&utm_source=x'])
    await app.close()
  })

  it('keeps a page made for each visitor by its token, with a new token in each copy', async () => {
    const { app, renders } = await appWithCache(50 * PAGE_BYTES)
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/form', headers })
    const first = await get()
    expect(first.body).toContain('value="token-1"')
    const copies = [await get(), await get()]
    expect(renders).toEqual(['/form'])
    expect(copies.map((res) => res.body)).toEqual([
      '<form><input type="hidden" name="formToken" value="token-2"><p>token-2</p></form>',
      '<form><input type="hidden" name="formToken" value="token-3"><p>token-3</p></form>',
    ])
    for (const res of [first, ...copies]) {
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(res.headers.etag).toBeUndefined()
    }
    // A visitor with credentials gets a render of their own, never a copy.
    const signedIn = await get({ cookie: 'session=1' })
    expect(signedIn.body).toContain('value="token-4"')
    expect(renders).toEqual(['/form', '/form'])
    await app.close()
  })
})
