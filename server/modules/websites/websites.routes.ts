/** /api/websites: the public portfolio reads and the admin's writes (drafts, order, publishing). */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  PageQuerySchema,
} from '#common/schemas/common.ts'
import {
  SlugParamsSchema,
  WebsiteMutationResponseSchema,
  WebsiteOrderBodySchema,
  WebsiteSchema,
  WebsiteSearchPageSchema,
  WebsitesAdminPageSchema,
  WebsiteUpdateBodySchema,
} from '#common/schemas/websites.ts'
import type { WebsitesService } from './websites.service.ts'

/** Public reads may be cached briefly by browsers and shared caches; admin edits show within a minute. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600'

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema }

/** Whether the request's bearer token names an admin; a token that fails is treated as none. */
async function isAdminRequest(request: FastifyRequest): Promise<boolean> {
  try {
    await request.server.requireUser(request)
  } catch {
    return false
  }
  return request.user?.isAdmin === true
}

export const websitesRoutes: FastifyPluginAsyncZod<{ websites: WebsitesService }> = async (
  app,
  { websites },
) => {
  app.get(
    '/search',
    { schema: { querystring: PageQuerySchema, response: { 200: WebsiteSearchPageSchema } } },
    async (request, reply) => {
      const result = await websites.search(request.query.page)
      reply.header('cache-control', PUBLIC_CACHE)
      return result
    },
  )

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: PageQuerySchema,
        response: { 200: WebsitesAdminPageSchema, ...adminErrors },
      },
    },
    async (request) => websites.listAdmin(request.query.page),
  )

  app.get(
    '/slug/:slug',
    {
      schema: {
        params: SlugParamsSchema,
        response: { 200: WebsiteSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const website = await websites.getBySlug(request.params.slug)
      reply.header('cache-control', PUBLIC_CACHE)
      return website
    },
  )

  app.get(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        response: { 200: WebsiteSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // A signed-in admin also gets drafts (the edit page loads them here, as the original admin
      // client did); the answer then names a draft and must not be kept by a shared cache.
      const isAdmin = request.headers.authorization ? await isAdminRequest(request) : false
      const website = await websites.getById(request.params.id, { isAdmin })
      if (!isAdmin) reply.header('cache-control', PUBLIC_CACHE)
      return website
    },
  )

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 201: WebsiteMutationResponseSchema, ...adminErrors } },
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
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, ...adminErrors },
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
          400: ErrorResponseSchema,
          ...adminErrors,
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

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: {
          200: MessageResponseSchema,
          400: ErrorResponseSchema,
          ...adminErrors,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await websites.remove(request.params.id)
      return { message: 'Website deleted successfully' }
    },
  )
}
