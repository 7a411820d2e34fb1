import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamsSchema } from '#common/schemas/common.ts'
import {
  ProjectBodySchema,
  ProjectResponseSchema,
  ProjectsListSchema,
  ProjectsQuerySchema,
} from '#common/schemas/projects.ts'
import { ADMIN_ERRORS, adminDeleteRoute, RECORD_ERRORS } from '#server/lib/route-schemas.ts'
import type { ProjectsService } from './projects.service.ts'

/** The owner's projects: GET/POST /api/projects, GET/PUT/DELETE /api/projects/{id}. */
export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (
  app,
  { projects },
) => {
  app.addHook('onRequest', app.requireAdmin)

  app.get(
    '/',
    {
      schema: {
        querystring: ProjectsQuerySchema,
        response: { 200: ProjectsListSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => projects.list(request.query.clientId),
  )

  app.post(
    '/',
    {
      schema: {
        body: ProjectBodySchema,
        response: { 201: ProjectResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ project: await projects.create(request.body) }),
  )

  app.get(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        response: { 200: ProjectResponseSchema, ...RECORD_ERRORS },
      },
    },
    async (request) => ({ project: await projects.get(request.params.id) }),
  )

  app.put(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: ProjectBodySchema,
        response: { 200: ProjectResponseSchema, ...RECORD_ERRORS },
      },
    },
    async (request) => ({ project: await projects.update(request.params.id, request.body) }),
  )

  adminDeleteRoute(app, '/:id', (id) => projects.remove(id), 'Project deleted')
}
