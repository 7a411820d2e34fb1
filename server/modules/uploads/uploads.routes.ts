/**
 * POST /api/upload stores an image; GET /uploads/:file serves it from the database. Multipart parsing
 * is registered in this plugin's scope (and in the testimonials', for a client's photo) only, so no
 * other route accepts multipart bodies.
 */
import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { matchesEtag } from '#server/lib/etag.ts'
import { badRequest } from '#server/lib/http-errors.ts'
import { imageMultipartLimits, malformedAsBadRequest, readImageFile } from './image-file.ts'
import type { UploadsService } from './uploads.service.ts'

const IMAGE_FIELD = 'image'
const NO_IMAGE = `${IMAGE_FIELD}: No image uploaded (send the file in the "${IMAGE_FIELD}" field)`

const UploadFileParamsSchema = z.object({ file: z.string() })

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  await app.register(multipart, { limits: imageMultipartLimits({ count: 4, maxBytes: 1024 }) })

  async function readImageField(request: FastifyRequest): Promise<Buffer> {
    const file = await request.file().catch((error: unknown) => {
      if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError)
        throw badRequest(NO_IMAGE)
      throw malformedAsBadRequest(IMAGE_FIELD)(error)
    })
    if (!file || file.fieldname !== IMAGE_FIELD) throw badRequest(NO_IMAGE)
    return readImageFile(app, file, IMAGE_FIELD)
  }

  app.post(
    '/api/upload',
    {
      onRequest: app.requireAdmin,
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          200: z.string().describe('The stored image path, e.g. /uploads/<hash>.webp'),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          413: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const path = await uploads.store(await readImageField(request))
      // Fastify sends a string payload as it is, without the serializer, so encode the JSON string here.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(path))
    },
  )

  app.get(
    '/uploads/:file',
    {
      // Images, as the build's assets: requests logged only when something goes wrong.
      logLevel: 'warn',
      schema: {
        params: UploadFileParamsSchema,
        response: {
          200: z.custom<Buffer>().describe('WebP image'),
          304: z.undefined().describe('Not modified: no body'),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const image = await uploads.read(request.params.file)
      reply.header('cache-control', CACHE_POLICY.immutableAsset).header('etag', image.etag)
      if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send()
      return reply.type(image.contentType).header('content-length', image.byteSize).send(image.data)
    },
  )
}
