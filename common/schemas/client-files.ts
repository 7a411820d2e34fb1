/**
 * Files shared between the owner and a client (POST/GET /api/clients/{id}/files, GET/DELETE
 * /api/clients/{id}/files/{fileId}), both ways: `from` says who sent it.
 */
import { z } from 'zod'
import { IdSchema } from './common.ts'

/** The most a client file may hold, whoever uploads it. */
export const CLIENT_FILE_MAX_BYTES = 25 * 1024 * 1024
export const CLIENT_FILE_TOO_LARGE = `The file must be at most ${CLIENT_FILE_MAX_BYTES / (1024 * 1024)} MB`
export const CLIENT_FILE_NOT_FOUND = 'File not found'
/** The multipart field a file is sent in. */
export const CLIENT_FILE_FIELD = 'file'

export const CLIENT_FILE_SENDERS = ['owner', 'client'] as const
export type ClientFileSender = (typeof CLIENT_FILE_SENDERS)[number]

const ClientFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  from: z.enum(CLIENT_FILE_SENDERS),
})
export type ClientFile = z.infer<typeof ClientFileSchema>

/** The upload form's fields besides the file (none): the form reads the file itself. */
export const ClientFileUploadSchema = z.object({})

export const ClientFileResponseSchema = z.object({ file: ClientFileSchema })
export const ClientFilesListSchema = z.object({ files: z.array(ClientFileSchema) })
export const ClientFileParamsSchema = z.object({ id: IdSchema, fileId: IdSchema })
