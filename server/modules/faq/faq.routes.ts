import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import {
  FaqBodySchema,
  FaqListSchema,
  FaqOrderBodySchema,
  FaqResponseSchema,
} from '#common/schemas/faq.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import type { FaqService } from './faq.service.ts'
import { ADMIN_ERRORS, adminDeleteRoute } from '#server/lib/route-schemas.ts'

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
        response: { 201: FaqResponseSchema, ...ADMIN_ERRORS },
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
        response: { 200: FaqListSchema, ...ADMIN_ERRORS },
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
          ...ADMIN_ERRORS,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ faq: await faq.update(request.params.id, request.body) }),
  )

  adminDeleteRoute(app, '/:id', (id) => faq.remove(id), 'FAQ entry deleted successfully')
}
