/**
 * Bearer-token authentication. Every authenticated request re-reads its user, so a deletion,
 * a demotion or a password change (which bumps tokenVersion) takes effect on the next request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { users, type UserRow } from '#server/db/schema.ts'
import { forbidden, unauthorized } from '#server/lib/http-errors.ts'
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

export interface AuthPluginOptions {
  db: Db
  tokens: TokenService
}

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
  // Runs on every authenticated request: prepared once rather than built each time.
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_user_by_id')

  async function authenticate(request: FastifyRequest): Promise<UserRow> {
    const token = bearerToken(request)
    if (!token) throw unauthorized('Not authorized, no token')
    const claims = await tokens.verify(token)
    if (!claims) throw unauthorized('Not authorized, token failed')
    const [user] = await userById.execute({ id: claims.userId })
    if (!user || user.tokenVersion !== claims.tokenVersion) {
      throw unauthorized('Not authorized, token failed')
    }
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
