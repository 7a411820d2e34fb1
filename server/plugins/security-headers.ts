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
    frameguard: { action: 'deny' },
    // helmet's default "no-referrer" makes browsers send `Origin: null` on same-origin form posts,
    // which React Router's CSRF check rejects with 400: the contact form could never be sent.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })
  app.decorateReply('scriptNonce', '')
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = randomBytes(16).toString('base64')
    reply.scriptNonce = nonce
    ;(reply.raw as NonceResponse).scriptNonce = nonce
    applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined))
  })
})
