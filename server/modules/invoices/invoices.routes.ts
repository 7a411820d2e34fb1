import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import {
  InvoiceBodySchema,
  InvoiceExportQuerySchema,
  InvoiceResponseSchema,
  InvoicesListSchema,
  InvoicesQuerySchema,
  PaymentBodySchema,
  StripeWebhookResponseSchema,
} from '#common/schemas/invoices.ts'
import { ADMIN_ERRORS, RECORD_ERRORS, adminPdfRoute } from '#server/lib/route-schemas.ts'
import type { InvoicesService } from './invoices.service.ts'

const adminErrors = ADMIN_ERRORS
const withMissing = RECORD_ERRORS

/**
 * Invoices: the owner's drafts, issues, credit notes, payments, sends and documents under
 * /api/invoices, and the accountant's CSV export.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.addHook('onRequest', app.requireAdmin)

  app.get(
    '/',
    {
      schema: {
        querystring: InvoicesQuerySchema,
        response: { 200: InvoicesListSchema, ...adminErrors },
      },
    },
    (request) => invoices.list(request.query),
  )

  app.post(
    '/',
    {
      schema: { body: InvoiceBodySchema, response: { 201: InvoiceResponseSchema, ...adminErrors } },
    },
    async (request, reply) =>
      reply.code(201).send({ invoice: await invoices.create(request.body) }),
  )

  // Registered before /:id.
  app.get(
    '/export',
    { schema: { querystring: InvoiceExportQuerySchema, response: adminErrors } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${request.query.year}.csv"`)
        .header('cache-control', 'no-store')
        // Text is sent as it is, past the response schemas (which describe JSON bodies).
        .send((await invoices.exportCsv(request.query.year)) as never),
  )

  app.get(
    '/:id',
    {
      schema: { params: IdParamsSchema, response: { 200: InvoiceResponseSchema, ...withMissing } },
    },
    async (request) => ({ invoice: await invoices.get(request.params.id) }),
  )

  app.put(
    '/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: InvoiceBodySchema,
        response: { 200: InvoiceResponseSchema, ...withMissing },
      },
    },
    async (request) => ({ invoice: await invoices.update(request.params.id, request.body) }),
  )

  app.delete(
    '/:id',
    {
      schema: { params: IdParamsSchema, response: { 200: MessageResponseSchema, ...withMissing } },
    },
    async (request) => {
      await invoices.remove(request.params.id)
      return { message: 'Invoice deleted' }
    },
  )

  app.post(
    '/:id/issue',
    {
      schema: { params: IdParamsSchema, response: { 200: InvoiceResponseSchema, ...withMissing } },
    },
    async (request) => ({ invoice: await invoices.issue(request.params.id) }),
  )

  app.post(
    '/:id/credit',
    {
      schema: { params: IdParamsSchema, response: { 201: InvoiceResponseSchema, ...withMissing } },
    },
    async (request, reply) =>
      reply.code(201).send({ invoice: await invoices.credit(request.params.id) }),
  )

  app.post(
    '/:id/payments',
    {
      schema: {
        params: IdParamsSchema,
        body: PaymentBodySchema,
        response: { 201: InvoiceResponseSchema, ...withMissing },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ invoice: await invoices.recordPayment(request.params.id, request.body) }),
  )

  app.post(
    '/:id/send',
    {
      schema: { params: IdParamsSchema, response: { 200: InvoiceResponseSchema, ...withMissing } },
    },
    async (request) => ({ invoice: await invoices.send(request.params.id) }),
  )

  adminPdfRoute(app, (id) => invoices.pdf(id))

  app.get(
    '/:id/ubl',
    { schema: { params: IdParamsSchema, response: withMissing } },
    async (request, reply) => {
      const { xml, filename } = await invoices.ubl(request.params.id)
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(xml as never)
    },
  )
}

/**
 * Stripe's webhook, POST /api/payments/stripe/webhook: no session, the signature is the key. Its
 * body is kept as the bytes that came (the signature is over them, not over parsed JSON): this
 * plugin's own parser, for this route only.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.post(
    '/webhook',
    {
      schema: {
        response: {
          200: StripeWebhookResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature']
      await invoices.receiveStripeEvent(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      )
      return { received: true as const }
    },
  )
}
