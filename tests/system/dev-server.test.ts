/**
 * The development server (`npm run dev`, DEV_SERVER=true): pages come from Vite's build of the
 * app in memory, whose React Router is another copy of the package than the server's (Vite
 * resolves it with the `development` condition). The page context must still reach the loaders:
 * a router context made by one copy is refused by the other's request handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp({ web: true, env: { DEV_SERVER: 'true' } })
}, 240_000)
afterAll(() => app?.cleanup())

describe('the development server', () => {
  it('renders a page from its loaders, and answers its data request', async () => {
    const page = await app.inject({ method: 'GET', url: '/faq' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1')
    const data = await app.inject({ method: 'GET', url: '/_.data' })
    expect(data.statusCode).toBe(200)
  }, 120_000)
})
