import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { SetupSchema } from '#common/schemas/setup.ts'
import type { SetupService } from './setup.service.ts'

export const setupRoutes: FastifyPluginAsyncZod<{ setup: SetupService }> = async (
  app,
  { setup },
) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        response: { 200: SetupSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async () => setup.get(),
  )
}
