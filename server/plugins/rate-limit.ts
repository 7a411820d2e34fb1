/**
 * Rate limits for the calls bots attack: sign-in, sign-up, password reset and contact, per client
 * IP, plus sign-in attempts per account (from any IP). Counters live in Redis when REDIS_URL is
 * set, so every app instance shares them.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import { HttpError } from '#server/lib/http-errors.ts'

const MINUTE = 60_000
const NAMESPACE = 'devfolio-rl:'
const MEMORY_PRUNE_SIZE = 10_000

/** Requests allowed per window (before RATE_LIMIT_SCALE) for each limited call, keyed by client IP. */
export const RATE_LIMITS = {
  signIn: { max: 10, timeWindow: 15 * MINUTE },
  signUp: { max: 10, timeWindow: 60 * MINUTE },
  passwordReset: { max: 5, timeWindow: 15 * MINUTE },
  contact: { max: 5, timeWindow: 10 * MINUTE },
  notFound: { max: 60, timeWindow: MINUTE },
} as const

export type RateLimitName = keyof typeof RATE_LIMITS

/**
 * Attempts allowed per account (before RATE_LIMIT_SCALE) in a fixed window, whatever the client IP:
 * a botnet spreading password guesses over many IPs still gets only this many per window. A
 * successful attempt clears the count. The window is fixed, so an attacker who keeps trying never
 * locks the real owner out for longer than one window.
 */
export const ACCOUNT_LIMITS = {
  signIn: { max: 10, timeWindow: 15 * MINUTE },
} as const

export type AccountLimitName = keyof typeof ACCOUNT_LIMITS

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
  }
}

export interface RateLimitPluginOptions {
  scale: number
  redisUrl?: string
  now?: () => Date
}

interface CounterStore {
  /** Adds one to `key` and returns the new count; the key expires after `ttlMs`. */
  incr(key: string, ttlMs: number): Promise<number>
  reset(key: string): Promise<void>
}

function memoryCounterStore(now: () => Date): CounterStore {
  const counters = new Map<string, { count: number; expiresAt: number }>()
  return {
    async incr(key, ttlMs) {
      const at = now().getTime()
      if (counters.size > MEMORY_PRUNE_SIZE) {
        for (const [k, v] of counters) if (v.expiresAt <= at) counters.delete(k)
      }
      const current = counters.get(key)
      const entry =
        current && current.expiresAt > at ? current : { count: 0, expiresAt: at + ttlMs }
      entry.count += 1
      counters.set(key, entry)
      return entry.count
    },
    async reset(key) {
      counters.delete(key)
    },
  }
}

function redisCounterStore(redis: Redis): CounterStore {
  return {
    async incr(key, ttlMs) {
      const results = await redis.multi().incr(key).pexpire(key, ttlMs).exec()
      const [error, count] = results?.[0] ?? [new Error('redis transaction aborted'), 0]
      if (error) throw error
      return Number(count)
    },
    async reset(key) {
      await redis.del(key)
    },
  }
}

const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

export default fp(async function rateLimitPlugin(
  app: FastifyInstance,
  opts: RateLimitPluginOptions,
) {
  // ioredis is loaded only when it is used: it would only lengthen everyone else's start-up.
  const redis = opts.redisUrl
    ? new (await import('ioredis')).Redis(opts.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'))
  if (redis) app.addHook('onClose', async () => void redis.quit().catch(() => redis.disconnect()))

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: NAMESPACE,
    // With Redis unreachable the limiter lets requests through rather than taking the site down.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${context.after}`,
    }),
  })

  app.decorate('rateLimitFor', (name: RateLimitName) => {
    if (opts.scale === 0) return false
    const limit = RATE_LIMITS[name]
    return { max: Math.max(1, Math.round(limit.max * opts.scale)), timeWindow: limit.timeWindow }
  })

  const now = opts.now ?? (() => new Date())
  const counters = redis ? redisCounterStore(redis) : memoryCounterStore(now)
  app.decorate(
    'accountLimitFor',
    (name: AccountLimitName, keyOf: (request: FastifyRequest) => string) => {
      if (opts.scale === 0) return {}
      const { timeWindow } = ACCOUNT_LIMITS[name]
      const max = Math.max(1, Math.round(ACCOUNT_LIMITS[name].max * opts.scale))
      // Window-numbered keys make every instance agree on the window from the clock alone.
      const counterKey = (request: FastifyRequest, at: number) => {
        const account = createHash('sha256').update(keyOf(request)).digest('hex').slice(0, 32)
        return `${NAMESPACE}account:${name}:${account}:${Math.floor(at / timeWindow)}`
      }
      return {
        async preHandler(request) {
          const at = now().getTime()
          const windowLeftMs = timeWindow - (at % timeWindow)
          let count: number
          try {
            count = await counters.incr(counterKey(request, at), windowLeftMs)
          } catch (err) {
            // Like the IP limits: with Redis unreachable, requests go through rather than failing.
            request.log.warn({ err }, 'account rate limit unavailable')
            return
          }
          if (count > max) {
            throw new HttpError(
              429,
              `Too many attempts for this account, please try again in ${minutesText(windowLeftMs)}`,
              { 'retry-after': String(Math.ceil(windowLeftMs / 1000)) },
            )
          }
        },
        async onResponse(request, reply) {
          if (reply.statusCode >= 300) return
          await counters.reset(counterKey(request, now().getTime())).catch((err: unknown) => {
            request.log.warn({ err }, 'account rate limit could not be reset')
          })
        },
      }
    },
  )
})
