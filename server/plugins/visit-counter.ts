/**
 * Counts page views for the visit statistics (server/modules/stats). It looks at each answered
 * request once the response is sent, whoever answered it (the page render, or the in-process
 * response cache before the render runs), so a cached page counts as much as a rendered one. Only
 * a 200 or a 304 (a browser revalidating its copy) of a public page counts; see
 * server/lib/countable-view.ts for which requests are a person's view.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { countableView } from '#server/lib/countable-view.ts'
import type { StatsService } from '#server/modules/stats/stats.service.ts'

interface VisitCounterOptions {
  stats: StatsService
  siteHost: string
  isBehindProxy: boolean
  now: () => Date
}

export default fp(async function visitCounterPlugin(
  app: FastifyInstance,
  { stats, siteHost, isBehindProxy, now }: VisitCounterOptions,
) {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 200 && reply.statusCode !== 304) return
    const view = countableView(request, { siteHost, isBehindProxy })
    if (view) stats.record({ ...view, at: now(), ip: request.ip })
  })
})
