/**
 * The owner's side of a client's files: POST/GET /api/clients/{id}/files, GET/DELETE
 * /api/clients/{id}/files/{fileId}. A download is always an attachment of bytes (never shown
 * inline, whatever the file is: an HTML or SVG file would otherwise run on the site's origin).
 * Multipart parsing is registered in this plugin's scope only.
 */
import multipart, { type MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
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
  IdSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import { badRequest, HttpError, payloadTooLarge, unauthorized } from '#server/lib/http-errors.ts'
import { RECORD_ERRORS } from '#server/lib/route-schemas.ts'
import { malformedAsBadRequest } from '#server/modules/uploads/image-file.ts'
import type { ClientRoomService } from '#server/modules/client-room/client-room.service.ts'
import type { ClientFilesService } from './client-files.service.ts'

const NO_FILE = `No file uploaded (send it in the "${CLIENT_FILE_FIELD}" field)`
const FIELD_COUNT = 4

/**
 * Multipart parsing in a plugin's scope: one file of at most CLIENT_FILE_MAX_BYTES. One byte past
 * the limit gets through, so the service sees a file too large and refuses it (at the limit
 * exactly, busboy cuts a file without saying so: image-file.ts).
 */
async function acceptOneFile(app: FastifyInstance) {
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
}

/** The request's file in the "file" field: its name, type and bytes, as clientFiles.store takes them. */
async function uploadedFile(app: FastifyInstance, request: FastifyRequest) {
  const file = await request.file().catch((error: unknown) => {
    if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError)
      throw badRequest(NO_FILE, { field: CLIENT_FILE_FIELD })
    throw malformedAsBadRequest(CLIENT_FILE_FIELD)(error)
  })
  if (!file || file.fieldname !== CLIENT_FILE_FIELD || file.filename === '')
    throw badRequest(NO_FILE, { field: CLIENT_FILE_FIELD })
  /** The upload's bytes, its errors answered as the uploads' are (413, or 400 for a broken body). */
  async function* received(part: MultipartFile): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of part.file) yield chunk as Buffer
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw payloadTooLarge(CLIENT_FILE_TOO_LARGE, { field: CLIENT_FILE_FIELD })
      throw malformedAsBadRequest(CLIENT_FILE_FIELD)(error)
    }
  }
  return {
    // Browsers send a quote in a file's name as %22 (the HTML standard's multipart encoding).
    filename: file.filename.replaceAll('%22', '"'),
    contentType: file.mimetype,
    stream: received(file),
  }
}

export const clientFilesRoutes: FastifyPluginAsyncZod<{ clientFiles: ClientFilesService }> = async (
  app,
  { clientFiles },
) => {
  await acceptOneFile(app)
  app.addHook('onRequest', app.requireAdmin)

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
      const stored = await clientFiles.store({
        clientId: request.params.id,
        from: 'owner',
        ...(await uploadedFile(app, request)),
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

/** Where the room's upload form lands again: its files, with what became of the upload. */
const roomFiles = (outcome: string) => `/client?file=${outcome}#files`

/**
 * The client's side, from their room (the session's cookie says whose): POST /api/client/files
 * and GET /api/client/files/{fileId}. No client id is taken from the request, so only the
 * session's own files are reachable (another's answers 404). The room's form posts here without
 * JavaScript: a browser that asks for HTML is sent back to the room (303) with the outcome.
 */
export const clientRoomFilesRoutes: FastifyPluginAsyncZod<{
  clientRoom: ClientRoomService
}> = async (app, { clientRoom }) => {
  await acceptOneFile(app)

  const sessionOf = async (request: FastifyRequest) => {
    const session = await clientRoom.sessionOf(request.headers.cookie)
    if (!session) throw unauthorized('Sign in to your client room first')
    return session.client
  }
  const wantsPage = (request: FastifyRequest) => request.headers.accept?.includes('text/html')

  app.post(
    '/files',
    {
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          201: ClientFileResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          413: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const client = await sessionOf(request)
        await clientRoom.countPost(client)
        const file = await clientRoom.uploadFile(client, await uploadedFile(app, request))
        return wantsPage(request)
          ? reply.redirect(roomFiles('sent'), 303)
          : reply.code(201).send({ file })
      } catch (error) {
        if (!wantsPage(request) || !(error instanceof HttpError)) throw error
        if (error.statusCode === 401) return reply.redirect('/client', 303)
        const outcome =
          error.statusCode === 413 ? 'too-large' : error.statusCode === 429 ? 'too-many' : 'missing'
        return reply.redirect(roomFiles(outcome), 303)
      }
    },
  )

  app.get(
    '/files/:fileId',
    {
      schema: {
        params: z.object({ fileId: IdSchema }),
        response: { 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const file = await clientRoom.openFile(await sessionOf(request), request.params.fileId)
      return reply
        .headers({ ...file.headers, 'cache-control': 'private, no-store' })
        .send(file.stream as never)
    },
  )
}
