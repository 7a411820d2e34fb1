/** /api/subscribers: the public subscription and its confirmation, the owner's list and export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, MessageResponseSchema } from '#common/schemas/common.ts'
import {
  SubscribeBodySchema,
  SubscriberListSchema,
  SubscriberTokenBodySchema,
} from '#common/schemas/subscribers.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import type { SubscribersService } from './subscribers.service.ts'
import { ADMIN_ERRORS, adminDeleteRoute } from '#server/lib/route-schemas.ts'

export const subscribersRoutes: FastifyPluginAsyncZod<{
  subscribers: SubscribersService
}> = async (app, { subscribers }) => {
  app.post(
    '/',
    {
      // Before the body is read or validated: every post counts against the limit.
      onRequest: async (request) => subscribers.countSubscribeAttempt(request.ip),
      schema: {
        body: SubscribeBodySchema,
        response: {
          202: MessageResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await subscribers.subscribe(request.body)
      return reply.code(202).send({ message: subscribers.answer })
    },
  )

  app.post(
    '/confirm',
    {
      schema: {
        body: SubscriberTokenBodySchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => subscribers.confirm(request.body.token),
  )

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: SubscriberListSchema, ...ADMIN_ERRORS } },
    },
    async () => subscribers.listAdmin(),
  )

  app.get(
    '/export',
    { onRequest: app.requireAdmin, schema: { response: ADMIN_ERRORS } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="subscribers.csv"')
        .header('cache-control', CACHE_POLICY.privateRead)
        // A stream is piped as it is, past the response schemas (which describe JSON bodies).
        .send((await subscribers.exportCsv()) as never),
  )

  adminDeleteRoute(app, '/:id', (id) => subscribers.remove(id), 'Subscriber deleted successfully')
}
