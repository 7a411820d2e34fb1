/** /api/websites: the public portfolio reads and the admin's writes (drafts, order, publishing). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import {
  WebsiteMutationResponseSchema,
  WebsiteOrderBodySchema,
  WebsiteSchema,
  WebsiteSearchPageSchema,
  WebsiteSearchQuerySchema,
  WebsitesAdminPageSchema,
  WebsiteUpdateBodySchema,
} from '#common/schemas/websites.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { addPublishingRoutes } from '#server/lib/publishing/publishing-routes.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'
import type { WebsitesService } from './websites.service.ts'

/**
 * A draft read by its id: kept by no cache (the response cache stores `public` answers only), so
 * publishing or deleting it shows at once, and indexed by no search engine.
 */
const DRAFT_HEADERS = { 'cache-control': CACHE_POLICY.privateRead, 'x-robots-tag': 'noindex' }

export const websitesRoutes: FastifyPluginAsyncZod<{ websites: WebsitesService }> = async (
  app,
  { websites },
) => {
  addPublishingRoutes(app, {
    listPath: '/search',
    schemas: {
      listQuery: WebsiteSearchQuerySchema,
      publicPage: WebsiteSearchPageSchema,
      adminPage: WebsitesAdminPageSchema,
      entry: WebsiteSchema,
    },
    reads: websites,
    remove: websites.remove,
    deletedMessage: 'Website deleted successfully',
  })

  app.get(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        response: { 200: WebsiteSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const website = await websites.getById(request.params.id)
      // A reader with a token (the admin's edit page) gets no cacheable copy: the next edit shows at once.
      if (!website.published) reply.headers(DRAFT_HEADERS)
      else if (!request.headers.authorization)
        reply.header('cache-control', CACHE_POLICY.publicRead)
      return website
    },
  )

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 201: WebsiteMutationResponseSchema, ...ADMIN_ERRORS } },
    },
    async (_request, reply) => {
      const website = await websites.createDraft()
      return reply.code(201).send({ message: 'Website created successfully', website })
    },
  )

  app.put(
    '/order',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: WebsiteOrderBodySchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      await websites.reorder(request.body)
      return { message: 'Order saved' }
    },
  )

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: WebsiteUpdateBodySchema,
        response: {
          200: WebsiteMutationResponseSchema,
          ...ADMIN_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const website = await websites.update(request.params.id, request.body)
      return { message: 'Website updated successfully', website }
    },
  )
}
