import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import {
  SETTINGS_OPTIONS,
  SettingsOptionsSchema,
  SiteSettingsBodySchema,
  SiteSettingsSchema,
} from '#common/schemas/settings.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { withoutSecrets, type SettingsService } from './settings.service.ts'

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get('/', { schema: { response: { 200: SiteSettingsSchema } } }, async (request, reply) => {
    const result = await settings.get()
    // The admin's screen reads the secrets too; with a bearer that is no admin's, the public copy.
    if (request.headers.authorization) {
      const isAdmin = await app.requireAdmin(request).then(
        () => true,
        () => false,
      )
      if (isAdmin) {
        reply.header('cache-control', CACHE_POLICY.privateRead)
        return result
      }
    }
    reply.header('cache-control', CACHE_POLICY.publicRead)
    return withoutSecrets(result)
  })

  app.get(
    '/options',
    { schema: { response: { 200: SettingsOptionsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_POLICY.publicRead)
      return SETTINGS_OPTIONS
    },
  )

  app.put(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: SiteSettingsBodySchema,
        response: {
          200: SiteSettingsSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => settings.update(request.body),
  )
}
