import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  PageQuerySchema,
} from '#common/schemas/common.ts'
import {
  ContactBodySchema,
  MessageSchema,
  MessagesListSchema,
  MessagesPageSchema,
  ReplyBodySchema,
} from '#common/schemas/messages.ts'
import type { MessagesService } from './messages.service.ts'

const adminErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema }

export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: app.rateLimitFor('contact') },
      schema: {
        body: ContactBodySchema,
        response: { 201: MessageSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await messages.createFromContact(request.body)
      return reply.code(201).send(message)
    },
  )

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: MessagesListSchema, ...adminErrors } },
    },
    async () => messages.listAll(),
  )

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: PageQuerySchema,
        response: { 200: MessagesPageSchema, ...adminErrors },
      },
    },
    async (request) => messages.listAdmin(request.query.page),
  )

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, 404: ErrorResponseSchema, ...adminErrors },
      },
    },
    async (request) => messages.remove(request.params.id),
  )

  app.post(
    '/reply',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: ReplyBodySchema,
        response: {
          200: MessageResponseSchema,
          404: ErrorResponseSchema,
          502: ErrorResponseSchema,
          ...adminErrors,
        },
      },
    },
    async (request) => messages.reply(request.body),
  )
}
