/** /api/posts: the public journal reads and the admin's writes (drafts, scheduling, publishing). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import {
  PostBodySchema,
  PostCreateBodySchema,
  PostListQuerySchema,
  PostMutationResponseSchema,
  PostPageSchema,
  PostSchema,
} from '#common/schemas/posts.ts'
import { addPublishingRoutes } from '#server/lib/publishing/publishing-routes.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'
import type { JournalService } from './journal.service.ts'

export const journalRoutes: FastifyPluginAsyncZod<{ journal: JournalService }> = async (
  app,
  { journal },
) => {
  addPublishingRoutes(app, {
    listPath: '/',
    schemas: {
      listQuery: PostListQuerySchema,
      publicPage: PostPageSchema,
      adminPage: PostPageSchema,
      entry: PostSchema,
    },
    reads: journal,
    remove: journal.remove,
    deletedMessage: 'Post deleted successfully',
  })

  app.get(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: {
          200: PostSchema,
          ...ADMIN_ERRORS,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => journal.getById(request.params.id),
  )

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: PostCreateBodySchema,
        response: {
          201: PostMutationResponseSchema,
          ...ADMIN_ERRORS,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const post = await journal.createDraft(request.body)
      return reply.code(201).send({ post })
    },
  )

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: PostBodySchema,
        response: {
          200: PostMutationResponseSchema,
          ...ADMIN_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ post: await journal.update(request.params.id, request.body) }),
  )
}
