/** /api/websites/{id}/check and /api/websites/checks: the admin's side of portfolio link checks. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import {
  LinkCheckAttentionSchema,
  LinkCheckDetailsSchema,
  LinkCheckKeywordBodySchema,
  LinkCheckResponseSchema,
} from '#common/schemas/link-checks.ts'
import type { LinkChecksService } from './link-checks.service.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'

const byIdErrors = { ...ADMIN_ERRORS, 404: ErrorResponseSchema }

export const linkChecksRoutes: FastifyPluginAsyncZod<{ linkChecks: LinkChecksService }> = async (
  app,
  { linkChecks },
) => {
  app.get(
    '/checks',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: LinkCheckAttentionSchema, ...ADMIN_ERRORS } },
    },
    async () => linkChecks.needingAttention(),
  )

  app.post(
    '/:id/check',
    {
      onRequest: app.requireAdmin,
      schema: { params: IdParamsSchema, response: { 200: LinkCheckResponseSchema, ...byIdErrors } },
    },
    async (request) => ({ health: await linkChecks.checkNow(request.params.id) }),
  )

  app.get(
    '/:id/check',
    {
      onRequest: app.requireAdmin,
      schema: { params: IdParamsSchema, response: { 200: LinkCheckDetailsSchema, ...byIdErrors } },
    },
    async (request) => linkChecks.details(request.params.id),
  )

  app.put(
    '/:id/check',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: LinkCheckKeywordBodySchema,
        response: { 200: LinkCheckKeywordBodySchema, ...byIdErrors },
      },
    },
    async (request) => linkChecks.setKeyword(request.params.id, request.body.keyword),
  )
}
