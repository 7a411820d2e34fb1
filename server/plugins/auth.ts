/**
 * Bearer-token authentication. Every authenticated request re-reads its session record and user
 * (one query), so an ended session, a deletion, a demotion, or a password or e-mail change or
 * "sign out everywhere" (each bumps tokenVersion) takes effect on the next request, on every
 * instance.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { UserRow, UserSessionRow } from '#server/db/schema.ts'
import { forbidden, HttpError, unauthorized } from '#server/lib/http-errors.ts'
import type { TokenClaims, TokenService } from '#server/lib/tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null
    authSession: UserSessionRow | null
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>
    requireAdmin: (request: FastifyRequest) => Promise<void>
  }
}

interface AuthPluginOptions {
  tokens: TokenService
  /**
   * The user and session a token names, read afresh; undefined when the session has ended or the
   * token version moved on (the account-security service's `authenticate`).
   */
  authenticate: (
    claims: TokenClaims,
  ) => Promise<{ user: UserRow; session: UserSessionRow } | undefined>
}

/**
 * A token that no longer works (expired, signed out everywhere, user deleted). RFC 6750's
 * `invalid_token` tells the browser to drop its session; other 401s (a wrong current password)
 * leave it alone.
 */
const tokenRefused = () =>
  new HttpError(401, 'Not authorized, token failed', {
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  })

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

export default fp(async function authPlugin(
  app: FastifyInstance,
  { tokens, authenticate: findSession }: AuthPluginOptions,
) {
  app.decorateRequest('user', null)
  app.decorateRequest('authSession', null)

  /** The token's user, once the token and the user check out. */
  async function authenticate(request: FastifyRequest): Promise<UserRow> {
    const token = bearerToken(request)
    if (!token) throw unauthorized('Not authorized, no token')
    const claims = await tokens.verify(token)
    if (!claims) throw tokenRefused()
    const found = await findSession(claims)
    if (!found) throw tokenRefused()
    request.user = found.user
    request.authSession = found.session
    return found.user
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    await authenticate(request)
  })
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await authenticate(request)
    if (!user.isAdmin) throw forbidden()
  })
})

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized()
  return request.user
}

/** The session record of a request that passed `requireUser`. */
export function currentSession(request: FastifyRequest): UserSessionRow {
  if (!request.authSession) throw unauthorized()
  return request.authSession
}
