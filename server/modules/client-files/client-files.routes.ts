/**
 * The owner's side of a client's files: POST/GET /api/clients/{id}/files, GET/DELETE
 * /api/clients/{id}/files/{fileId}. A download is always an attachment of bytes (never shown
 * inline, whatever the file is: an HTML or SVG file would otherwise run on the site's origin).
 * Multipart parsing is registered in this plugin's scope only.
 */
import multipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CLIENT_FILE_FIELD,
  CLIENT_FILE_MAX_BYTES,
  CLIENT_FILE_TOO_LARGE,
  ClientFileParamsSchema,
  ClientFileResponseSchema,
  ClientFilesListSchema,
} from '#common/schemas/client-files.ts'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import { badRequest, payloadTooLarge } from '#server/lib/http-errors.ts'
import { RECORD_ERRORS } from '#server/lib/route-schemas.ts'
import { malformedAsBadRequest } from '#server/modules/uploads/image-file.ts'
import type { ClientFilesService } from './client-files.service.ts'

const NO_FILE = `No file uploaded (send it in the "${CLIENT_FILE_FIELD}" field)`
const FIELD_COUNT = 4

export const clientFilesRoutes: FastifyPluginAsyncZod<{ clientFiles: ClientFilesService }> = async (
  app,
  { clientFiles },
) => {
  // One byte past the limit gets through, so the service sees a file too large and refuses it
  // (at the limit exactly, busboy cuts a file without saying so: image-file.ts).
  await app.register(multipart, {
    limits: {
      fileSize: CLIENT_FILE_MAX_BYTES + 1,
      files: 1,
      fields: FIELD_COUNT,
      fieldSize: 1024,
      parts: FIELD_COUNT + 1,
      headerPairs: 50,
    },
  })
  app.addHook('onRequest', app.requireAdmin)

  /** The upload's bytes, its errors answered as the uploads' are (413, or 400 for a broken body). */
  async function* received(file: MultipartFile): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of file.file) yield chunk as Buffer
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw payloadTooLarge(CLIENT_FILE_TOO_LARGE, { field: CLIENT_FILE_FIELD })
      throw malformedAsBadRequest(CLIENT_FILE_FIELD)(error)
    }
  }

  app.post(
    '/:id/files',
    {
      schema: {
        params: IdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: ClientFileResponseSchema, ...RECORD_ERRORS, 413: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const file = await request.file().catch((error: unknown) => {
        if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError)
          throw badRequest(NO_FILE, { field: CLIENT_FILE_FIELD })
        throw malformedAsBadRequest(CLIENT_FILE_FIELD)(error)
      })
      if (!file || file.fieldname !== CLIENT_FILE_FIELD || file.filename === '')
        throw badRequest(NO_FILE, { field: CLIENT_FILE_FIELD })
      const stored = await clientFiles.store({
        clientId: request.params.id,
        from: 'owner',
        // Browsers send a quote in a file's name as %22 (the HTML standard's multipart encoding).
        filename: file.filename.replaceAll('%22', '"'),
        contentType: file.mimetype,
        stream: received(file),
      })
      return reply.code(201).send({ file: stored })
    },
  )

  app.get(
    '/:id/files',
    {
      schema: {
        params: IdParamsSchema,
        response: { 200: ClientFilesListSchema, ...RECORD_ERRORS },
      },
    },
    async (request) => ({ files: await clientFiles.list(request.params.id) }),
  )

  app.get(
    '/:id/files/:fileId',
    { schema: { params: ClientFileParamsSchema, response: RECORD_ERRORS } },
    async (request, reply) => {
      const file = await clientFiles.open(request.params.id, request.params.fileId)
      // Bytes are sent as they are, past the response schemas (which describe JSON bodies).
      return reply.headers(file.headers).send(file.stream as never)
    },
  )

  app.delete(
    '/:id/files/:fileId',
    {
      schema: {
        params: ClientFileParamsSchema,
        response: { 200: MessageResponseSchema, ...RECORD_ERRORS },
      },
    },
    async (request) => {
      await clientFiles.remove(request.params.id, request.params.fileId)
      return { message: 'File deleted' }
    },
  )
}
