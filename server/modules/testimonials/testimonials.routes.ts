/** /api/testimonials: the owner's requests and reviews, the client's post, the public list. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import {
  AdminTestimonialListSchema,
  AdminTestimonialOrderResponseSchema,
  TestimonialFieldsSchema,
  TestimonialListSchema,
  TestimonialOrderBodySchema,
  TestimonialRequestListSchema,
  TestimonialRequestBodySchema,
  TestimonialRequestResponseSchema,
  TestimonialResponseSchema,
  TestimonialSubmitBodySchema,
  TestimonialSubmitResponseSchema,
  TestimonialUpdateBodySchema,
} from '#common/schemas/testimonials.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import type { TestimonialsService } from './testimonials.service.ts'

const adminErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema }

export const testimonialsRoutes: FastifyPluginAsyncZod<{
  testimonials: TestimonialsService
}> = async (app, { testimonials }) => {
  app.get(
    '/',
    { schema: { response: { 200: TestimonialListSchema } } },
    async (_request, reply) => {
      const list = await testimonials.listPublic()
      reply.header('cache-control', CACHE_POLICY.publicRead)
      return { testimonials: list }
    },
  )

  app.post(
    '/',
    {
      // Before the body is read or validated: every post counts against the limit.
      onRequest: async (request) => testimonials.countSubmitAttempt(request.ip),
      schema: {
        body: TestimonialSubmitBodySchema,
        response: {
          201: TestimonialSubmitResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await testimonials.submit(request.body)),
  )

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: AdminTestimonialListSchema, ...adminErrors } },
    },
    async () => testimonials.listAdmin(),
  )

  app.post(
    '/requests',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: TestimonialRequestBodySchema,
        response: {
          201: TestimonialRequestResponseSchema,
          ...adminErrors,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await testimonials.request(request.body)),
  )

  app.get(
    '/requests',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: TestimonialRequestListSchema, ...adminErrors } },
    },
    async () => testimonials.listRequests(),
  )

  app.post(
    '/requests/:id/resend',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: {
          200: MessageResponseSchema,
          ...adminErrors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => testimonials.resendRequest(request.params.id),
  )

  app.post(
    '/manual',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: TestimonialFieldsSchema,
        response: { 201: TestimonialResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await testimonials.addManual(request.body)),
  )

  // Registered before /:id, though Fastify prefers the static segment anyway.
  app.put(
    '/order',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: TestimonialOrderBodySchema,
        response: { 200: AdminTestimonialOrderResponseSchema, ...adminErrors },
      },
    },
    async (request) => ({ testimonials: await testimonials.reorder(request.body.ids) }),
  )

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: TestimonialUpdateBodySchema,
        response: { 200: TestimonialResponseSchema, ...adminErrors, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({
      testimonial: await testimonials.update(request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...adminErrors, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      await testimonials.remove(request.params.id)
      return { message: 'Testimonial deleted successfully' }
    },
  )
}
