/**
 * A short-lived in-process copy of the responses that their route declares public
 * (`Cache-Control: public ...`: the public pages and the public API reads), served to anonymous GET
 * requests without running the route again, compressed once per encoding. It keeps the promise
 * that header already makes to any shared cache in front, for far less time: a change to the public
 * content (the services say so through server/lib/content-changes.ts) empties it at once, on this
 * instance and, through the change broadcast (`server/lib/change-broadcast.ts`), on every other
 * one; nothing else does. Requests carrying credentials never read or fill it.
 *
 * Like any shared cache, it repeats a page byte for byte, with every header it was rendered with
 * (the security headers and the Content-Security-Policy among them): it runs before the security
 * headers plugin, so a cached answer draws no nonce. Every render still gets a fresh nonce, unknown
 * before the render, so markup injected into the content cannot carry it; the copies of one render
 * share it.
 *
 * A page made for each visitor only by its one-time token (the contact form's; VISITOR_PAGE_HEADER
 * in common/public-pages.ts) is kept too, by nobody else: each copy it answers carries a new token
 * in place of the render's, and the `private, no-store` it was rendered with.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ContentChanges } from '#server/lib/content-changes.ts'
import { cacheKeyOf } from '#server/lib/cache-key.ts'
import { matchesEtag, weakEtag } from '#server/lib/etag.ts'

const MAX_ENTRIES = 300
const MAX_BODY_BYTES = 512 * 1024
/**
 * All entries together, bodies and their compressed copies: a crawl of every distinct URL (each
 * `?page=`, `?tag=` and project) replaces old entries rather than grows the process.
 */
const MAX_TOTAL_BYTES = 16 * 1024 * 1024
const CACHEABLE_TYPE = /^(?:text\/|application\/(?:json|xml|atom\+xml))/
/** Headers of one transfer, not of the content: everything else is stored and repeated. */
const UNSTORED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'vary',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
])
/** Compressed once per entry, so a better ratio than per-response compression can afford. */
const BROTLI_QUALITY = 6

type Encoding = 'br' | 'gzip'

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
}

interface Entry {
  body: Buffer
  /** The render's one-time token, replaced by a new one in each copy answered (no ETag then). */
  token?: string
  /** The body's bytes and those of its compressed copies made so far. */
  bytes: number
  variants: Partial<Record<Encoding, Promise<Buffer>>>
  headers: Record<string, string>
  expiresAt: number
  /** One request is refreshing the expired entry; the others keep getting it meanwhile. */
  refreshing: boolean
}

interface RequestState {
  key: string
  generation: number
  fromCache: boolean
}

interface ResponseCacheOptions {
  ttlMs: number
  now?: () => number
  /** The word that the public content changed (here, on another instance, or by the clock). */
  changes: ContentChanges
  /** The bound on all entries' bytes; MAX_TOTAL_BYTES unless a test sets a smaller one. */
  maxBytes?: number
  /** A new one-time token for a page that holds one (keepForEachVisitor). */
  issueToken: () => string
}

/** The pages being answered that hold a one-time token, and the token. */
const tokens = new WeakMap<FastifyReply, string>()

/**
 * Lets the cache keep the page `reply` answers although it is private: the page is the same for
 * everyone but for `token`, which each copy answered replaces with a new one.
 */
export function keepForEachVisitor(reply: FastifyReply, token: string): void {
  tokens.set(reply, token)
}

/** `body` with every `token` in it replaced by `fresh`. */
function withToken(body: Buffer, token: string, fresh: string): Buffer {
  const parts: Buffer[] = []
  const replacement = Buffer.from(fresh)
  let from = 0
  for (let at = body.indexOf(token, from); at !== -1; at = body.indexOf(token, from)) {
    parts.push(body.subarray(from, at), replacement)
    from = at + Buffer.byteLength(token)
  }
  parts.push(body.subarray(from))
  return Buffer.concat(parts)
}

const isAnonymousGet = (request: FastifyRequest) =>
  request.method === 'GET' && !request.headers.authorization && !request.headers.cookie

/** The client's preferred encoding among ours: brotli, then gzip, else none. */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set<string>()
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

export default fp(async function responseCachePlugin(
  app: FastifyInstance,
  opts: ResponseCacheOptions,
) {
  const entries = new Map<string, Entry>()
  let totalBytes = 0
  // Bumped by every change: a response rendered before a change was stored is not kept after it.
  let generation = 0
  const invalidateHere = () => {
    generation++
    entries.clear()
    totalBytes = 0
  }
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    totalBytes -= entry.bytes
  }
  /** Least recently used first, until both bounds hold. */
  const maxBytes = opts.maxBytes ?? MAX_TOTAL_BYTES
  const evict = () => {
    while (entries.size > MAX_ENTRIES || totalBytes > maxBytes) {
      remove(entries.keys().next().value!)
    }
  }
  if (opts.ttlMs <= 0) return
  opts.changes.onChange(invalidateHere)
  const now = opts.now ?? Date.now
  const states = new WeakMap<FastifyRequest, RequestState>()

  app.addHook('onRequest', async (request, reply) => {
    if (!isAnonymousGet(request)) return
    // A scheduled post's time has come: every page may show it now (each instance keeps its own
    // schedule, learnt from its own reads, and so empties itself).
    opts.changes.endScheduled()
    const key = cacheKeyOf(request.url)
    const state: RequestState = { key, generation, fromCache: false }
    states.set(request, state)
    const entry = entries.get(key)
    if (!entry) return
    const at = now()
    if (at >= entry.expiresAt + opts.ttlMs) {
      remove(key)
      return
    }
    if (at >= entry.expiresAt && !entry.refreshing) {
      entry.refreshing = true
      return
    }
    state.fromCache = true
    // Most recently used last: the oldest entries are evicted first.
    entries.delete(key)
    entries.set(key, entry)
    if (entry.token) {
      // Compressed on its way out, as every private page is.
      const body = withToken(entry.body, entry.token, opts.issueToken())
      return reply.code(200).headers(entry.headers).send(body)
    }
    if (matchesEtag(request.headers['if-none-match'], entry.headers.etag)) {
      // A 304 updates the client's stored headers: it must not bring a policy whose nonce its
      // stored page does not have.
      const { etag, 'cache-control': cacheControl } = entry.headers
      return reply
        .code(304)
        .headers({ etag, 'cache-control': cacheControl, vary: 'accept-encoding' })
        .send()
    }
    reply.code(200).headers(entry.headers).header('vary', 'accept-encoding')
    const encoding = chooseEncoding(request.headers['accept-encoding'])
    if (!encoding) return reply.send(entry.body)
    let variant = entry.variants[encoding]
    if (!variant) {
      variant = entry.variants[encoding] = compressors[encoding](entry.body)
      const made = generation
      void variant.then(
        (compressed) => {
          // Counted only while the entry is still the one kept under its key.
          if (made !== generation || entries.get(key) !== entry) return
          entry.bytes += compressed.length
          totalBytes += compressed.length
          evict()
        },
        () => {},
      )
    }
    return reply.header('content-encoding', encoding).send(await variant)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request)
    if (!state || state.fromCache) return payload
    if (reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return payload
    const cacheControl = String(reply.getHeader('cache-control') ?? '')
    const contentType = String(reply.getHeader('content-type') ?? '')
    const token = tokens.get(reply)
    if (!token && !cacheControl.startsWith('public')) return payload
    if (!CACHEABLE_TYPE.test(contentType)) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    if (payload.length > MAX_BODY_BYTES) return payload
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload
    if (!token && !reply.hasHeader('etag')) reply.header('etag', weakEtag(body))
    if (state.generation !== generation) return payload
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !UNSTORED_HEADERS.has(name)) headers[name] = String(value)
    }
    remove(state.key)
    entries.set(state.key, {
      body,
      token,
      bytes: body.length,
      variants: {},
      headers,
      expiresAt: now() + opts.ttlMs,
      refreshing: false,
    })
    totalBytes += body.length
    evict()
    return payload
  })

  app.addHook('onResponse', async (request) => {
    const state = states.get(request)
    if (!state || state.fromCache) return
    // A refresh that did not store a new copy: drop the stale one rather than serve it on.
    const entry = entries.get(state.key)
    if (entry?.refreshing && now() >= entry.expiresAt) remove(state.key)
  })
})
