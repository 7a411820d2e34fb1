import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorResponseSchema, IdParamsSchema } from '#common/schemas/common.ts'
import {
  AcceptProposalBodySchema,
  DeclineProposalBodySchema,
  ProposalBodySchema,
  ProposalResponseSchema,
  ProposalsListSchema,
  TermsTemplateBodySchema,
  TermsTemplateSchema,
  TermsTemplatesListSchema,
} from '#common/schemas/proposals.ts'
import type { ProposalsService } from './proposals.service.ts'
import {
  ADMIN_ERRORS,
  RECORD_ERRORS,
  adminDeleteRoute,
  adminPdfRoute,
} from '#server/lib/route-schemas.ts'

const withMissing = RECORD_ERRORS

/**
 * Proposals: the owner's drafts and sends under /api/proposals, the client's answers
 * (POST /api/proposals/accept and /decline, with the link's token) and the signed PDF.
 */
export const proposalsRoutes: FastifyPluginAsyncZod<{ proposals: ProposalsService }> = async (
  app,
  { proposals },
) => {
  const admin = { onRequest: app.requireAdmin }

  app.get(
    '/',
    { ...admin, schema: { response: { 200: ProposalsListSchema, ...ADMIN_ERRORS } } },
    () => proposals.list(),
  )

  app.post(
    '/',
    {
      ...admin,
      schema: {
        body: ProposalBodySchema,
        response: { 201: ProposalResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ proposal: await proposals.create(request.body) }),
  )

  // The client's answers: no session, the link's token is the key. Registered before /:id.
  const answerErrors = {
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    410: ErrorResponseSchema,
    429: ErrorResponseSchema,
  }
  const counted = {
    onRequest: async (request: { ip: string }) => proposals.countAttempt(request.ip),
  }
  app.post(
    '/accept',
    {
      ...counted,
      schema: {
        body: AcceptProposalBodySchema,
        response: { 200: ProposalResponseSchema, ...answerErrors },
      },
    },
    async (request) => ({
      proposal: await proposals.accept(request.body, request.headers['user-agent'] ?? ''),
    }),
  )
  app.post(
    '/decline',
    {
      ...counted,
      schema: {
        body: DeclineProposalBodySchema,
        response: { 200: ProposalResponseSchema, ...answerErrors },
      },
    },
    async (request) => ({ proposal: await proposals.decline(request.body) }),
  )

  app.get(
    '/terms-templates',
    { ...admin, schema: { response: { 200: TermsTemplatesListSchema, ...ADMIN_ERRORS } } },
    () => proposals.listTemplates(),
  )
  app.post(
    '/terms-templates',
    {
      ...admin,
      schema: {
        body: TermsTemplateBodySchema,
        response: { 201: TermsTemplateSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await proposals.createTemplate(request.body)),
  )
  app.put(
    '/terms-templates/:id',
    {
      ...admin,
      schema: {
        params: IdParamsSchema,
        body: TermsTemplateBodySchema,
        response: { 200: TermsTemplateSchema, ...withMissing },
      },
    },
    async (request) => proposals.updateTemplate(request.params.id, request.body),
  )
  adminDeleteRoute(
    app,
    '/terms-templates/:id',
    (id) => proposals.removeTemplate(id),
    'Terms template deleted',
  )

  app.get(
    '/:id',
    {
      ...admin,
      schema: { params: IdParamsSchema, response: { 200: ProposalResponseSchema, ...withMissing } },
    },
    async (request) => ({ proposal: await proposals.get(request.params.id) }),
  )

  app.put(
    '/:id',
    {
      ...admin,
      schema: {
        params: IdParamsSchema,
        body: ProposalBodySchema,
        response: { 200: ProposalResponseSchema, ...withMissing },
      },
    },
    async (request) => ({ proposal: await proposals.update(request.params.id, request.body) }),
  )

  adminDeleteRoute(app, '/:id', (id) => proposals.remove(id), 'Proposal deleted')

  app.post(
    '/:id/send',
    {
      ...admin,
      schema: { params: IdParamsSchema, response: { 200: ProposalResponseSchema, ...withMissing } },
    },
    async (request) => ({ proposal: await proposals.send(request.params.id) }),
  )

  adminPdfRoute(app, (id) => proposals.signedPdfById(id))
}
