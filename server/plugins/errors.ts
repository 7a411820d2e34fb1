/**
 * The one error handler and the API's not-found handler. Every error body is `{ message }` (naming
 * the field a refusal is about first);
 * nothing about the server's internals (stack, SQL, paths) ever reaches a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { errorChain, hasErrorCode } from '#server/db/errors.ts'
import { HttpError, prefixField } from '#server/lib/http-errors.ts'
import { redactUrl } from '#server/lib/redact-url.ts'

interface ValidationIssue {
  instancePath?: string
  message?: string
  params?: Record<string, unknown>
}

const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
])

/** True for errors meaning "the database server cannot be reached right now". */
function isDatabaseUnavailable(error: unknown): boolean {
  if (hasErrorCode(error, DB_UNAVAILABLE_CODES)) return true
  // "… is not queryable": node-postgres refusing the rest of a transaction (its ROLLBACK too)
  // on a connection the stopped server closed, which replaces the error that ended it.
  for (const e of errorChain(error)) {
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|is not queryable/i.test(
        e.message,
      )
    )
      return true
  }
  return false
}

/** PostgreSQL refusing a text value: NUL bytes (22021) or characters the encoding lacks (22P05). */
const INVALID_TEXT_CODES = new Set(['22021', '22P05'])

const isInvalidText = (error: unknown) => hasErrorCode(error, INVALID_TEXT_CODES)

function validationMessage(error: FastifyError): string {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0]
  const field =
    issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext
  const text = issue?.message ?? 'is invalid'
  // Schema messages already start with the field's label ("Email is required"); keep the key for lookups.
  return prefixField(field, text)
}

/**
 * Readies the reply for a `{ message }` body. A route may have set another type (a CSV download)
 * before failing; sending an object under it throws, and Fastify's fallback body names its codes.
 */
function asJsonError(reply: FastifyReply, status: number): FastifyReply {
  reply.removeHeader('content-disposition')
  return reply.code(status).type('application/json; charset=utf-8')
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return asJsonError(reply, error.statusCode)
        .headers(error.headers)
        .send({ message: prefixField(error.field, error.message) })
    }
    if (error.validation) {
      return asJsonError(reply, 400).send({ message: validationMessage(error) })
    }
    if (isInvalidText(error)) {
      return asJsonError(reply, 400).send({
        message: 'The request contains characters that cannot be stored',
      })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return asJsonError(reply, 503)
        .header('retry-after', '5')
        .send({ message: 'Service temporarily unavailable, please try again shortly' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify marks a body refused as too large `connection: close`, but closing while the client
      // still sends makes the kernel reset the connection: the client (a browser mid-upload) sees a
      // network error, never the 413. Unmarked, Node reads and drops the rest of the body, as it does
      // for any body a route leaves unread; nothing past the limit is kept.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') reply.removeHeader('connection')
      return asJsonError(reply, status).send({ message: clientErrorMessage(error) })
    }
    // The path carries the route's parameters (a reset token in it is redacted); never the query.
    request.log.error(
      { err: error, method: request.method, url: redactUrl(request.url) },
      'unhandled error',
    )
    return asJsonError(reply, 500).send({ message: 'Internal server error' })
  })
})

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Request body is too large'
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type'
    default:
      return error.message || 'Bad request'
  }
}

/**
 * Fastify's own early refusals (a URL with broken percent-encoding, an over-long path parameter),
 * which never reach the error handler: the same `{ message }` body as every other error.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply.code(400).send({ message: 'Malformed URL' })
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.code(414).send({ message: 'URL path parameter is too long' })
    default:
      reply.log.error({ err: error }, 'framework error')
      return reply.code(500).send({ message: 'Internal server error' })
  }
}
