import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** What runs in a fallback while the site still serves; left out when nothing does. */
  degraded: z.array(z.enum(['rate-limits', 'mail'])).optional(),
})

const DB_PING_TIMEOUT_MS = 2_000

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database
  /** True while the newest delivery attempt failed and mail waits (the outbox). */
  isMailFailing: () => Promise<boolean>
}> = async (app, { database, isMailFailing }) => {
  app.get(
    '/',
    {
      // A container's probe asks every few seconds: its requests are not worth a log line.
      logLevel: 'warn',
      schema: { response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_POLICY.privateRead)
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('ping timeout')), DB_PING_TIMEOUT_MS).unref(),
          ),
        ])
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable')
        return reply.code(503).send({ status: 'unavailable' as const })
      }
      const degraded = [
        ...(app.isRateLimitFallback() ? (['rate-limits'] as const) : []),
        ...((await isMailFailing().catch(() => false)) ? (['mail'] as const) : []),
      ]
      return degraded.length > 0 ? { status: 'ok' as const, degraded } : { status: 'ok' as const }
    },
  )
}
