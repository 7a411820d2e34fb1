/**
 * Bearer-token authentication. Every authenticated request re-reads its user, so a deletion, a
 * demotion, or a password or e-mail change or "sign out everywhere" (each bumps tokenVersion)
 * takes effect on the next request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { UserRow } from '#server/db/schema.ts'
import { forbidden, HttpError, unauthorized } from '#server/lib/http-errors.ts'
import type { TokenService } from '#server/lib/tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>
    requireAdmin: (request: FastifyRequest) => Promise<void>
  }
}

interface AuthPluginOptions {
  tokens: TokenService
  /** The user a token names, read afresh (the users module's `findUser`); undefined when gone. */
  findUser: (id: string) => Promise<UserRow | undefined>
}

/**
 * A token that no longer works (expired, signed out everywhere, user deleted). RFC 6750's
 * `invalid_token` tells the browser to drop its session; other 401s (a wrong current password)
 * leave it alone.
 */
const tokenRefused = () =>
  new HttpError(401, 'Not authorized, token failed', {
    'www-authenticate': 'Bearer error="invalid_token"',
  })

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

export default fp(async function authPlugin(
  app: FastifyInstance,
  { tokens, findUser }: AuthPluginOptions,
) {
  app.decorateRequest('user', null)

  /** The token's user, once the token and the user check out. */
  async function authenticate(request: FastifyRequest): Promise<UserRow> {
    const token = bearerToken(request)
    if (!token) throw unauthorized('Not authorized, no token')
    const claims = await tokens.verify(token)
    if (!claims) throw tokenRefused()
    const user = await findUser(claims.userId)
    if (!user || user.tokenVersion !== claims.tokenVersion) throw tokenRefused()
    request.user = user
    return user
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
