import type { FastifyRequest } from 'fastify'
import type { RequestOrigin } from './security-events.ts'

/**
 * Country headers set by common proxies and CDNs. Read only when the site trusts a proxy
 * (TRUST_PROXY): otherwise any client could write them. Approximate, shown as information only.
 */
const PLACE_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country']
const COUNTRY = /^[A-Z]{2}$/

/** What the session list and the security log say about where a request comes from. */
export function requestOrigin(request: FastifyRequest, trustsProxy: boolean): RequestOrigin {
  const header = (name: string) => {
    const value = request.headers[name]
    return typeof value === 'string' ? value : undefined
  }
  const country = trustsProxy
    ? PLACE_HEADERS.map(header).find((value) => value !== undefined && COUNTRY.test(value))
    : undefined
  return { userAgent: header('user-agent'), place: country ?? null }
}
