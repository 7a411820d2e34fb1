import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { PageKeyParamsSchema, PageResponseSchema } from '#common/schemas/pages.ts'
import type { PagesService } from './pages.service.ts'

export const pagesRoutes: FastifyPluginAsyncZod<{ pages: PagesService }> = async (
  app,
  { pages },
) => {
  app.get(
    '/:key',
    {
      schema: {
        params: PageKeyParamsSchema,
        response: { 200: PageResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => pages.getPage(request.params.key),
  )

  app.put(
    '/:key',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: PageKeyParamsSchema,
        // Each key has its own shape: the service checks the body against it.
        body: z.unknown(),
        response: {
          200: PageResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => pages.updatePage(request.params.key, request.body),
  )
}
