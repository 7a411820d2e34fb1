/**
 * The routes every published content type answers alike under its prefix: the public list, its
 * tags, one entry by slug (an old slug finds it too), the admin's list, and deletion. A content
 * type's routes file adds its own (creating, saving, ordering).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { ErrorResponseSchema, PageQuerySchema } from '#common/schemas/common.ts'
import { SlugParamsSchema } from '#common/schemas/publishing.ts'
import { TagListSchema, type TagList } from '#common/schemas/tags.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { ADMIN_ERRORS, adminDeleteRoute } from '#server/lib/route-schemas.ts'

type ZodApp = Parameters<FastifyPluginAsyncZod>[0]
type ListQuery = z.ZodType<{ page: number; tag?: string | undefined }>

export function addPublishingRoutes<
  Query extends ListQuery,
  PublicPage extends z.ZodType,
  AdminPage extends z.ZodType,
  Entry extends z.ZodType,
>(
  app: ZodApp,
  {
    listPath,
    schemas,
    reads,
    remove,
    deletedMessage,
  }: {
    /** Where the public list answers ("/" for the journal, "/search" for the portfolio). */
    listPath: string
    schemas: { listQuery: Query; publicPage: PublicPage; adminPage: AdminPage; entry: Entry }
    reads: {
      listPublic: (page: number, tag?: string) => Promise<z.infer<PublicPage>>
      listTags: () => Promise<TagList>
      listAdmin: (page: number) => Promise<z.infer<AdminPage>>
      getBySlug: (slug: string) => Promise<z.infer<Entry>>
    }
    remove: (id: string) => Promise<void>
    deletedMessage: string
  },
): void {
  // The schemas as plain Zod types: the handlers' answers are checked against the generic types
  // above, which the type provider cannot resolve inside a generic function.
  const publicPage: z.ZodType = schemas.publicPage
  const adminPage: z.ZodType = schemas.adminPage
  const entry: z.ZodType = schemas.entry
  const listQuery: ListQuery = schemas.listQuery

  app.get(
    listPath,
    {
      schema: {
        querystring: listQuery,
        response: { 200: publicPage, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, tag } = request.query
      const result = await reads.listPublic(page, tag)
      reply.header('cache-control', CACHE_POLICY.publicRead)
      return result
    },
  )

  app.get('/tags', { schema: { response: { 200: TagListSchema } } }, async (_request, reply) => {
    const result = await reads.listTags()
    reply.header('cache-control', CACHE_POLICY.publicRead)
    return result
  })

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: PageQuerySchema,
        response: { 200: adminPage, ...ADMIN_ERRORS },
      },
    },
    async (request) => reads.listAdmin(request.query.page),
  )

  app.get(
    '/slug/:slug',
    {
      schema: {
        params: SlugParamsSchema,
        response: { 200: entry, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const entry = await reads.getBySlug(request.params.slug)
      reply.header('cache-control', CACHE_POLICY.publicRead)
      return entry
    },
  )

  adminDeleteRoute(app, '/:id', remove, deletedMessage)
}
