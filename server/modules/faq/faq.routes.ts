import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import {
  FaqBodySchema,
  FaqListSchema,
  FaqOrderBodySchema,
  FaqResponseSchema,
} from '#common/schemas/faq.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import type { FaqService } from './faq.service.ts'

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema }

export const faqRoutes: FastifyPluginAsyncZod<{ faq: FaqService }> = async (app, { faq }) => {
  app.get('/', { schema: { response: { 200: FaqListSchema } } }, async (_request, reply) => {
    const faqs = await faq.list()
    reply.header('cache-control', CACHE_POLICY.publicRead)
    return { faqs }
  })

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: FaqBodySchema,
        response: { 201: FaqResponseSchema, 400: ErrorResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.code(201).send({ faq: await faq.create(request.body) }),
  )

  // Registered before /:id, though Fastify prefers the static segment anyway.
  app.put(
    '/order',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: FaqOrderBodySchema,
        response: { 200: FaqListSchema, 400: ErrorResponseSchema, ...adminErrors },
      },
    },
    async (request) => ({ faqs: await faq.reorder(request.body.ids) }),
  )

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: FaqBodySchema,
        response: {
          200: FaqResponseSchema,
          400: ErrorResponseSchema,
          ...adminErrors,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ faq: await faq.update(request.params.id, request.body) }),
  )

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: {
          200: MessageResponseSchema,
          400: ErrorResponseSchema,
          ...adminErrors,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await faq.remove(request.params.id)
      return { message: 'FAQ entry deleted successfully' }
    },
  )
}
