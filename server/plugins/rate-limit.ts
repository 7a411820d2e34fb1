/**
 * Rate limits for the calls bots attack: sign-in, sign-up, password reset and contact, per client
 * IP, plus sign-in attempts per account, both per client IP and in total, and accepted contact
 * messages per client IP (a post refused by validation does not use up the allowance). Counters live in Redis
 * when REDIS_URL is set, so every app instance shares them; while Redis is unreachable each
 * instance counts in its own memory instead, so the limits never switch off.
 */
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import { HttpError } from '#server/lib/http-errors.ts'

const MINUTE = 60_000
const NAMESPACE = 'devfolio-rl:'
/** Counters one instance keeps in memory at most; the oldest windows are forgotten first. */
const MEMORY_MAX_KEYS = 50_000

/** Requests allowed per window (before RATE_LIMIT_SCALE) for each limited call, keyed by client IP. */
export const RATE_LIMITS = {
  signIn: { max: 10, timeWindow: 15 * MINUTE },
  signUp: { max: 10, timeWindow: 60 * MINUTE },
  passwordReset: { max: 5, timeWindow: 15 * MINUTE },
  /** Every contact post, valid or not: the ceiling that stops floods of invalid posts. */
  contactAttempts: { max: 30, timeWindow: 10 * MINUTE },
  notFound: { max: 60, timeWindow: MINUTE },
} as const

type RateLimitName = keyof typeof RATE_LIMITS

/**
 * Attempts allowed per account (before RATE_LIMIT_SCALE) in a fixed window. `maxPerAddress` counts
 * one client IP's attempts on the account: a single attacking address is stopped there, and cannot
 * lock the owner, signing in from another address, out. `max` counts the attempts from every
 * address that got past their own limit: a botnet spreading guesses over many IPs still gets only
 * this many per window. A successful attempt clears both counts. A window starts at a key's first
 * attempt and is never extended, so an attacker who keeps trying never locks the real owner out for
 * longer than one window.
 */
export const ACCOUNT_LIMITS = {
  signIn: { maxPerAddress: 10, max: 100, timeWindow: 15 * MINUTE },
} as const

type AccountLimitName = keyof typeof ACCOUNT_LIMITS

/**
 * Requests allowed per client IP (before RATE_LIMIT_SCALE) that count only once accepted: a request
 * is counted when it passes validation, and handed back when its answer is a 400 (the contact page's
 * form action validates inside the handler). So typos never use up a visitor's allowance.
 */
export const ACCEPTED_LIMITS = {
  contact: { max: 5, timeWindow: 10 * MINUTE },
} as const

type AcceptedLimitName = keyof typeof ACCEPTED_LIMITS

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
    /** Route hooks counting only accepted requests per client IP (ACCEPTED_LIMITS); none when off. */
    acceptedLimitFor: (name: AcceptedLimitName) => AccountLimitHooks
    /** True while REDIS_URL is set but the counters run in this instance's memory. */
    isRateLimitFallback: () => boolean
  }
}

interface RateLimitPluginOptions {
  scale: number
  redisUrl?: string
  now?: () => Date
}

interface Hit {
  count: number
  /** Time left in the key's window. */
  ttlMs: number
}

interface CounterStore {
  /** Adds one to `key`, whose window of `ttlMs` starts at its first hit. */
  hit(key: string, ttlMs: number): Promise<Hit>
  reset(key: string): Promise<void>
  /** Takes back one hit of `key`'s current window, if it still has one. */
  unhit(key: string): Promise<void>
}

function memoryCounterStore(now: () => Date): CounterStore {
  // Insertion-ordered: a key starting a new window moves to the end, so the first keys are the oldest.
  const counters = new Map<string, { count: number; expiresAt: number }>()
  const makeRoom = (at: number) => {
    for (const [key, entry] of counters) if (entry.expiresAt <= at) counters.delete(key)
    for (const key of counters.keys()) {
      if (counters.size < MEMORY_MAX_KEYS * 0.9) break
      counters.delete(key)
    }
  }
  return {
    async hit(key, ttlMs) {
      const at = now().getTime()
      let entry = counters.get(key)
      if (!entry || entry.expiresAt <= at) {
        counters.delete(key)
        if (counters.size >= MEMORY_MAX_KEYS) makeRoom(at)
        entry = { count: 0, expiresAt: at + ttlMs }
        counters.set(key, entry)
      }
      entry.count += 1
      return { count: entry.count, ttlMs: entry.expiresAt - at }
    },
    async reset(key) {
      counters.delete(key)
    },
    async unhit(key) {
      const entry = counters.get(key)
      if (entry && entry.expiresAt > now().getTime() && entry.count > 0) entry.count -= 1
    },
  }
}

// Decrements only a key that still exists (and so keeps its expiry), never below zero.
const UNHIT_SCRIPT = `if redis.call('get', KEYS[1]) and tonumber(redis.call('get', KEYS[1])) > 0 then
  return redis.call('decr', KEYS[1]) end return 0`

function redisCounterStore(redis: Redis): CounterStore {
  return {
    async hit(key, ttlMs) {
      const results = await redis.multi().set(key, 0, 'PX', ttlMs, 'NX').incr(key).pttl(key).exec()
      if (!results) throw new Error('redis transaction aborted')
      for (const [error] of results) if (error) throw error
      const ttl = Number(results[2]![1])
      return { count: Number(results[1]![1]), ttlMs: ttl > 0 ? ttl : ttlMs }
    },
    async reset(key) {
      await redis.del(key)
    },
    async unhit(key) {
      await redis.eval(UNHIT_SCRIPT, 1, key)
    },
  }
}

/**
 * Watches the Redis link and says so in the log once per change: a Redis that stays down would
 * otherwise log every reconnection attempt and every fallen-back request.
 */
function redisLink(redis: Redis, log: FastifyBaseLogger) {
  let isDown = false
  const down = (err: unknown) => {
    if (isDown) return
    isDown = true
    log.warn({ err }, 'Redis unreachable: rate limits count in this instance only until it is back')
  }
  const up = () => {
    if (!isDown) return
    isDown = false
    log.info('Redis reachable again: rate limits are shared by every instance again')
  }
  redis.on('error', down)
  redis.on('ready', up)
  // With the offline queue off, every command sent while the link is not ready fails at once.
  return { down, up, isDegraded: () => isDown || redis.status !== 'ready' }
}

/** Counts in Redis, and in memory whenever Redis fails, so a Redis outage never lifts a limit. */
function fallbackCounterStore(
  primary: CounterStore,
  fallback: CounterStore,
  link: ReturnType<typeof redisLink>,
): CounterStore {
  return {
    async hit(key, ttlMs) {
      try {
        const hit = await primary.hit(key, ttlMs)
        link.up()
        return hit
      } catch (err) {
        link.down(err)
        return fallback.hit(key, ttlMs)
      }
    },
    async reset(key) {
      await fallback.reset(key)
      try {
        await primary.reset(key)
        link.up()
      } catch (err) {
        link.down(err)
      }
    },
    async unhit(key) {
      await fallback.unhit(key)
      try {
        await primary.unhit(key)
        link.up()
      } catch (err) {
        link.down(err)
      }
    },
  }
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

const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

export default fp(async function rateLimitPlugin(
  app: FastifyInstance,
  opts: RateLimitPluginOptions,
) {
  const now = opts.now ?? (() => new Date())
  // ioredis is loaded only when it is used: it would only lengthen everyone else's start-up.
  const redis = opts.redisUrl
    ? new (await import('ioredis')).Redis(opts.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        // A Redis that accepts connections but never answers falls back like one that is down.
        commandTimeout: 2_000,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined
  const link = redis ? redisLink(redis, app.log) : undefined
  if (redis) app.addHook('onClose', async () => void redis.quit().catch(() => redis.disconnect()))
  const counters =
    redis && link
      ? fallbackCounterStore(redisCounterStore(redis), memoryCounterStore(now), link)
      : memoryCounterStore(now)
  app.decorate('isRateLimitFallback', () => link?.isDegraded() ?? false)

  await app.register(rateLimit, {
    global: false,
    store: class extends CounterRateLimitStore {
      constructor() {
        super(counters, NAMESPACE)
      }
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${context.after}`,
    }),
  })

  const scaled = (max: number) => Math.max(1, Math.round(max * opts.scale))
  app.decorate('rateLimitFor', (name: RateLimitName) => {
    if (opts.scale === 0) return false
    const limit = RATE_LIMITS[name]
    return { max: scaled(limit.max), timeWindow: limit.timeWindow }
  })

  const hitRequests = new WeakSet<FastifyRequest>()
  app.decorate('acceptedLimitFor', (name: AcceptedLimitName): AccountLimitHooks => {
    if (opts.scale === 0) return {}
    const { timeWindow } = ACCEPTED_LIMITS[name]
    const max = scaled(ACCEPTED_LIMITS[name].max)
    // One key per limit, not per route: the API call and the page's form action share it.
    const keyOf = (request: FastifyRequest) => `${NAMESPACE}accepted:${name}:${request.ip}`
    return {
      async preHandler(request) {
        const hit = await counters.hit(keyOf(request), timeWindow)
        if (hit.count > max) {
          throw new HttpError(
            429,
            `Too many requests, please try again in ${minutesText(hit.ttlMs)}`,
            { 'retry-after': String(Math.ceil(hit.ttlMs / 1000)) },
          )
        }
        hitRequests.add(request)
      },
      async onResponse(request, reply) {
        if (reply.statusCode !== 400 || !hitRequests.has(request)) return
        await counters
          .unhit(keyOf(request))
          .catch((err: unknown) => request.log.warn({ err }, 'rate limit could not be handed back'))
      },
    }
  })

  const tooMany = (windowLeftMs: number) =>
    new HttpError(
      429,
      `Too many attempts for this account, please try again in ${minutesText(windowLeftMs)}`,
      { 'retry-after': String(Math.ceil(windowLeftMs / 1000)) },
    )

  app.decorate(
    'accountLimitFor',
    (name: AccountLimitName, keyOf: (request: FastifyRequest) => string) => {
      if (opts.scale === 0) return {}
      const { timeWindow } = ACCOUNT_LIMITS[name]
      const maxPerAddress = scaled(ACCOUNT_LIMITS[name].maxPerAddress)
      const max = scaled(ACCOUNT_LIMITS[name].max)
      // A window starts at its key's first attempt and is never extended (as the IP limits'):
      // a burst is counted in one window whatever the clock says when it starts.
      const counterKeys = (request: FastifyRequest) => {
        const account = createHash('sha256').update(keyOf(request)).digest('hex').slice(0, 32)
        const total = `${NAMESPACE}account:${name}:${account}`
        return { total, perAddress: `${total}:${request.ip}` }
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
