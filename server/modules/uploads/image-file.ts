/**
 * Reading an image file out of a multipart body, for every route that takes one (POST /api/upload,
 * a testimonial's photo): the size limit and a malformed body answered the same way everywhere.
 * The image itself is checked by the uploads service's `store`.
 */
import type { FastifyInstance } from 'fastify'
import type { MultipartFile } from '@fastify/multipart'
import { UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { badRequest, payloadTooLarge } from '#server/lib/http-errors.ts'
import { FILE_TOO_LARGE } from '#common/constants.ts'

/** The limits of a multipart body carrying one image: the file's size, and a form's fields. */
export const imageMultipartLimits = (fields: { count: number; maxBytes: number }) => ({
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: fields.count,
  fieldSize: fields.maxBytes,
  parts: fields.count + 1,
  headerPairs: 50,
})

/** busboy reports a malformed body (no boundary, data cut off) as a plain Error without a status. */
export const malformedAsBadRequest = (field: string) => (error: unknown) =>
  error instanceof Error && !('statusCode' in error)
    ? badRequest('The upload is not a well-formed multipart body', { field })
    : error

/** The file's bytes; 413 naming `field` past UPLOAD_MAX_BYTES, 400 for a malformed body. */
export async function readImageFile(
  app: FastifyInstance,
  file: MultipartFile,
  field: string,
): Promise<Buffer> {
  const image = await file.toBuffer().catch((error: unknown) => {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError)
      throw payloadTooLarge(FILE_TOO_LARGE, { field })
    throw malformedAsBadRequest(field)(error)
  })
  // toBuffer() looks at `truncated` only after each chunk it receives. When the limit falls exactly
  // at a chunk's end, busboy marks the file truncated without sending another, and the file comes
  // back cut at the limit instead of refused (likely https://github.com/fastify/fastify-multipart/issues/542).
  if (file.file.truncated) throw payloadTooLarge(FILE_TOO_LARGE, { field })
  return image
}
