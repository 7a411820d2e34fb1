import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AccountSecuritySchema,
  PasskeyAddBodySchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  PasskeySignInBodySchema,
  PasskeysListSchema,
  RecoveryCodesSchema,
  ReverifyBodySchema,
  SecurityLogSchema,
  SessionsListSchema,
  SignInSecondStepBodySchema,
  TwoFactorCodeBodySchema,
  TwoFactorDisableBodySchema,
  TwoFactorSetupSchema,
} from '#common/schemas/account-security.ts'
import { IdParamsSchema, MessageResponseSchema } from '#common/schemas/common.ts'
import { SessionSchema } from '#common/schemas/users.ts'
import { currentSession, currentUser } from '#server/plugins/auth.ts'
import type { AccountSecurityService } from './account-security.service.ts'
import { requestOrigin } from './request-origin.ts'
import { errorResponses } from '#server/lib/route-schemas.ts'

/** Two-factor, passkeys, the sessions list and the security log, under /api/users. */
export const accountSecurityRoutes: FastifyPluginAsyncZod<{
  security: AccountSecurityService
  trustsProxy: boolean
}> = async (app, { security, trustsProxy }) => {
  const signInLimit = { rateLimit: app.rateLimitFor('signIn') }
  // Guesses of the password or a code by a signed-in session share the account's sign-in budget.
  const accountLimit = app.accountLimitFor('signIn', (request) => currentUser(request).email)
  const guarded = {
    onRequest: app.requireUser,
    preHandler: accountLimit.preHandler,
    onResponse: accountLimit.onResponse,
  }

  // Codes are guessed within the account's budget of wrong codes, whatever the challenge or address,
  // which the service keeps in the database (so it holds across instances and new challenges).
  app.post(
    '/signin/2fa',
    {
      config: signInLimit,
      schema: {
        body: SignInSecondStepBodySchema,
        response: { 200: SessionSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => security.completeSignIn(request.body, requestOrigin(request, trustsProxy)),
  )

  app.post(
    '/signin/passkey/options',
    {
      config: signInLimit,
      schema: { response: { 200: PasskeyOptionsSchema, ...errorResponses(429) } },
    },
    async () => ({ ...(await security.passkeySignInOptions()) }),
  )

  app.post(
    '/signin/passkey',
    {
      config: signInLimit,
      schema: {
        body: PasskeySignInBodySchema,
        response: { 200: SessionSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      security.signInWithPasskey(request.body, requestOrigin(request, trustsProxy)),
  )

  app.get(
    '/sessions',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: SessionsListSchema, ...errorResponses(401) } },
    },
    async (request) => security.listSessions(currentUser(request).id, currentSession(request).id),
  )

  // Sign Out: this device's session ends, so its token is refused even if a copy of it survives.
  app.post(
    '/signout',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: MessageResponseSchema, ...errorResponses(401, 404) } },
    },
    async (request) =>
      security.endSession(
        currentUser(request),
        currentSession(request),
        currentSession(request).id,
      ),
  )

  app.delete(
    '/sessions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      security.endSession(currentUser(request), currentSession(request), request.params.id),
  )

  app.get(
    '/security',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: AccountSecuritySchema, ...errorResponses(401) } },
    },
    async (request) => security.status(currentUser(request), currentSession(request)),
  )

  app.post(
    '/reverify',
    {
      ...guarded,
      schema: {
        body: ReverifyBodySchema,
        response: { 200: AccountSecuritySchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      security.reverify(currentUser(request), currentSession(request), request.body),
  )

  app.post(
    '/2fa/setup',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: TwoFactorSetupSchema, ...errorResponses(401, 403, 409) } },
    },
    async (request) => security.setupTwoFactor(currentUser(request), currentSession(request)),
  )

  app.post(
    '/2fa/enable',
    {
      ...guarded,
      schema: {
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      security.enableTwoFactor(currentUser(request), currentSession(request), request.body.code),
  )

  app.post(
    '/2fa/disable',
    {
      ...guarded,
      schema: {
        body: TwoFactorDisableBodySchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      security.disableTwoFactor(currentUser(request), currentSession(request), request.body),
  )

  app.post(
    '/2fa/recovery-codes',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) =>
      security.regenerateRecoveryCodes(currentUser(request), currentSession(request)),
  )

  app.get(
    '/passkeys',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: PasskeysListSchema, ...errorResponses(401) } },
    },
    async (request) => security.listPasskeys(currentUser(request).id),
  )

  app.post(
    '/passkeys/options',
    {
      onRequest: app.requireUser,
      schema: { response: { 200: PasskeyOptionsSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({
      ...(await security.passkeyRegistrationOptions(currentUser(request), currentSession(request))),
    }),
  )

  app.post(
    '/passkeys',
    {
      onRequest: app.requireUser,
      schema: {
        body: PasskeyAddBodySchema,
        response: { 201: PasskeySchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const passkey = await security.addPasskey(
        currentUser(request),
        currentSession(request),
        request.body,
      )
      return reply.code(201).send(passkey)
    },
  )

  app.delete(
    '/passkeys/:id',
    {
      onRequest: app.requireUser,
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      security.removePasskey(currentUser(request), currentSession(request), request.params.id),
  )

  app.get(
    '/security-log',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: SecurityLogSchema, ...errorResponses(401, 403) } },
    },
    async () => security.securityLog(),
  )
}
