/**
 * Rate-limit counters and the limits they enforce, per client IP: counters live in Redis when
 * REDIS_URL is set, so every app instance shares them; while Redis is unreachable each instance
 * counts in its own memory instead, so the limits never switch off.
 *
 * Two kinds of limit use them. The calls only the API carries out (sign-in, sign-up, password
 * reset) are limited on their route (server/plugins/rate-limit.ts). An action that more than one
 * door leads to (the contact, testimonial and newsletter forms: the API call and the page's form
 * action) is limited by
 * its service, where the work is accepted, through `createActionLimits`: whatever path or API
 * reached it, one counter per client.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { clientKeyOf } from './client-key.ts'
import { HttpError } from './http-errors.ts'
import { domainOf, mailboxOf } from './mailbox.ts'

const MINUTE = 60_000
/** Every counter key starts with this. */
export const RATE_LIMIT_NAMESPACE = 'devfolio-rl:'
/** Counters one instance keeps in memory at most; the oldest windows are forgotten first. */
const MEMORY_MAX_KEYS = 50_000

/** Requests allowed per window (before RATE_LIMIT_SCALE) for each limited API route, per client IP. */
export const RATE_LIMITS = {
  signIn: { max: 10, timeWindow: 15 * MINUTE },
  signUp: { max: 10, timeWindow: 60 * MINUTE },
  passwordReset: { max: 5, timeWindow: 15 * MINUTE },
  notFound: { max: 60, timeWindow: MINUTE },
  backupDownload: { max: 5, timeWindow: 60 * MINUTE }, // per admin: operations.routes.ts
} as const

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

/**
 * Actions limited where they are carried out, per client IP (before RATE_LIMIT_SCALE), whichever
 * door the request came through.
 */
export const ACTION_LIMITS = {
  /** Every contact post, valid or not: the ceiling that stops floods of invalid posts. */
  contactAttempts: { max: 30, timeWindow: 10 * MINUTE },
  /** Contact messages accepted (valid, stored, spam included): typos never use it up. */
  contact: { max: 5, timeWindow: 10 * MINUTE },
  /**
   * Every testimonial post, valid or not. Each accepted one uses up a link the owner mailed, so
   * this only stops floods and guessing, and leaves a client room to correct a refused form.
   */
  testimonialAttempts: { max: 20, timeWindow: 10 * MINUTE },
  /**
   * Every newsletter subscription post, valid or not: each may mail a confirmation to an address
   * nobody checked yet, so floods stop here (and each address gets one an hour at most).
   */
  subscribeAttempts: { max: 30, timeWindow: 10 * MINUTE },
  /**
   * Every accept or decline post of a proposal, valid or not, and every look at a proposal's page
   * with a token: the links' tokens cannot be guessed by the thousand.
   */
  proposalAnswers: { max: 30, timeWindow: 10 * MINUTE },
  /**
   * Every look at an invoice's page or PDF with a token, and every "Pay by card": the links'
   * tokens cannot be guessed by the thousand.
   */
  invoiceViews: { max: 60, timeWindow: 10 * MINUTE },
  /** Every request for a client room's sign-in link, valid or not, known address or not. */
  clientSignInAttempts: { max: 10, timeWindow: 10 * MINUTE },
  /**
   * Sign-in links mailed to one client: a stranger typing a client's address reaches them a few
   * times an hour at most (the form answers the same either way).
   */
  clientSignInMail: { max: 3, timeWindow: 60 * MINUTE },
  /** Messages and files a client sends from their room: each tells the owner. */
  clientRoomPosts: { max: 20, timeWindow: 60 * MINUTE },
  /** Every booking post, valid or not: floods of invalid posts stop here. */
  bookingAttempts: { max: 30, timeWindow: 10 * MINUTE },
  /**
   * Calls booked from one address: each mails two invitations and takes a slot. A person books one
   * call, perhaps a second for a colleague; 22 rotating addresses took a whole month's slots at 5
   * per 10 minutes (the review of 2026-12-01).
   */
  booking: { max: 3, timeWindow: 60 * MINUTE },
  /**
   * Calls booked from every address together: the ceiling that keeps most of the calendar free
   * under a flood from many addresses (a solo developer gets a few bookings a day, not 10 an hour).
   * The owner is told when it is reached.
   */
  bookingOverall: { max: 10, timeWindow: 60 * MINUTE },
  bookingOverallDaily: { max: 30, timeWindow: 24 * 60 * MINUTE },
  /** Moves and cancels through manage links from one address: each mails both sides. */
  bookingChanges: { max: 10, timeWindow: 60 * MINUTE },
  /**
   * Mail to an address that confirmed nothing (a contact acknowledgement, a subscription's
   * confirmation), keyed on its mailbox (`name+tag@` is `name@`), its domain and the whole site:
   * a stranger typing someone else's address reaches that person a few times an hour at most.
   */
  strangerMail: { max: 3, timeWindow: 60 * MINUTE },
  strangerMailPerDomain: { max: 30, timeWindow: 60 * MINUTE },
  strangerMailOverall: { max: 100, timeWindow: 60 * MINUTE },
} as const

export type ActionLimitName = keyof typeof ACTION_LIMITS

interface Hit {
  count: number
  /** Time left in the key's window. */
  ttlMs: number
}

export interface CounterStore {
  /** Adds one to `key`, whose window of `ttlMs` starts at its first hit. */
  hit(key: string, ttlMs: number): Promise<Hit>
  reset(key: string): Promise<void>
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
  }
}

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
  }
}

export interface RateLimitCounters extends CounterStore {
  /** True while REDIS_URL is set but the counters run in this instance's memory. */
  isDegraded(): boolean
  close(): Promise<void>
}

/** The counters: in Redis (with the in-memory fallback) when `redisUrl` is set, else in memory. */
export async function createRateLimitCounters(options: {
  redisUrl?: string
  now: () => Date
  log: FastifyBaseLogger
}): Promise<RateLimitCounters> {
  const memory = memoryCounterStore(options.now)
  if (!options.redisUrl) {
    return { ...memory, isDegraded: () => false, close: async () => {} }
  }
  // ioredis is loaded only when it is used: it would only lengthen everyone else's start-up. A
  // CommonJS package loaded this way is read through its default export (scripts/build-server.ts).
  const { default: Redis } = await import('ioredis')
  const redis = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A Redis that accepts connections but never answers falls back like one that is down.
    commandTimeout: 2_000,
    enableOfflineQueue: false,
    lazyConnect: false,
  })
  const link = redisLink(redis, options.log)
  return {
    ...fallbackCounterStore(redisCounterStore(redis), memory, link),
    isDegraded: link.isDegraded,
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  }
}

/** "3 minutes": how long until a window ends, for a refusal's message. */
const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** A 429 with the time left in the window, in the message and in Retry-After. */
export const tooManyRequests = (windowLeftMs: number, what = 'requests') =>
  new HttpError(429, `Too many ${what}, please try again in ${minutesText(windowLeftMs)}`, {
    headers: { 'retry-after': String(Math.ceil(windowLeftMs / 1000)) },
  })

/**
 * The limits services enforce themselves (ACTION_LIMITS). `take` counts one use of `name` by
 * `client` (its IP, an IPv6 one by its /64: client-key.ts) and throws a 429 once the window's allowance is spent. A scale of 0 turns
 * them off, as it does every limit.
 */
export function createActionLimits(counters: CounterStore, scale: number) {
  /** `onFirstRefusal` runs once per window, for the first use the allowance refuses. */
  async function take(name: ActionLimitName, client: string, onFirstRefusal?: () => void) {
    if (scale === 0) return
    const { max, timeWindow } = ACTION_LIMITS[name]
    const key = `${RATE_LIMIT_NAMESPACE}action:${name}:${clientKeyOf(client)}`
    const hit = await counters.hit(key, timeWindow)
    const allowed = Math.max(1, Math.round(max * scale))
    if (hit.count <= allowed) return
    if (hit.count === allowed + 1) onFirstRefusal?.()
    throw tooManyRequests(hit.ttlMs)
  }

  /** Counts one use of `name` by `key` and says whether the allowance still held it. */
  const allows = (name: ActionLimitName, key: string): Promise<boolean> =>
    take(name, key).then(
      () => true,
      (error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 429) return false
        throw error
      },
    )

  return {
    take,
    allows,
    /**
     * Whether one more mail may go to `email`, an address that confirmed nothing: within the
     * allowances of its mailbox, its domain and the site (ACTION_LIMITS.strangerMail*).
     */
    async mayMailStranger(email: string): Promise<boolean> {
      return (
        (await allows('strangerMail', mailboxOf(email))) &&
        (await allows('strangerMailPerDomain', domainOf(email))) &&
        allows('strangerMailOverall', 'site')
      )
    },
  }
}

export type ActionLimits = ReturnType<typeof createActionLimits>
