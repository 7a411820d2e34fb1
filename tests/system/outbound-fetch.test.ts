/**
 * The outbound fetcher against real local HTTP and HTTPS servers: redirects followed and bounded,
 * loops and silence ended, a size limit kept, an untrusted certificate refused; and that it never
 * connects to an internal address it was not allowed to, on any hop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchText, type OutboundOptions } from '#server/lib/outbound-fetch.ts'
import {
  PAGE_TEXT,
  startPlainAndSecureTargets,
  TARGET_FETCH_OPTIONS,
  type LinkTargets,
} from '#tests/helpers/link-targets.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const NOW = new Date()

let targets: Awaited<ReturnType<typeof startPlainAndSecureTargets>>
let web: LinkTargets
let secure: LinkTargets

const options = (extra: Partial<OutboundOptions> = {}) => ({
  ...TARGET_FETCH_OPTIONS,
  maxBytes: 2 * 1024 * 1024,
  now: () => NOW,
  ca: targets.ca,
  ...extra,
})

const refusal = (host: string, kind: string, address: string) =>
  `Not checked: ${host} resolves to ${kind} address (${address}), which is not allowed; links must point to the public internet`

beforeAll(async () => {
  targets = await startPlainAndSecureTargets(new Date(NOW.getTime() + 30 * DAY_MS))
  ;({ web, secure } = targets)
})
afterAll(() => targets.close())

describe('fetchText', () => {
  it('reads a document, sending the given user agent', async () => {
    const userAgent = 'Mozilla/5.0 (compatible; PortfolioLinkCheck/1.0; +https://me.test)'
    const fetched = await fetchText(web.url('/ok?agent'), options({ userAgent }))
    expect(fetched.text).toContain(PAGE_TEXT)
    expect(web.userAgents.at(-1)).toBe(userAgent)
  })

  it('follows up to five redirects and stops after a sixth', async () => {
    expect(await fetchText(web.url('/chain/5'), options())).toEqual({ text: PAGE_TEXT })
    expect(await fetchText(web.url('/chain/6'), options())).toEqual({
      error: 'More than 5 redirects',
    })
  })

  it('stops a redirect loop', async () => {
    expect(await fetchText(web.url('/loop-a'), options())).toEqual({
      error: `Redirect loop at ${web.url('/loop-a')}`,
    })
    expect(web.hits('/loop-a')).toBeLessThanOrEqual(2)
  })

  it('gives up on a server that never answers after the timeout', async () => {
    expect(await fetchText(web.url('/slow'), options({ timeoutMs: 200 }))).toEqual({
      error: 'No answer within 200 ms',
    })
  })

  it('refuses a body over its size limit rather than cutting it', async () => {
    expect(await fetchText(web.url('/big'), { ...options(), maxBytes: 1024 * 1024 })).toEqual({
      error: 'The file is larger than 1 MB',
    })
  })

  it('fails on an error status and on an address that is not http or https', async () => {
    expect(await fetchText(web.url('/fail'), options())).toEqual({
      error: 'The site answered 500 Internal Server Error',
    })
    expect(await fetchText('ftp://calendar.example/x.ics', options())).toEqual({
      error: 'The address leads to ftp: (only http and https are read)',
    })
  })

  it('refuses a certificate it does not trust and reads through one it does', async () => {
    const untrusted = await fetchText(secure.url('/ok'), options({ ca: undefined }))
    expect(untrusted.error).toMatch(/^The TLS certificate is not valid \(/)
    expect((await fetchText(secure.url('/ok'), options())).text).toContain(PAGE_TEXT)
  })
})

describe('fetchText and internal addresses', () => {
  it('refuses a loopback address without connecting unless allowed', async () => {
    const before = web.totalHits()
    expect(await fetchText(web.url('/ok'), options({ allowPrivate: false }))).toEqual({
      error: refusal('127.0.0.1', 'a loopback', '127.0.0.1'),
    })
    expect(web.totalHits()).toBe(before)
  })

  it('refuses a host when any of its addresses is internal', async () => {
    const fetched = await fetchText('http://mixed.example:8080/', {
      ...options({ allowPrivate: false }),
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ],
    })
    expect(fetched).toEqual({
      error: refusal('mixed.example', 'a cloud metadata', '169.254.169.254'),
    })
  })

  it('refuses IPv6 addresses that carry a private IPv4 (IPv4-compatible, 6to4)', async () => {
    const before = web.totalHits()
    const literal = await fetchText(
      `http://[::7f00:1]:${web.port}/ok`,
      options({ allowPrivate: false }),
    )
    expect(literal).toEqual({ error: refusal('::7f00:1', 'an IPv4-compatible', '::7f00:1') })
    for (const address of ['::a00:1', '2002:7f00:1::', '2002:c0a8:101::1']) {
      const fetched = await fetchText(`http://portfolio.example:${web.port}/ok`, {
        ...options({ allowPrivate: false }),
        resolve: async () => [{ address, family: 6 }],
      })
      expect(fetched.error, address).toMatch(
        /^Not checked: .* address \(.+\), which is not allowed;/,
      )
    }
    expect(web.totalHits()).toBe(before)
  })

  it('resolves and checks every redirect hop again', async () => {
    const looked: string[] = []
    const fetched = await fetchText(`http://portfolio.example:${web.port}/chain/2`, {
      ...options(),
      resolve: async (host) => {
        looked.push(host)
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    expect(fetched).toEqual({ text: PAGE_TEXT })
    expect(looked).toEqual(['portfolio.example', 'portfolio.example', 'portfolio.example'])
  })

  it('resolves the host once and connects to that address, sending the original host name', async () => {
    let lookups = 0
    const fetched = await fetchText(`http://portfolio.example:${web.port}/ok`, {
      ...options(),
      resolve: async () => {
        lookups += 1
        // A second answer would point elsewhere (DNS rebinding); it is never asked for.
        return lookups === 1
          ? [{ address: '127.0.0.1', family: 4 }]
          : [{ address: '10.9.9.9', family: 4 }]
      },
    })
    expect(fetched.text).toContain(PAGE_TEXT)
    expect(lookups).toBe(1)
    expect(web.hosts.at(-1)).toBe(`portfolio.example:${web.port}`)
  })
})
