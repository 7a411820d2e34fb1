/**
 * The link checker against real local HTTP and HTTPS servers: what it reports for a working page,
 * an error status, a redirect loop or chain, no answer, a missing keyword and a certificate close
 * to expiry; and that it never connects to an internal address it was not allowed to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeLink, type ProbeOptions } from '#server/modules/link-checks/probe.ts'
import {
  makeCertificate,
  PAGE_TEXT,
  startLinkTargets,
  type LinkTargets,
} from '#tests/helpers/link-targets.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const NOW = new Date()
const CERT_EXPIRY = new Date(NOW.getTime() + 10 * DAY_MS + 60 * 60 * 1000)

let web: LinkTargets
let secure: LinkTargets
let ca: string

const options = (extra: Partial<ProbeOptions> = {}): ProbeOptions => ({
  userAgent: 'Mozilla/5.0 (compatible; PortfolioLinkCheck/1.0; +http://site.test)',
  allowPrivate: true,
  timeoutMs: 500,
  now: () => NOW,
  ca,
  ...extra,
})

beforeAll(async () => {
  const certificate = await makeCertificate(CERT_EXPIRY)
  ca = certificate.cert
  ;[web, secure] = await Promise.all([startLinkTargets(), startLinkTargets(certificate)])
})
afterAll(async () => {
  await Promise.all([web.close(), secure.close()])
})

describe('probeLink over http', () => {
  it('reports a working page: status, final URL and time', async () => {
    const result = await probeLink(web.url('/ok'), options())
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: web.url('/ok'),
      tlsDaysLeft: null,
      error: null,
    })
    expect(result.ms).toEqual(expect.any(Number))
  })

  it('fails on a 500 and says so', async () => {
    const result = await probeLink(web.url('/fail'), options())
    expect(result).toMatchObject({ ok: false, status: 500 })
    expect(result.error).toBe('The site answered 500 Internal Server Error')
  })

  it('follows up to five redirects and stops after a sixth', async () => {
    const five = await probeLink(web.url('/chain/5'), options())
    expect(five).toMatchObject({ ok: true, status: 200, finalUrl: web.url('/chain/0') })
    const six = await probeLink(web.url('/chain/6'), options())
    expect(six).toMatchObject({ ok: false, error: 'More than 5 redirects' })
  })

  it('stops a redirect loop', async () => {
    const result = await probeLink(web.url('/loop-a'), options())
    expect(result.ok).toBe(false)
    expect(result.error).toBe(`Redirect loop at ${web.url('/loop-a')}`)
    expect(web.hits('/loop-a')).toBeLessThanOrEqual(2)
  })

  it('gives up on a page that never answers after the timeout', async () => {
    const result = await probeLink(web.url('/slow'), options({ timeoutMs: 200 }))
    expect(result).toMatchObject({ ok: false, status: null, error: 'No answer within 200 ms' })
  })

  it('fails a page that answers 200 without the expected keyword (a parking page)', async () => {
    const parked = await probeLink(web.url('/parked'), options({ keyword: 'Harbour Pixel' }))
    expect(parked).toMatchObject({
      ok: false,
      status: 200,
      error: 'The page does not contain "Harbour Pixel"',
    })
    const real = await probeLink(web.url('/ok'), options({ keyword: 'harbour pixel' }))
    expect(real.ok).toBe(true)
  })

  it('reads at most 256 KB looking for the keyword', async () => {
    // The page has the text only after a megabyte of filler.
    const result = await probeLink(web.url('/big'), options({ keyword: PAGE_TEXT }))
    expect(result).toMatchObject({ ok: false, error: `The page does not contain "${PAGE_TEXT}"` })
  })

  it('sends a user agent naming the checker and the site', async () => {
    const userAgent = 'Mozilla/5.0 (compatible; PortfolioLinkCheck/1.0; +https://me.test)'
    await probeLink(web.url('/ok?agent'), options({ userAgent }))
    expect(web.userAgents.at(-1)).toBe(userAgent)
  })
})

describe('probeLink over https', () => {
  it('reports the days the certificate has left, even when the page is fine', async () => {
    const result = await probeLink(secure.url('/ok'), options())
    expect(result).toMatchObject({ ok: true, status: 200, tlsDaysLeft: 10, error: null })
  })

  it('refuses a certificate it does not trust, and still says how long it has left', async () => {
    const result = await probeLink(secure.url('/ok'), options({ ca: undefined }))
    expect(result.ok).toBe(false)
    expect(result.tlsDaysLeft).toBe(10)
    expect(result.error).toMatch(/^The TLS certificate is not valid \(/)
  })
})

describe('probeLink and internal addresses', () => {
  it('refuses a loopback address without connecting unless allowed', async () => {
    const before = web.totalHits()
    const result = await probeLink(web.url('/ok'), options({ allowPrivate: false }))
    expect(result).toMatchObject({ ok: false, status: null })
    expect(result.error).toBe(
      'Not checked: 127.0.0.1 resolves to a loopback address (127.0.0.1), which is not allowed; links must point to the public internet',
    )
    expect(web.totalHits()).toBe(before)
  })

  it('refuses a host when any of its addresses is internal', async () => {
    const result = await probeLink('http://mixed.example:8080/', {
      ...options({ allowPrivate: false }),
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ],
    })
    expect(result.error).toMatch(/resolves to a cloud metadata address \(169\.254\.169\.254\)/)
  })

  it('refuses IPv6 addresses that carry a private IPv4 (IPv4-compatible, 6to4)', async () => {
    const before = web.totalHits()
    const literal = await probeLink(
      `http://[::7f00:1]:${web.port}/ok`,
      options({ allowPrivate: false }),
    )
    expect(literal).toMatchObject({ ok: false, status: null })
    expect(literal.error).toBe(
      'Not checked: ::7f00:1 resolves to an IPv4-compatible address (::7f00:1), which is not allowed; links must point to the public internet',
    )
    for (const address of ['::a00:1', '2002:7f00:1::', '2002:c0a8:101::1']) {
      const result = await probeLink(`http://portfolio.example:${web.port}/ok`, {
        ...options({ allowPrivate: false }),
        resolve: async () => [{ address, family: 6 }],
      })
      expect(result.error, address).toMatch(
        /^Not checked: .* address \(.+\), which is not allowed;/,
      )
    }
    expect(web.totalHits()).toBe(before)
  })

  it('resolves and checks every redirect hop again', async () => {
    const looked: string[] = []
    const result = await probeLink(`http://portfolio.example:${web.port}/chain/2`, {
      ...options(),
      resolve: async (host) => {
        looked.push(host)
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    expect(result).toMatchObject({ ok: true, status: 200 })
    expect(looked).toEqual(['portfolio.example', 'portfolio.example', 'portfolio.example'])
  })

  it('resolves the host once and connects to that address, sending the original host name', async () => {
    let lookups = 0
    const result = await probeLink(`http://portfolio.example:${web.port}/ok`, {
      ...options(),
      resolve: async () => {
        lookups += 1
        // A second answer would point elsewhere (DNS rebinding); it is never asked for.
        return lookups === 1
          ? [{ address: '127.0.0.1', family: 4 }]
          : [{ address: '10.9.9.9', family: 4 }]
      },
    })
    expect(result).toMatchObject({ ok: true, status: 200 })
    expect(lookups).toBe(1)
    expect(web.hosts.at(-1)).toBe(`portfolio.example:${web.port}`)
  })
})
