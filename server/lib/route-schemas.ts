/**
 * What every route module declares the same way: the `{ message }` answers of its errors, the
 * admin's DELETE of one record by id, and the admin's download of a record's PDF.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]

/** `{ 400: ErrorResponseSchema, 401: … }` for the statuses given. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >

/** An admin route's refusals: bad input, not signed in, not an admin. */
export const ADMIN_ERRORS = errorResponses(400, 401, 403)

/** ADMIN_ERRORS, and a record that is not there (404) or cannot change as asked (409). */
export const RECORD_ERRORS = errorResponses(400, 401, 403, 404, 409)

/**
 * DELETE `path` (with an `:id`) for the admin: `remove` throws the service's 404 or 409, else the
 * answer is `{ message }`.
 */
export function adminDeleteRoute(
  app: ZodApp,
  path: string,
  remove: (id: string) => Promise<unknown>,
  message: string,
) {
  app.delete(
    path,
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...RECORD_ERRORS },
      },
    },
    async (request) => {
      await remove(request.params.id)
      return { message }
    },
  )
}

/**
 * GET `/:id/pdf` for the admin: the PDF `make` returns for the id, as a download never cached;
 * `make` throws the service's 404 or 409.
 */
export function adminPdfRoute(
  app: ZodApp,
  make: (id: string) => Promise<{ pdf: Uint8Array; filename: string }>,
) {
  app.get(
    '/:id/pdf',
    { onRequest: app.requireAdmin, schema: { params: IdParamsSchema, response: RECORD_ERRORS } },
    async (request, reply) => {
      const { pdf, filename } = await make(request.params.id)
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          // Bytes are sent as they are, past the response schemas (which describe JSON bodies).
          .send(pdf as never)
      )
    },
  )
}
