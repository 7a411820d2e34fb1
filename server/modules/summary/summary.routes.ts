import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { SummarySchema } from '#common/schemas/summary.ts'
import type { SummaryRepository } from './summary.repository.ts'

export const summaryRoutes: FastifyPluginAsyncZod<{ summary: SummaryRepository }> = async (
  app,
  { summary },
) => {
  app.get(
    '/summary',
    {
      schema: {
        response: { 200: SummarySchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    // Admin only, like requireAdmin, with the user re-read in the same statement as the figures.
    async (request) => app.adminRead(request, summary.summaryFor),
  )
}
