/** /api/posts/:id/send and /api/posts/:id/newsletter: mailing a published post to subscribers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import { NewsletterResponseSchema } from '#common/schemas/subscribers.ts'
import type { NewsletterService } from './newsletter.service.ts'

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
}

export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  app.post(
    '/:id/send',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: { 202: NewsletterResponseSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ newsletter: await newsletter.send(request.params.id) }),
  )

  app.get(
    '/:id/newsletter',
    {
      onRequest: app.requireAdmin,
      schema: { params: IdParamsSchema, response: { 200: NewsletterResponseSchema, ...errors } },
    },
    async (request) => ({ newsletter: await newsletter.get(request.params.id) }),
  )
}
