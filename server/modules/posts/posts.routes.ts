/** /api/posts: the public journal reads and the admin's writes (drafts, scheduling, publishing). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  PageQuerySchema,
} from '#common/schemas/common.ts'
import {
  PostBodySchema,
  PostCreateBodySchema,
  PostListQuerySchema,
  PostMutationResponseSchema,
  PostPageSchema,
  PostSchema,
} from '#common/schemas/posts.ts'
import { TagListSchema } from '#common/schemas/tags.ts'
import { SlugParamsSchema } from '#common/schemas/websites.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import type { PostsService } from './posts.service.ts'

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema }

export const postsRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (
  app,
  { posts },
) => {
  app.get(
    '/',
    {
      schema: {
        querystring: PostListQuerySchema,
        response: { 200: PostPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await posts.listPublic(request.query.page, request.query.tag)
      reply.header('cache-control', CACHE_POLICY.publicRead)
      return result
    },
  )

  app.get('/tags', { schema: { response: { 200: TagListSchema } } }, async (_request, reply) => {
    const result = await posts.listTags()
    reply.header('cache-control', CACHE_POLICY.publicRead)
    return result
  })

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: PageQuerySchema, response: { 200: PostPageSchema, ...adminErrors } },
    },
    async (request) => posts.listAdmin(request.query.page),
  )

  app.get(
    '/slug/:slug',
    {
      schema: {
        params: SlugParamsSchema,
        response: { 200: PostSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const post = await posts.getBySlug(request.params.slug)
      reply.header('cache-control', CACHE_POLICY.publicRead)
      return post
    },
  )

  app.get(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: {
          200: PostSchema,
          400: ErrorResponseSchema,
          ...adminErrors,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => posts.getById(request.params.id),
  )

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: PostCreateBodySchema,
        response: {
          201: PostMutationResponseSchema,
          400: ErrorResponseSchema,
          ...adminErrors,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const post = await posts.createDraft(request.body)
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
          400: ErrorResponseSchema,
          ...adminErrors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ post: await posts.update(request.params.id, request.body) }),
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
      await posts.remove(request.params.id)
      return { message: 'Post deleted successfully' }
    },
  )
}
