import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamsSchema, MessageResponseSchema, PageQuerySchema } from '#common/schemas/common.ts'
import {
  ForgetPasswordBodySchema,
  ProfileBodySchema,
  type ProfileBody,
  ResetPasswordBodySchema,
  SessionSchema,
  SignInBodySchema,
  SignUpBodySchema,
  type SignInBody,
  UserPublicSchema,
  UserUpdateBodySchema,
  UsersPageSchema,
} from '#common/schemas/users.ts'
import { SignInResultSchema } from '#common/schemas/account-security.ts'
import { currentSession, currentUser } from '#server/plugins/auth.ts'
import type { AccountLimitHooks } from '#server/plugins/rate-limit.ts'
import type { SettingsService } from '#server/modules/settings/settings.service.ts'
import type { AccountSecurityService } from '../account-security/account-security.service.ts'
import { requestOrigin } from '../account-security/request-origin.ts'
import type { UsersService } from './users.service.ts'
import { errorResponses } from '#server/lib/route-schemas.ts'

const adminErrors = errorResponses(400, 401, 403, 404)

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService
  settings: SettingsService
  security: AccountSecurityService
  trustsProxy: boolean
}> = async (app, { users, settings, security, trustsProxy }) => {
  /** For the acts that need a recent password or code: a 403 thrower bound to the request. */
  const recentCheckOf = (request: FastifyRequest) => () =>
    security.requireRecentVerification(currentSession(request))

  app.post(
    '/signin',
    {
      config: { rateLimit: app.rateLimitFor('signIn') },
      ...app.accountLimitFor('signIn', (request) => (request.body as SignInBody).email),
      schema: {
        body: SignInBodySchema,
        // The session, or (two-factor on) { twoFactorRequired, challenge } and no token.
        response: { 200: SignInResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => users.signIn(request.body, requestOrigin(request, trustsProxy)),
  )

  app.post(
    '/signup',
    {
      config: { rateLimit: app.rateLimitFor('signUp') },
      // Closed sign-ups answer 403 whatever the body holds.
      preValidation: async () => settings.requireSignupsOpen(),
      schema: {
        body: SignUpBodySchema,
        response: { 201: SessionSchema, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await users.signUp(request.body, requestOrigin(request, trustsProxy))
      return reply.code(201).send(session)
    },
  )

  app.post(
    '/forget-password',
    {
      config: { rateLimit: app.rateLimitFor('passwordReset') },
      schema: {
        body: ForgetPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => users.forgetPassword(request.body.email),
  )

  app.post(
    '/reset-password',
    {
      config: { rateLimit: app.rateLimitFor('passwordReset') },
      schema: {
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => users.resetPassword(request.body),
  )

  // Guesses of the current password share the account's sign-in budget. Only calls carrying one
  // count, or reset the count: a name-only change must not wipe the guesses made before it.
  const accountLimit = app.accountLimitFor('signIn', (request) => currentUser(request).email)
  const withCurrentPassword = (hook: AccountLimitHooks['preHandler']) =>
    hook &&
    (async (request: FastifyRequest, reply: FastifyReply) => {
      if ((request.body as ProfileBody).currentPassword !== undefined) await hook(request, reply)
    })

  app.put(
    '/profile',
    {
      onRequest: app.requireUser,
      preHandler: withCurrentPassword(accountLimit.preHandler),
      onResponse: withCurrentPassword(accountLimit.onResponse),
      schema: {
        body: ProfileBodySchema,
        response: { 200: SessionSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      users.updateProfile(currentUser(request).id, currentSession(request), request.body),
  )

  app.post(
    '/signout-everywhere',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: MessageResponseSchema, ...errorResponses(401, 404) } },
    },
    async (request) => users.signOutEverywhere(currentUser(request).id),
  )

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: PageQuerySchema,
        response: { 200: UsersPageSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => users.listUsers(request.query.page),
  )

  app.get(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: { params: IdParamsSchema, response: { 200: UserPublicSchema, ...adminErrors } },
    },
    async (request) => users.getUser(request.params.id),
  )

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: UserUpdateBodySchema,
        response: { 200: UserPublicSchema, ...adminErrors, ...errorResponses(409) },
      },
    },
    async (request) => users.updateUser(request.params.id, request.body, recentCheckOf(request)),
  )

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: { params: IdParamsSchema, response: { 200: MessageResponseSchema, ...adminErrors } },
    },
    async (request) => users.deleteUser(request.params.id, recentCheckOf(request)),
  )
}
