import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { SiteSettingsBodySchema, SiteSettingsSchema } from '#common/schemas/settings.ts'
import { PUBLIC_READ_CACHE } from '#server/plugins/response-cache.ts'
import type { SettingsService } from './settings.service.ts'

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get('/', { schema: { response: { 200: SiteSettingsSchema } } }, async (_request, reply) => {
    const result = await settings.get()
    reply.header('cache-control', PUBLIC_READ_CACHE)
    return result
  })

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
