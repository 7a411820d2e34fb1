import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import {
  ContactBodySchema,
  ContactResponseSchema,
  MessageSchema,
  MessagesBulkBodySchema,
  MessagesBulkResultSchema,
  MessagesListSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  MessagesSearchSchema,
  MessagesTrendSchema,
  MessageUpdateBodySchema,
  NoteBodySchema,
  NoteResponseSchema,
  ReplyBodySchema,
  UnreadCountSchema,
} from '#common/schemas/messages.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import type { MessagesService } from './messages.service.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'

export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  app.post(
    '/contact',
    {
      // Before the body is read or validated: every post counts against the attempts ceiling.
      onRequest: async (request) => messages.countContactAttempt(request.ip),
      schema: {
        body: ContactBodySchema,
        response: {
          201: ContactResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const message = await messages.createFromContact(request.body, {
        client: request.ip,
        door: 'api',
        userAgent: request.headers['user-agent'],
      })
      return reply.code(201).send(message)
    },
  )

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: MessagesListSchema, ...ADMIN_ERRORS } },
    },
    async () => messages.listAll(),
  )

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: MessagesQuerySchema,
        response: { 200: MessagesPageSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => messages.listAdmin(request.query),
  )

  app.get(
    '/export.csv',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: MessagesSearchSchema, response: ADMIN_ERRORS },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="messages.csv"')
        .header('cache-control', CACHE_POLICY.privateRead)
        .send(
          // A stream is piped as it is, past the response schemas (which describe JSON bodies).
          messages.exportCsv(request.query) as never,
        ),
  )

  app.get(
    '/unread-count',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: UnreadCountSchema, ...ADMIN_ERRORS } },
    },
    async () => messages.unreadCount(),
  )

  app.get(
    '/trend',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: MessagesTrendSchema, ...ADMIN_ERRORS } },
    },
    async () => messages.trend(),
  )

  app.post(
    '/bulk',
    {
      onRequest: app.requireAdmin,
      schema: {
        body: MessagesBulkBodySchema,
        response: { 200: MessagesBulkResultSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => messages.bulk(request.body),
  )

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: MessageUpdateBodySchema,
        response: { 200: MessageSchema, 404: ErrorResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => messages.update(request.params.id, request.body),
  )

  app.post(
    '/:id/notes',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        body: NoteBodySchema,
        response: { 201: NoteResponseSchema, 404: ErrorResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await messages.addNote(request.params.id, request.body)),
  )

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, 404: ErrorResponseSchema, ...ADMIN_ERRORS },
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
          ...ADMIN_ERRORS,
        },
      },
    },
    async (request) => messages.reply(request.body),
  )
}
