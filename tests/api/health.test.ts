import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

/** A port nothing listens on: every connection is refused at once. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.cleanup())

describe('GET /api/health', () => {
  it('returns ok while the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('lists the rate limits as degraded while Redis is unreachable, and still answers 200', async () => {
    const withoutRedis = await createTestApp({ env: { REDIS_URL: DEAD_REDIS_URL } })
    try {
      const res = await withoutRedis.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok', degraded: ['rate-limits'] })
    } finally {
      await withoutRedis.cleanup()
    }
  })
})

describe('unknown API paths', () => {
  it('returns a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: expect.stringContaining('Not found') })
  })
})

describe('GET /api/docs', () => {
  it('is not served unless API_DOCS is true', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: expect.stringContaining('Not found') })
  })

  it('serves the OpenAPI description with API_DOCS=true', async () => {
    const withDocs = await createTestApp({ env: { API_DOCS: 'true' } })
    try {
      const res = await withDocs.inject({ method: 'GET', url: '/api/docs' })
      expect(res.statusCode).toBe(200)
      expect(res.json().openapi).toMatch(/^3\./)
      expect(Object.keys(res.json().paths)).toContain('/api/users/signin')
    } finally {
      await withDocs.cleanup()
    }
  })
})
