import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import { OutboxPageSchema, OutboxQuerySchema } from '#common/schemas/outbox.ts'
import { notFound } from '#server/lib/http-errors.ts'
import type { MailService } from './mail.service.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'

/** The owner's outbox: every mail's kind, recipient, subject and state; never its body. */
export const outboxRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: OutboxQuerySchema,
        response: { 200: OutboxPageSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => mail.list(request.query),
  )

  app.post(
    '/:id/retry',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: { 202: ErrorResponseSchema.partial(), ...ADMIN_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!(await mail.retry(request.params.id))) throw notFound('No failed mail with this id')
      return reply.code(202).send({ message: 'Queued again' })
    },
  )
}
