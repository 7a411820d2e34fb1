/** /api/testimonials: the owner's requests and reviews, the client's post, the public list. */
import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
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
  TESTIMONIAL_PHOTO_FIELD,
  TESTIMONIAL_TEXT_MAX,
} from '#common/schemas/testimonials.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { badRequest, HttpError } from '#server/lib/http-errors.ts'
import {
  imageMultipartLimits,
  malformedAsBadRequest,
  readImageFile,
} from '../uploads/image-file.ts'
import type { TestimonialsService } from './testimonials.service.ts'
import { ADMIN_ERRORS, adminDeleteRoute } from '#server/lib/route-schemas.ts'

/** A client's post as a multipart form: the testimonial's fields (token, name, role ...), and a photo. */
const SUBMIT_FORM_FIELDS = 8

export const testimonialsRoutes: FastifyPluginAsyncZod<{
  testimonials: TestimonialsService
}> = async (app, { testimonials }) => {
  // A client's post may be a multipart form with their photo or logo (one image file).
  await app.register(multipart, {
    limits: imageMultipartLimits({ count: SUBMIT_FORM_FIELDS, maxBytes: TESTIMONIAL_TEXT_MAX * 4 }),
  })
  const photos = new WeakMap<FastifyRequest, Buffer>()

  /** Reads a multipart post into the body (validated as a JSON one is) and the photo beside it. */
  async function readSubmitForm(request: FastifyRequest) {
    if (!request.isMultipart()) return
    const fields: Record<string, string> = {}
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value
          continue
        }
        if (part.fieldname !== TESTIMONIAL_PHOTO_FIELD)
          throw badRequest(`Only the "${TESTIMONIAL_PHOTO_FIELD}" field takes a file`, {
            field: part.fieldname,
          })
        const photo = await readImageFile(app, part, TESTIMONIAL_PHOTO_FIELD)
        if (photo.length > 0) photos.set(request, photo)
      }
    } catch (error) {
      // A file too large is a refused field like any other: 400 naming it.
      if (error instanceof HttpError && error.statusCode === 413)
        throw badRequest(error.message, { field: error.field })
      throw malformedAsBadRequest(TESTIMONIAL_PHOTO_FIELD)(error)
    }
    request.body = fields
  }
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
      preValidation: readSubmitForm,
      schema: {
        consumes: ['application/json', 'multipart/form-data'],
        body: TestimonialSubmitBodySchema,
        response: {
          201: TestimonialSubmitResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await testimonials.submit(request.body, { photo: photos.get(request) })),
  )

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: AdminTestimonialListSchema, ...ADMIN_ERRORS } },
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
          ...ADMIN_ERRORS,
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
      schema: { response: { 200: TestimonialRequestListSchema, ...ADMIN_ERRORS } },
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
          ...ADMIN_ERRORS,
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
        response: { 201: TestimonialResponseSchema, ...ADMIN_ERRORS },
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
        response: { 200: AdminTestimonialOrderResponseSchema, ...ADMIN_ERRORS },
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
        response: { 200: TestimonialResponseSchema, ...ADMIN_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({
      testimonial: await testimonials.update(request.params.id, request.body),
    }),
  )

  adminDeleteRoute(app, '/:id', (id) => testimonials.remove(id), 'Testimonial deleted successfully')
}
