/**
 * /api/posts/:id/send and /api/posts/:id/newsletter: mailing a published post to subscribers, and
 * /api/posts/:id/newsletter/test: the same mail to the signed-in admin alone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import {
  NewsletterResponseSchema,
  NewsletterTestResponseSchema,
} from '#common/schemas/subscribers.ts'
import { currentUser } from '#server/plugins/auth.ts'
import { errorResponses } from '#server/lib/route-schemas.ts'
import type { NewsletterService } from './newsletter.service.ts'

const errors = errorResponses(400, 401, 403, 404)

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

  app.post(
    '/:id/newsletter/test',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: { 200: NewsletterTestResponseSchema, ...errors },
      },
    },
    async (request) => newsletter.sendTest(request.params.id, currentUser(request).email),
  )
}
