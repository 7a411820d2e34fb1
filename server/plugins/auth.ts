/**
 * Bearer-token authentication. Every authenticated request re-reads its user, so a deletion, a
 * demotion, or a password or e-mail change or "sign out everywhere" (each bumps tokenVersion)
 * takes effect on the next request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { batchedRead, inIdsPlaceholder } from '#server/db/batched-read.ts'
import type { Db } from '#server/db/client.ts'
import { users, type UserRow } from '#server/db/schema.ts'
import { forbidden, HttpError, unauthorized } from '#server/lib/http-errors.ts'
import type { TokenService } from '#server/lib/tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>
    requireAdmin: (request: FastifyRequest) => Promise<void>
    adminRead: <T>(request: FastifyRequest, read: UserAndDataRead<T>) => Promise<T>
  }
}

/**
 * Reads, in one statement, the user a token names (undefined when gone) together with the data an
 * admin-only call answers with: one database round trip instead of two. Like the plain user read,
 * it may serve several concurrent requests with one statement (server/db/batched-read.ts), never
 * with one started before the request arrived.
 */
export type UserAndDataRead<T> = (userId: string) => Promise<{ user: UserRow | undefined; data: T }>

interface AuthPluginOptions {
  db: Db
  tokens: TokenService
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
  { db, tokens }: AuthPluginOptions,
) {
  app.decorateRequest('user', null)
  // Runs on every authenticated request: prepared once, and shared by the requests that arrive
  // together (one statement for all their users).
  const usersByIds = db
    .select()
    .from(users)
    .where(inIdsPlaceholder(users.id))
    .prepare('auth_users_by_ids')
  const readUser = batchedRead(
    (ids: string[]) => usersByIds.execute({ ids }),
    (user) => user.id,
  )

  /** The token's user and whatever `read` fetched with it, once the token and the user check out. */
  async function authenticate<T>(
    request: FastifyRequest,
    read: UserAndDataRead<T>,
  ): Promise<{ user: UserRow; data: T }> {
    const token = bearerToken(request)
    if (!token) throw unauthorized('Not authorized, no token')
    const claims = await tokens.verify(token)
    if (!claims) throw tokenRefused()
    const { user, data } = await read(claims.userId)
    if (!user || user.tokenVersion !== claims.tokenVersion) throw tokenRefused()
    request.user = user
    return { user, data }
  }
  const userOnly: UserAndDataRead<undefined> = async (id) => ({
    user: await readUser(id),
    data: undefined,
  })

  app.decorate('requireUser', async (request: FastifyRequest) => {
    await authenticate(request, userOnly)
  })
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const { user } = await authenticate(request, userOnly)
    if (!user.isAdmin) throw forbidden()
  })
  // The same checks as requireAdmin, for a handler that reads its data along with the user.
  app.decorate(
    'adminRead',
    async <T>(request: FastifyRequest, read: UserAndDataRead<T>): Promise<T> => {
      const { user, data } = await authenticate(request, read)
      if (!user.isAdmin) throw forbidden()
      return data
    },
  )
})

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized()
  return request.user
}
