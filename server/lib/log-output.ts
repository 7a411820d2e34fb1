/**
 * The shape of the log: JSON lines (pino's own) when the output goes to a file, a pipe or a log
 * collector; one readable line per event when a person watches it in a terminal (pino-pretty, loaded
 * only then). LOG_FORMAT chooses either way.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Config } from '#server/config.ts'

/**
 * Fastify's request lines, with the completed request's method and path beside its status and a
 * response time in whole milliseconds, so its one line says what happened.
 */
export class RequestLogController extends LogController {
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }
    if (error) reply.log.error({ ...fields, err: error }, 'request errored')
    else reply.log.info(fields, 'request completed')
  }
}

/** The stream to log to, or undefined for pino's JSON lines on stdout. */
export async function logStream(
  format: Config['logFormat'],
  isTerminal = Boolean(process.stdout.isTTY),
): Promise<NodeJS.WritableStream | undefined> {
  if (format === 'json' || (format === 'auto' && !isTerminal)) return undefined
  const { default: pretty } = await import('pino-pretty')
  return pretty({
    colorize: isTerminal,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat:
      '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}{if responseTime} in {responseTime} ms{end}',
    sync: true,
  })
}
