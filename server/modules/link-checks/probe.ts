/**
 * Fetches one portfolio link the safe way and describes its health. Each hop's host is resolved
 * once, refused when any address is internal (unless allowed), and the connection goes to that
 * very address, so a second DNS answer cannot switch it (DNS rebinding). Redirects are followed by
 * hand, each hop checked again; the body is read only to look for the owner's keyword, and never
 * past PROBE_MAX_BYTES. Never throws: every failure becomes the result's `error`.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { blockedAddressKind } from './blocked-addresses.ts'

const PROBE_MAX_REDIRECTS = 5
const PROBE_MAX_BYTES = 256 * 1024
const PROBE_TIMEOUT_MS = 10_000
const DAY_MS = 24 * 60 * 60 * 1000
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** "2 MB", "512 KB": a size limit as the owner reads it. */
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MB`
    : `${Math.round(bytes / 1024)} KB`

/** Names the checker and the site it works for, so a site's owner can see who is asking. */
export const linkCheckUserAgent = (publicUrl: string) =>
  `Mozilla/5.0 (compatible; PortfolioLinkCheck/1.0; +${publicUrl})`

interface ResolvedAddress {
  address: string
  family: number
}

export interface ProbeOptions {
  userAgent: string
  allowPrivate: boolean
  /** Text that must appear on the final page (case-insensitive); empty: no keyword check. */
  keyword?: string
  timeoutMs?: number
  now?: () => Date
  /** Resolves a host name to every address (the system resolver by default; tests map names). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>
  /** Certificates trusted besides the system's (a test's self-signed one). */
  ca?: string | string[]
  /** Ends the check at once (the server is shutting down). */
  signal?: AbortSignal
  /** The Accept header (a page's by default). */
  accept?: string
}

export interface ProbeResult {
  ok: boolean
  status: number | null
  finalUrl: string | null
  ms: number | null
  tlsDaysLeft: number | null
  error: string | null
}

class ProbeError extends Error {}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true })

/** The host's addresses, or a ProbeError naming why it may not be fetched. */
async function resolveSafely(url: URL, options: ProbeOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host)
    } catch {
      throw new ProbeError(`The host ${host} could not be found`)
    }
  }
  const first = addresses[0]
  if (!first) throw new ProbeError(`The host ${host} could not be found`)
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const kind = blockedAddressKind(address)
      if (kind) {
        throw new ProbeError(
          `Not checked: ${host} resolves to ${/^[aeiouI]/.test(kind) ? 'an' : 'a'} ${kind} address (${address}), which is not allowed; links must point to the public internet`,
        )
      }
    }
  }
  return first
}

interface Hop {
  response: IncomingMessage
  tlsDaysLeft: number | null
}

function requestOnce(
  url: URL,
  target: ResolvedAddress,
  options: ProbeOptions,
  signal: AbortSignal,
  now: () => Date,
): Promise<Hop> {
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
            const error = new ProbeError(`The TLS certificate is not valid (${reason})`)
            Object.assign(error, { tlsDaysLeft })
            request.destroy(error)
          }
        })
      })
    }
    request.once('response', (response) => resolve({ response, tlsDaysLeft }))
    request.once('error', (error) => {
      Object.assign(error, { tlsDaysLeft: (error as { tlsDaysLeft?: number }).tlsDaysLeft })
      reject(error)
    })
    request.end()
  })
}

/** Reads up to `maxBytes` of the body and says whether `keyword` occurs in it. */
async function bodyContains(response: IncomingMessage, keyword: string): Promise<boolean> {
  const needle = keyword.toLowerCase()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk)
    size += chunk.length
    if (size >= PROBE_MAX_BYTES) break
  }
  response.destroy()
  const text = Buffer.concat(chunks).subarray(0, PROBE_MAX_BYTES).toString('utf8')
  return text.toLowerCase().includes(needle)
}

const noAnswerWithin = (timeoutMs: number) =>
  `No answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof ProbeError) return error.message
  const code = (error as { code?: string; name?: string }).code
  const name = (error as { name?: string }).name
  if (name === 'AbortError' || code === 'ABORT_ERR') return noAnswerWithin(timeoutMs)
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

/** Checks `link` as a visitor's browser would reach it; see the file header. */
export async function probeLink(link: string, options: ProbeOptions): Promise<ProbeResult> {
  const now = options.now ?? (() => new Date())
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  timer.unref()
  const stop = () => controller.abort()
  options.signal?.addEventListener('abort', stop, { once: true })
  const started = performance.now()
  const result: ProbeResult = {
    ok: false,
    status: null,
    finalUrl: null,
    ms: null,
    tlsDaysLeft: null,
    error: null,
  }
  const noteTls = (days: number | null | undefined) => {
    if (days === null || days === undefined) return
    result.tlsDaysLeft = result.tlsDaysLeft === null ? days : Math.min(result.tlsDaysLeft, days)
  }
  const seen = new Set<string>()
  try {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      throw new ProbeError('The link is not a valid address')
    }
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ProbeError(`The link leads to ${url.protocol} (only http and https are checked)`)
      }
      result.finalUrl = url.href
      seen.add(url.href)
      const target = await resolveSafely(url, options)
      const { response, tlsDaysLeft } = await requestOnce(
        url,
        target,
        options,
        controller.signal,
        now,
      )
      noteTls(tlsDaysLeft)
      result.status = response.statusCode ?? null
      const location = response.headers.location
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.destroy()
        const next = new URL(location, url)
        if (seen.has(next.href)) throw new ProbeError(`Redirect loop at ${next.href}`)
        if (redirects >= PROBE_MAX_REDIRECTS) {
          throw new ProbeError(`More than ${PROBE_MAX_REDIRECTS} redirects`)
        }
        url = next
        continue
      }
      result.ms = Math.round(performance.now() - started)
      const status = response.statusCode ?? 0
      if (status >= 400) {
        response.destroy()
        result.error = `The site answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`
        return result
      }
      const keyword = options.keyword?.trim()
      if (keyword && !(await bodyContains(response, keyword))) {
        result.error = `The page does not contain "${keyword}"`
        return result
      }
      response.destroy()
      result.ok = true
      return result
    }
  } catch (error) {
    noteTls((error as { tlsDaysLeft?: number }).tlsDaysLeft)
    result.ok = false
    result.error = options.signal?.aborted
      ? 'The check was stopped'
      : controller.signal.aborted
        ? noAnswerWithin(timeoutMs)
        : describeNetworkError(error, timeoutMs)
    return result
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', stop)
  }
}

/** A document fetched the same safe way: its text, or why there is none. */
export type FetchedText = { text: string; error?: undefined } | { text?: undefined; error: string }

/**
 * Fetches a document (the owner's calendar feed) under the link checks' rules: every hop's address
 * checked, redirects followed by hand up to PROBE_MAX_REDIRECTS, the time limit, and at most
 * `maxBytes` of body (a longer one is refused, not cut). Never throws.
 */
export async function fetchText(
  link: string,
  options: ProbeOptions & { maxBytes: number },
): Promise<FetchedText> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  timer.unref()
  const stop = () => controller.abort()
  options.signal?.addEventListener('abort', stop, { once: true })
  const seen = new Set<string>()
  try {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      throw new ProbeError('The address is not valid')
    }
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ProbeError(`The address leads to ${url.protocol} (only http and https are read)`)
      }
      seen.add(url.href)
      const target = await resolveSafely(url, options)
      const { response } = await requestOnce(
        url,
        target,
        { ...options, ca: options.ca },
        controller.signal,
        options.now ?? (() => new Date()),
      )
      const location = response.headers.location
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.destroy()
        const next = new URL(location, url)
        if (seen.has(next.href)) throw new ProbeError(`Redirect loop at ${next.href}`)
        if (redirects >= PROBE_MAX_REDIRECTS) {
          throw new ProbeError(`More than ${PROBE_MAX_REDIRECTS} redirects`)
        }
        url = next
        continue
      }
      const status = response.statusCode ?? 0
      if (status >= 400) {
        response.destroy()
        throw new ProbeError(
          `The server answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`,
        )
      }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > options.maxBytes) {
          response.destroy()
          throw new ProbeError(`The file is larger than ${sizeText(options.maxBytes)}`)
        }
        chunks.push(chunk)
      }
      return { text: Buffer.concat(chunks).toString('utf8') }
    }
  } catch (error) {
    return {
      error: options.signal?.aborted
        ? 'The fetch was stopped'
        : controller.signal.aborted
          ? noAnswerWithin(timeoutMs)
          : describeNetworkError(error, timeoutMs),
    }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', stop)
  }
}
