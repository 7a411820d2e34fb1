/**
 * Security headers (helmet) with a per-request nonce for the scripts of rendered pages.
 * No CORS plugin is registered: the API is same-origin only.
 */
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string
  }
}

type NonceResponse = ServerResponse & { scriptNonce?: string }

const NONCE_BYTES = 16

/** A fresh nonce from the system's CSPRNG (128 bits, base64), one per rendered page. */
export const newNonce = () => randomBytes(NONCE_BYTES).toString('base64')

/** helmet's options for pages and API answers alike (everything but the Content-Security-Policy). */
const SHARED_OPTIONS = {
  frameguard: { action: 'deny' },
  // helmet's default "no-referrer" makes browsers send `Origin: null` on same-origin form posts,
  // which React Router's CSRF check rejects with 400: the contact form could never be sent.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
} as const satisfies Parameters<typeof helmet>[0]

export default fp(async function securityHeadersPlugin(
  app: FastifyInstance,
  opts: { isDevServer: boolean },
) {
  // helmet itself, built once: @fastify/helmet rebuilds the middleware on every request, ten
  // times the cost of running it.
  const applyHeaders = helmet({
    // Only scripts get a nonce: a nonce in style-src would make browsers ignore 'unsafe-inline',
    // which React's style attributes and the toast library's injected styles need.
    contentSecurityPolicy: opts.isDevServer
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as NonceResponse).scriptNonce ?? ''}'`,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        },
    ...SHARED_OPTIONS,
  })
  // API answers are JSON and never run scripts: one fixed set of headers, helmet's own, computed
  // once (its fourteen middlewares per request are a noticeable share of a small JSON answer).
  const apiHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      ...SHARED_OPTIONS,
    }),
  )
  app.decorateReply('scriptNonce', '')
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      reply.headers(apiHeaders)
      return done()
    }
    const nonce = newNonce()
    reply.scriptNonce = nonce
    ;(reply.raw as NonceResponse).scriptNonce = nonce
    applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined))
  })
})

/** The headers a helmet middleware sets on a response that does not depend on the request. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  middleware({} as never, response as never, () => {})
  return headers
}
