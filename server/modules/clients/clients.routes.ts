import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ClientBodySchema,
  ClientResponseSchema,
  ClientsListSchema,
} from '#common/schemas/clients.ts'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import type { ClientsService } from './clients.service.ts'
import { ADMIN_ERRORS, adminDeleteRoute } from '#server/lib/route-schemas.ts'

/** The owner's clients: GET/POST /api/clients, GET/PUT/DELETE /api/clients/{id}. */
export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (
  app,
  { clients },
) => {
  app.addHook('onRequest', app.requireAdmin)

  app.get('/', { schema: { response: { 200: ClientsListSchema, ...ADMIN_ERRORS } } }, () =>
    clients.list(),
  )

  app.post(
    '/',
    {
      schema: {
        body: ClientBodySchema,
        response: { 201: ClientResponseSchema, ...ADMIN_ERRORS, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send({ client: await clients.create(request.body) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        response: { 200: ClientResponseSchema, ...ADMIN_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ client: await clients.get(request.params.id) }),
  )

  app.put(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: ClientBodySchema,
        response: {
          200: ClientResponseSchema,
          ...ADMIN_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ client: await clients.update(request.params.id, request.body) }),
  )

  adminDeleteRoute(app, '/:id', (id) => clients.remove(id), 'Client deleted')
}
