/**
 * The link checker against real local HTTP and HTTPS servers: what it reports for a working page,
 * an error status, a redirect chain, no answer, a missing keyword and a certificate close to
 * expiry. The fetching rules it shares (redirects, internal addresses, time and size limits) are
 * tested with the fetcher, in outbound-fetch.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeLink, type ProbeOptions } from '#server/modules/link-checks/probe.ts'
import {
  PAGE_TEXT,
  startPlainAndSecureTargets,
  TARGET_FETCH_OPTIONS,
  type LinkTargets,
} from '#tests/helpers/link-targets.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const NOW = new Date()
const CERT_EXPIRY = new Date(NOW.getTime() + 10 * DAY_MS + 60 * 60 * 1000)

let targets: Awaited<ReturnType<typeof startPlainAndSecureTargets>>
let web: LinkTargets
let secure: LinkTargets

const options = (extra: Partial<ProbeOptions> = {}): ProbeOptions => ({
  ...TARGET_FETCH_OPTIONS,
  now: () => NOW,
  ca: targets.ca,
  ...extra,
})

beforeAll(async () => {
  targets = await startPlainAndSecureTargets(CERT_EXPIRY)
  ;({ web, secure } = targets)
})
afterAll(() => targets.close())

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

  it('reports the address redirects end at, and the last one tried when they fail', async () => {
    const five = await probeLink(web.url('/chain/5'), options())
    expect(five).toMatchObject({ ok: true, status: 200, finalUrl: web.url('/chain/0') })
    const six = await probeLink(web.url('/chain/6'), options())
    expect(six).toMatchObject({
      ok: false,
      status: 302,
      finalUrl: web.url('/chain/1'),
      error: 'More than 5 redirects',
    })
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
