/**
 * The only way the server fetches an address someone typed (a portfolio link, the owner's calendar
 * feed). Each hop's host is resolved once, refused when any address is internal (unless allowed),
 * and the connection goes to that very address, so a second DNS answer cannot switch it (DNS
 * rebinding). Redirects are followed by hand, each hop checked again, at most OUTBOUND_MAX_REDIRECTS;
 * every fetch ends after its time limit. Decision 027.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { blockedAddressKind } from './blocked-addresses.ts'

const OUTBOUND_MAX_REDIRECTS = 5
const OUTBOUND_TIMEOUT_MS = 10_000
const DAY_MS = 24 * 60 * 60 * 1000
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** Names the fetcher and the site it works for, so a site's owner can see who is asking. */
export const outboundUserAgent = (publicUrl: string) =>
  `Mozilla/5.0 (compatible; PortfolioLinkCheck/1.0; +${publicUrl})`

interface ResolvedAddress {
  address: string
  family: number
}

export interface OutboundOptions {
  userAgent: string
  allowPrivate: boolean
  timeoutMs?: number
  now?: () => Date
  /** Resolves a host name to every address (the system resolver by default; tests map names). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>
  /** Certificates trusted besides the system's (a test's self-signed one). */
  ca?: string | string[]
  /** Ends the fetch at once (the server is shutting down). */
  signal?: AbortSignal
  /** The Accept header (a page's by default). */
  accept?: string
}

/** A failure worth saying as it is; carries the days the certificate had left, when known. */
export class OutboundError extends Error {
  tlsDaysLeft?: number | null
}

/** One hop's answer, its body unread. */
export interface Hop {
  url: URL
  response: IncomingMessage
  tlsDaysLeft: number | null
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true })

/** The host's addresses, or an OutboundError naming why it may not be fetched. */
async function resolveSafely(url: URL, options: OutboundOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host)
    } catch {
      throw new OutboundError(`The host ${host} could not be found`)
    }
  }
  const first = addresses[0]
  if (!first) throw new OutboundError(`The host ${host} could not be found`)
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const kind = blockedAddressKind(address)
      if (kind) {
        throw new OutboundError(
          `Not checked: ${host} resolves to ${/^[aeiouI]/.test(kind) ? 'an' : 'a'} ${kind} address (${address}), which is not allowed; links must point to the public internet`,
        )
      }
    }
  }
  return first
}

function requestOnce(
  url: URL,
  target: ResolvedAddress,
  options: OutboundOptions,
  signal: AbortSignal,
): Promise<Hop> {
  const now = options.now ?? (() => new Date())
  const isHttps = url.protocol === 'https:'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return new Promise((resolve, reject) => {
    let tlsDaysLeft: number | null = null
    const request = (isHttps ? https : http).request({
      // The checked address itself: no second lookup that DNS rebinding could answer differently.
      host: target.address,
      family: target.family,
      port: url.port || (isHttps ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      agent: false,
      signal,
      headers: {
        host: url.host,
        'user-agent': options.userAgent,
        accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
        'accept-encoding': 'identity',
      },
      ...(isHttps
        ? {
            servername: isIP(host) ? undefined : host,
            ca: options.ca,
            // Checked below, so an invalid certificate still reports its days left.
            rejectUnauthorized: false,
          }
        : {}),
    })
    if (isHttps) {
      request.once('socket', (socket) => {
        const tls = socket as TLSSocket
        tls.once('secureConnect', () => {
          const validTo = tls.getPeerCertificate().valid_to
          if (validTo) {
            tlsDaysLeft = Math.floor((Date.parse(validTo) - now().getTime()) / DAY_MS)
          }
          if (!tls.authorized) {
            const reason = String(tls.authorizationError ?? 'not trusted')
            const error = new OutboundError(`The TLS certificate is not valid (${reason})`)
            error.tlsDaysLeft = tlsDaysLeft
            request.destroy(error)
          }
        })
      })
    }
    request.once('response', (response) => resolve({ url, response, tlsDaysLeft }))
    request.once('error', reject)
    request.end()
  })
}

const noAnswerWithin = (timeoutMs: number) =>
  `No answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`

function describeNetworkError(error: unknown): string {
  if (error instanceof OutboundError) return error.message
  const code = (error as { code?: string }).code
  switch (code) {
    case 'ECONNREFUSED':
      return 'The connection was refused'
    case 'ECONNRESET':
      return 'The connection was reset'
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host cannot be reached'
    default:
      return `The request failed (${code ?? (error as Error).message ?? 'unknown error'})`
  }
}

/** "The site answered 503 Service Unavailable". */
export const answeredText = (response: IncomingMessage) =>
  `The site answered ${response.statusCode ?? 0}${response.statusMessage ? ` ${response.statusMessage}` : ''}`

/**
 * GETs `link` under the rules above and hands the final hop (the first answer that is not a
 * redirect, whatever its status) to `read`, whose result it returns. `onHop` sees every hop's
 * answer, redirects included, before it is followed. Never throws: a failure (in `read` too)
 * becomes `{ error }`, a sentence for the owner, with the error itself as `cause` and the last
 * address tried as `url`.
 */
export async function fetchOutbound<T>(
  link: string,
  options: OutboundOptions,
  read: (hop: Hop) => Promise<T>,
  onHop?: (hop: Hop) => void,
): Promise<
  | { value: T; error?: undefined }
  | { value?: undefined; error: string; cause: unknown; url: string | null }
> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  timer.unref()
  const stop = () => controller.abort()
  options.signal?.addEventListener('abort', stop, { once: true })
  const seen = new Set<string>()
  let tried: string | null = null
  try {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      throw new OutboundError('The address is not valid')
    }
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new OutboundError(
          `The address leads to ${url.protocol} (only http and https are read)`,
        )
      }
      tried = url.href
      seen.add(url.href)
      const hop = await requestOnce(
        url,
        await resolveSafely(url, options),
        options,
        controller.signal,
      )
      onHop?.(hop)
      const location = hop.response.headers.location
      if (!REDIRECT_STATUSES.has(hop.response.statusCode ?? 0) || !location) {
        return { value: await read(hop) }
      }
      hop.response.destroy()
      const next = new URL(location, url)
      if (seen.has(next.href)) throw new OutboundError(`Redirect loop at ${next.href}`)
      if (redirects >= OUTBOUND_MAX_REDIRECTS) {
        throw new OutboundError(`More than ${OUTBOUND_MAX_REDIRECTS} redirects`)
      }
      url = next
    }
  } catch (cause) {
    const error = options.signal?.aborted
      ? 'The fetch was stopped'
      : controller.signal.aborted
        ? noAnswerWithin(timeoutMs)
        : describeNetworkError(cause)
    return { error, cause, url: tried }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', stop)
  }
}

/** "2 MB", "512 KB": a size limit as the owner reads it. */
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MB`
    : `${Math.round(bytes / 1024)} KB`

/** A document fetched the safe way: its text, or why there is none. */
export type FetchedText = { text: string; error?: undefined } | { text?: undefined; error: string }

/**
 * Fetches a document (the owner's calendar feed): an error status is a failure, and at most
 * `maxBytes` of body is read (a longer one is refused, not cut). Never throws.
 */
export async function fetchText(
  link: string,
  options: OutboundOptions & { maxBytes: number },
): Promise<FetchedText> {
  const fetched = await fetchOutbound(link, options, async ({ response }) => {
    if ((response.statusCode ?? 0) >= 400) {
      response.destroy()
      throw new OutboundError(answeredText(response))
    }
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > options.maxBytes) {
        response.destroy()
        throw new OutboundError(`The file is larger than ${sizeText(options.maxBytes)}`)
      }
      chunks.push(chunk)
    }
    return Buffer.concat(chunks).toString('utf8')
  })
  return fetched.error === undefined ? { text: fetched.value } : { error: fetched.error }
}
