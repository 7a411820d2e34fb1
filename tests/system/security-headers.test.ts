/**
 * Rendered pages carry a strict Content-Security-Policy with a fresh nonce per request, every
 * inline script carries it, framing is refused; and the client IP comes from X-Forwarded-For only
 * when TRUST_PROXY says a proxy sits in front.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { PUBLIC_PAGES } from '#common/public-pages.ts'

let app: TestApp
let slug: string

beforeAll(async () => {
  await ensureBuild()
  // Real rate limits: the TRUST_PROXY tests below count on them (the page tests post nothing).
  app = await createTestApp({ web: true, env: { RATE_LIMIT_SCALE: '1' } })
  slug = (await makeWebsite(app)).slug
}, 240_000)
afterAll(() => app?.cleanup())

const PAGES = [...PUBLIC_PAGES, '/signin', '/signup']

function directives(header: string | undefined) {
  expect(header, 'Content-Security-Policy header').toBeTruthy()
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/)
        return [name!, values] as const
      }),
  )
}

describe('Content-Security-Policy on rendered pages', () => {
  it('gives every page a strict policy with a fresh nonce that every script carries', async () => {
    const nonces = new Set<string>()
    let scripts = 0
    for (const url of [...PAGES, `/website/${slug}`, '/no-such-page']) {
      const res = await app.inject({ method: 'GET', url })
      expect([200, 404], url).toContain(res.statusCode)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      const csp = directives(res.headers['content-security-policy'] as string)
      const scriptSrc = csp.get('script-src') ?? []
      const nonceSource = scriptSrc.find((s) => s.startsWith("'nonce-"))
      expect(nonceSource, url).toBeTruthy()
      const nonce = nonceSource!.slice("'nonce-".length, -1)
      expect(nonce.length, url).toBeGreaterThanOrEqual(16)
      expect(scriptSrc, url).not.toContain("'unsafe-inline'")
      expect(scriptSrc, url).not.toContain("'unsafe-eval'")
      expect(
        scriptSrc.filter((s) => s.startsWith('http') || s === '*'),
        url,
      ).toEqual([])
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"])
      expect(csp.get('object-src'), url).toEqual(["'none'"])
      expect(csp.get('base-uri'), url).toEqual(["'self'"])
      expect(csp.get('default-src'), url).toEqual(["'self'"])
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      nonces.add(nonce)

      const tags = res.body.match(/<script\b[^>]*>/g) ?? []
      expect(tags.length, `${url} has scripts`).toBeGreaterThan(0)
      for (const tag of tags) {
        expect(tag, url).toContain(`nonce="${nonce}"`)
        scripts += 1
      }
      // No inline event handlers either: a nonce does not cover them.
      expect(res.body, url).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i)
    }
    // One nonce per response, never reused.
    expect(nonces.size).toBe(PAGES.length + 2)
    const again = await app.inject({ method: 'GET', url: '/' })
    const nonceAgain = (
      directives(again.headers['content-security-policy'] as string).get('script-src') ?? []
    ).find((s) => s.startsWith("'nonce-"))
    expect(nonces.has(nonceAgain!.slice("'nonce-".length, -1))).toBe(false)
    console.log(
      `[security-headers] pages checked: ${PAGES.length + 3}, each with its own nonce; <script> tags checked: ${scripts}, all with the nonce`,
    )
  })
})

describe('security headers on API answers', () => {
  it('gives every JSON answer, success or error, a policy that allows nothing and refuses framing', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/websites/search?page=1' }),
      await app.inject({ method: 'GET', url: '/api/summary/summary' }),
      await app.inject({ method: 'GET', url: '/api/no-such-call' }),
    ]
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404])
    for (const res of answers) {
      const csp = directives(res.headers['content-security-policy'] as string)
      expect(csp.get('default-src')).toEqual(["'none'"])
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      expect(csp.has('script-src')).toBe(false)
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/)
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    }
  })
})

describe('TRUST_PROXY', () => {
  const contact = (target: TestApp, forwardedFor: string, i: number, remoteAddress?: string) =>
    target.inject({
      method: 'POST',
      url: '/api/messages/contact',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        fullName: 'Proxy test',
        email: 'proxy@test.test',
        subject: `Hello ${i}`,
        message: 'Hi',
      },
    })

  /** Statuses of limit + 1 contact posts; each call's clients must not overlap with another's. */
  async function statuses(
    target: TestApp,
    forwardedFor: (i: number) => string,
    remoteAddress?: string,
  ) {
    const result: number[] = []
    for (let i = 0; i <= ACTION_LIMITS.contact.max; i++) {
      result.push((await contact(target, forwardedFor(i), i, remoteAddress)).statusCode)
    }
    return result
  }

  async function withApp(env: Record<string, string>, run: (target: TestApp) => Promise<void>) {
    const target = await createTestApp({ env: { RATE_LIMIT_SCALE: '1', ...env } })
    try {
      await run(target)
    } finally {
      await target.cleanup()
    }
  }

  const max = ACTION_LIMITS.contact.max
  const allAccepted = Array<number>(max + 1).fill(201)
  const lastRefused = [...Array<number>(max).fill(201), 429]

  it('ignores X-Forwarded-For when unset: a client cannot pick its own IP', async () => {
    expect(await statuses(app, (i) => `198.51.100.${i + 1}`)).toEqual(lastRefused)
  })

  it('uses X-Forwarded-For when set to true: each forwarded client has its own limit', async () => {
    await withApp({ TRUST_PROXY: 'true' }, async (target) => {
      expect(await statuses(target, (i) => `198.51.100.${i + 1}`)).toEqual(allAccepted)
    })
  }, 60_000)

  it("with the proxy's addresses, trusts only what that proxy added, and nothing from direct clients", async () => {
    // The client forges the left part; the proxy (127.0.0.1 here) appends the real address.
    await withApp({ TRUST_PROXY: '127.0.0.1, uniquelocal' }, async (target) => {
      expect(await statuses(target, (i) => `10.0.0.${i + 1}, 203.0.113.7`)).toEqual(lastRefused)
      expect(await statuses(target, (i) => `10.0.0.1, 203.0.113.${i + 11}`)).toEqual(allAccepted)
      // A client reaching the app directly (not through a trusted proxy) cannot pick its IP.
      expect(await statuses(target, (i) => `203.0.113.${i + 21}`, '198.51.100.99')).toEqual(
        lastRefused,
      )
    })
  }, 60_000)
})
