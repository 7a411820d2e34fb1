/**
 * buildApp(deps): the whole application as a function, so tests build exactly what main.ts serves.
 */
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify'
import swagger from '@fastify/swagger'
import compress from '@fastify/compress'
import { constants as zlibConstants } from 'node:zlib'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { CACHE_POLICY } from './lib/cache-policy.ts'
import { RequestLogController } from './lib/log-output.ts'
import { createRateLimitCounters } from './lib/rate-limits.ts'
import { redactUrl } from './lib/redact-url.ts'
import authPlugin from './plugins/auth.ts'
import errorsPlugin, { frameworkErrorHandler } from './plugins/errors.ts'
import rateLimitPlugin from './plugins/rate-limit.ts'
import { journalRoutes } from './modules/journal/journal.routes.ts'
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts'
import { subscribersRoutes } from './modules/subscribers/subscribers.routes.ts'
import { unsubscribeRoutes } from './modules/subscribers/unsubscribe.routes.ts'
import { testimonialsRoutes } from './modules/testimonials/testimonials.routes.ts'
import responseCachePlugin from './plugins/response-cache.ts'
import { createChangeBroadcast } from './lib/change-broadcast.ts'
import securityHeadersPlugin from './plugins/security-headers.ts'
import visitCounterPlugin from './plugins/visit-counter.ts'
import webPlugin from './plugins/web.ts'
import { createServices, type Services, type ServicesDeps } from './services.ts'
import type { MailTransport } from './modules/mail/mail.transports.ts'
import { bookingRoutes } from './modules/booking/booking.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { outboxRoutes } from './modules/mail/outbox.routes.ts'
import { clientsRoutes } from './modules/clients/clients.routes.ts'
import { clientRoomRoutes } from './modules/client-room/client-room.routes.ts'
import {
  clientFilesRoutes,
  clientRoomFilesRoutes,
} from './modules/client-files/client-files.routes.ts'
import { projectsRoutes } from './modules/projects/projects.routes.ts'
import { proposalsRoutes } from './modules/proposals/proposals.routes.ts'
import { invoicesRoutes, stripeWebhookRoutes } from './modules/invoices/invoices.routes.ts'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts'
import { faqRoutes } from './modules/faq/faq.routes.ts'
import { setupRoutes } from './modules/setup/setup.routes.ts'
import { brandRoutes } from './modules/brand/brand.routes.ts'
import { createJobsRepository } from './modules/jobs/jobs.repository.ts'
import { createJobRunner, type JobRunner } from './modules/jobs/jobs.runner.ts'
import { siteJobs, type JobName } from './modules/jobs/site-jobs.ts'
import { linkChecksRoutes } from './modules/link-checks/link-checks.routes.ts'
import { messagesRoutes } from './modules/messages/messages.routes.ts'
import { operationsRoutes } from './modules/operations/operations.routes.ts'
import { settingsRoutes } from './modules/settings/settings.routes.ts'
import { statsRoutes } from './modules/stats/stats.routes.ts'
import { pagesRoutes } from './modules/pages/pages.routes.ts'
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts'
import { accountSecurityRoutes } from './modules/account-security/account-security.routes.ts'
import { usersRoutes } from './modules/users/users.routes.ts'
import { websitesRoutes } from './modules/websites/websites.routes.ts'

const JSON_BODY_LIMIT = 1024 * 1024

export interface AppDeps {
  config: Config
  database: Database
  /** Replaces the SMTP/outbox transport (tests use it to simulate failures). */
  mailTransport?: MailTransport
  now?: () => Date
  logger?: FastifyServerOptions['logger']
  /** Link-check options tests change (see ServicesDeps). */
  linkChecks?: ServicesDeps['linkChecks']
  /** Scheduled tasks not to run (server/modules/jobs/site-jobs.ts): a test runs them itself. */
  jobsOff?: readonly JobName[]
  /** Serve the React Router web app (false in API-only tests). */
  web?: boolean
}

/**
 * The logger options with Fastify's request serializer narrowed to what docs/privacy.md lists: the
 * method, the path without its query and with tokens redacted, and the host asked for. Never the
 * client's address or port, at any level: the visit statistics promise addresses live seconds in
 * memory, and a query string carries whatever a link or a visitor put there.
 */
function withRedactedUrls(logger: AppDeps['logger']): AppDeps['logger'] {
  if (logger === false || logger === undefined) return logger
  const options = logger === true ? {} : logger
  return {
    ...options,
    serializers: {
      ...options.serializers,
      // Fastify hands its own request to this serializer, though its types name the raw one.
      req: (raw) => {
        const request = raw as unknown as FastifyRequest
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
        }
      },
    },
  }
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps
  // The clock every service reads: the machine's, or ahead of it by CLOCK_OFFSET_MS in a dated run.
  const offset = config.clockOffsetMs
  const now = deps.now ?? (offset ? () => new Date(Date.now() + offset) : () => new Date())
  const app = Fastify({
    logger: withRedactedUrls(deps.logger ?? { level: config.logLevel }),
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const rateLimitCounters = await createRateLimitCounters({
    redisUrl: config.redisUrl,
    now,
    log: app.log,
  })
  const services = await createServices({ ...deps, now, log: app.log, rateLimitCounters })
  app.decorate('services', services)
  // Changes to the public content reach the other instances, which read it again (their kept
  // reads and response cache): over Redis or PostgreSQL, whatever the response cache's lifetime.
  const broadcast = await createChangeBroadcast({
    channel: config.cacheChannel,
    redisUrl: config.redisUrl,
    postgresUrl: config.database.kind === 'postgres' ? config.database.url : undefined,
    log: app.log,
    onChange: services.contentChanges.heard,
  })
  if (broadcast) services.contentChanges.publishTo(broadcast.publish)
  // Every scheduled task, in one runner (server/modules/jobs/site-jobs.ts lists them).
  // Intervals are kept by the machine's clock, like timers: a test's clock moved days ahead makes
  // no job due (what a job then finds due is the services' business, by their clock).
  const jobs = createJobRunner({
    repo: createJobsRepository(database.db),
    now: () => new Date(),
    log: app.log,
  })
  for (const job of siteJobs(services, { database, off: deps.jobsOff })) jobs.add(job)
  app.decorate('jobs', jobs)
  app.addHook('onClose', async () => {
    await Promise.all([
      jobs.stop(),
      services.messages.stop(),
      services.users.drainBackground(),
      services.security.drainBackground(),
      services.clientRoom.drainBackground(),
      services.sessionSecret.stopWatching(),
      services.booking.stop(),
      services.subscribers.stop(),
      broadcast?.close(),
    ])
    // After the runner: what the last runs buffered is written.
    await services.stats.stop()
    // Last: what the others queued while stopping still gets its attempt.
    await services.mail.stop()
    services.contentChanges.close()
    services.transport.close?.()
  })

  // Error handling
  await app.register(errorsPlugin)
  // The public response cache (a hit is answered before anything else runs, with the headers it
  // was stored with), security headers, compression and rate limits
  await app.register(responseCachePlugin, {
    ttlMs: config.responseCacheTtlMs,
    changes: services.contentChanges,
    now: () => now().getTime(),
    // The one page made for each visitor only by a token: the contact form.
    issueToken: services.messages.issueContactToken,
  })
  // Page views for the visit statistics, whether the page came from the response cache or not
  if (config.isVisitCounting) {
    await app.register(visitCounterPlugin, {
      stats: services.stats,
      siteHost: new URL(config.publicUrl).host,
      isBehindProxy: config.trustProxy !== false,
      now,
    })
  }
  await app.register(securityHeadersPlugin, { isDevServer: config.isDevServer })
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Each response is compressed as it is sent, so speed matters more than the last few percent:
    // on a 50 KB page, quality 3 takes a quarter of the time of the plugin's default 4 for about 4%
    // more bytes (docs/decisions/029). The response cache keeps copies made at a higher quality.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
    syncThreshold: 131072,
  })
  await app.register(rateLimitPlugin, {
    scale: config.rateLimitScale,
    counters: rateLimitCounters,
  })
  // Auth decorators
  await app.register(authPlugin, {
    tokens: services.tokens,
    authenticate: services.security.authenticate,
  })
  // API description, generated from the route schemas; opt-in, as it maps every endpoint for anyone
  if (config.isApiDocsServed) {
    await app.register(swagger, {
      openapi: { info: { title: 'Site API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    })
  }
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', CACHE_POLICY.privateRead)
    }
  })
  // Once closing, every answer ends its keep-alive connection: otherwise close() would wait for
  // clients' idle connections (up to keepAliveTimeout) after the in-flight requests are done.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })

  // Domain modules
  await app.register(healthRoutes, {
    prefix: '/api/health',
    database,
    isMailFailing: services.mail.isDeliveryFailing,
  })
  await app.register(outboxRoutes, { prefix: '/api/outbox', mail: services.mail })
  await app.register(clientsRoutes, { prefix: '/api/clients', clients: services.clients })
  await app.register(clientRoomRoutes, { clientRoom: services.clientRoom })
  await app.register(clientRoomFilesRoutes, {
    prefix: '/api/client',
    clientRoom: services.clientRoom,
  })
  await app.register(clientFilesRoutes, {
    prefix: '/api/clients',
    clientFiles: services.clientFiles,
  })
  await app.register(projectsRoutes, { prefix: '/api/projects', projects: services.projects })
  await app.register(proposalsRoutes, { prefix: '/api/proposals', proposals: services.proposals })
  await app.register(invoicesRoutes, { prefix: '/api/invoices', invoices: services.invoices })
  await app.register(stripeWebhookRoutes, {
    prefix: '/api/payments/stripe',
    invoices: services.invoices,
  })
  await app.register(usersRoutes, {
    prefix: '/api/users',
    users: services.users,
    settings: services.settings,
    security: services.security,
    trustsProxy: Boolean(config.trustProxy),
  })
  await app.register(accountSecurityRoutes, {
    prefix: '/api/users',
    security: services.security,
    trustsProxy: Boolean(config.trustProxy),
  })
  await app.register(websitesRoutes, { prefix: '/api/websites', websites: services.websites })
  await app.register(linkChecksRoutes, { prefix: '/api/websites', linkChecks: services.linkChecks })
  await app.register(messagesRoutes, { prefix: '/api/messages', messages: services.messages })
  await app.register(dashboardRoutes, { prefix: '/api/summary', dashboard: services.dashboard })
  await app.register(uploadsRoutes, { uploads: services.uploads })
  // The web manifest and the logo's icons, at the site's root beside /uploads
  await app.register(brandRoutes, { brand: services.brand })
  await app.register(operationsRoutes, {
    prefix: '/api/operations',
    notices: services.notices,
    security: services.security,
    backups: services.backups,
    mail: services.mail,
  })
  await app.register(settingsRoutes, { prefix: '/api/settings', settings: services.settings })
  await app.register(setupRoutes, { prefix: '/api/setup', setup: services.setup })
  await app.register(faqRoutes, { prefix: '/api/faq', faq: services.faq })
  await app.register(pagesRoutes, { prefix: '/api/pages', pages: services.pages })
  await app.register(statsRoutes, { prefix: '/api/stats', stats: services.stats })
  await app.register(journalRoutes, { prefix: '/api/posts', journal: services.journal })
  await app.register(newsletterRoutes, { prefix: '/api/posts', newsletter: services.newsletter })
  await app.register(subscribersRoutes, {
    prefix: '/api/subscribers',
    subscribers: services.subscribers,
  })
  await app.register(unsubscribeRoutes, { subscribers: services.subscribers })
  await app.register(bookingRoutes, { prefix: '/api/booking', booking: services.booking })
  await app.register(testimonialsRoutes, {
    prefix: '/api/testimonials',
    testimonials: services.testimonials,
  })
  if (config.isApiDocsServed) {
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger())
  }

  // API not-found, and the web app for every other path
  app.setNotFoundHandler(
    {
      preHandler: app.rateLimit
        ? app.rateLimit(app.rateLimitFor('notFound') || { max: Number.MAX_SAFE_INTEGER })
        : undefined,
    },
    async (request, reply) =>
      reply
        .code(404)
        .send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  )
  if (deps.web !== false) await app.register(webPlugin, { config, services })

  // The embedded database has one instance: what it left held when it stopped is its own.
  const isAlone = database.kind === 'pglite'
  if (isAlone) await services.mail.handBackClaims()
  await jobs.start({ isAlone })
  // Takes up a signing secret another process replaced (PostgreSQL only).
  await services.sessionSecret.watch()
  await app.ready()
  return app
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    jobs: JobRunner
  }
}
