import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { StatsQuerySchema, StatsSchema } from '#common/schemas/stats.ts'
import type { StatsService } from './stats.service.ts'

/** The visit statistics of the last 7, 30 or 365 days. Admin only. */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (
  app,
  { stats },
) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: StatsQuerySchema,
        response: {
          200: StatsSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => stats.stats(request.query.range),
  )
}
