import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { SummarySchema } from '#common/schemas/summary.ts'
import type { DashboardService } from './dashboard.service.ts'

/** The dashboard's figures, under the contract's path `/api/summary/summary`. Admin only. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/summary',
    {
      onRequest: app.requireAdmin,
      schema: {
        response: { 200: SummarySchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async () => dashboard.summary(),
  )
}
