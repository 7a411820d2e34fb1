/**
 * Rate limits on the API routes bots attack that only the API carries out (sign-in, sign-up,
 * password reset), per client IP, plus sign-in attempts per account, both per client IP and in
 * total; an IPv6 client is counted by its /64 (server/lib/client-key.ts). The counters (Redis, or
 * memory while Redis is down) and the limits themselves are in server/lib/rate-limits.ts; actions
 * with more than one door (the contact form) are limited by their service instead, with the same
 * counters.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit'
import { clientKeyOf } from '#server/lib/client-key.ts'
import {
  ACCOUNT_LIMITS,
  RATE_LIMIT_NAMESPACE,
  RATE_LIMITS,
  tooManyRequests,
  type CounterStore,
  type RateLimitCounters,
} from '#server/lib/rate-limits.ts'

type RateLimitName = keyof typeof RATE_LIMITS
type AccountLimitName = keyof typeof ACCOUNT_LIMITS

export interface AccountLimitHooks {
  preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  onResponse?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route `config.rateLimit` for a named limit, or `false` when rate limiting is off. */
    rateLimitFor: (name: RateLimitName) => RateLimitOptions | false
    /** Route hooks limiting attempts per account key (e.g. the normalised e-mail); none when off. */
    accountLimitFor: (
      name: AccountLimitName,
      keyOf: (request: FastifyRequest) => string,
    ) => AccountLimitHooks
    /** True while REDIS_URL is set but the counters run in this instance's memory. */
    isRateLimitFallback: () => boolean
  }
}

interface RateLimitPluginOptions {
  scale: number
  /** Shared with the services' own limits; closed with the app. */
  counters: RateLimitCounters
}

/** @fastify/rate-limit's store interface over our counters; `child` gives each route its keys. */
class CounterRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: CounterStore,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    this.counters.hit(this.prefix + key, timeWindow).then(
      ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    )
  }

  // The plugin passes its merged route settings, whose `routeInfo` its types leave out.
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { routeInfo } = options as { routeInfo?: { method?: unknown; url?: unknown } }
    const route = `${String(routeInfo?.method ?? '')}${String(routeInfo?.url ?? '')}`
    return new CounterRateLimitStore(this.counters, `${this.prefix}${route}-`)
  }
}

export default fp(async function rateLimitPlugin(
  app: FastifyInstance,
  { scale, counters }: RateLimitPluginOptions,
) {
  app.addHook('onClose', () => counters.close())
  app.decorate('isRateLimitFallback', () => counters.isDegraded())

  await app.register(rateLimit, {
    global: false,
    store: class extends CounterRateLimitStore {
      constructor() {
        super(counters, RATE_LIMIT_NAMESPACE)
      }
    },
    // The key every limit uses, the account and action limits too. The plugin's default also
    // counts an IPv6 /64 as one, but writes its keys its own way.
    keyGenerator: (request) => clientKeyOf(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${context.after}`,
    }),
  })

  const scaled = (max: number) => Math.max(1, Math.round(max * scale))
  app.decorate('rateLimitFor', (name: RateLimitName) => {
    if (scale === 0) return false
    const limit = RATE_LIMITS[name]
    return { max: scaled(limit.max), timeWindow: limit.timeWindow }
  })

  app.decorate(
    'accountLimitFor',
    (name: AccountLimitName, keyOf: (request: FastifyRequest) => string) => {
      if (scale === 0) return {}
      const { timeWindow } = ACCOUNT_LIMITS[name]
      const maxPerAddress = scaled(ACCOUNT_LIMITS[name].maxPerAddress)
      const max = scaled(ACCOUNT_LIMITS[name].max)
      const tooMany = (windowLeftMs: number) =>
        tooManyRequests(windowLeftMs, 'attempts for this account')
      // A window starts at its key's first attempt and is never extended (as the IP limits'):
      // a burst is counted in one window whatever the clock says when it starts.
      const counterKeys = (request: FastifyRequest) => {
        const account = createHash('sha256').update(keyOf(request)).digest('hex').slice(0, 32)
        const total = `${RATE_LIMIT_NAMESPACE}account:${name}:${account}`
        return { total, perAddress: `${total}:${clientKeyOf(request.ip)}` }
      }
      return {
        async preHandler(request) {
          const keys = counterKeys(request)
          const perAddress = await counters.hit(keys.perAddress, timeWindow)
          if (perAddress.count > maxPerAddress) throw tooMany(perAddress.ttlMs)
          // Only attempts within their address's limit count here: one address hammering away
          // must not use up the account's allowance and so lock the owner out.
          const total = await counters.hit(keys.total, timeWindow)
          if (total.count > max) throw tooMany(total.ttlMs)
        },
        async onResponse(request, reply) {
          if (reply.statusCode >= 300) return
          const keys = counterKeys(request)
          await Promise.all([counters.reset(keys.perAddress), counters.reset(keys.total)]).catch(
            (err: unknown) => request.log.warn({ err }, 'account rate limit could not be reset'),
          )
        },
      }
    },
  )
})
