/**
 * The single typed configuration module: the only file that reads the environment.
 * Everything else receives the frozen object that `loadConfig` returns.
 */
import path from 'node:path'
import { z } from 'zod'

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const urlWithProtocols = (protocols: string[]) =>
  optionalString.refine(
    (value) => {
      if (value === undefined) return true
      try {
        return protocols.includes(new URL(value).protocol)
      } catch {
        return false
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  )

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .default('./data')
    .refine((value) => !value.split(/[\\/]/).includes('..'), { message: 'must not contain ..' }),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Site <no-reply@localhost>'),
  MAIL_RETRY_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  // How fast a newsletter goes out: what the SMTP server (or its provider's plan) accepts.
  NEWSLETTER_MESSAGES_PER_SECOND: z.coerce.number().min(0.1).max(100).default(2),
  OWNER_EMAIL: optionalString.pipe(z.email().optional()),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']),
  SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  CONTACT_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
  RESPONSE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(2_000),
  // For tests only: the server's clock runs this many milliseconds ahead of the machine's, so a
  // browser test can be run as if today were a chosen date (npm run test:e2e:dated).
  CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  // Visit statistics (server/modules/stats): on unless set to false (the benchmark compares both).
  VISIT_STATS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  // The Redis pub/sub channel (or PostgreSQL LISTEN channel) that tells instances to drop cached pages.
  CACHE_CHANNEL: z
    .string()
    .regex(/^[a-z0-9_-]{1,60}$/, { message: 'must be 1-60 lowercase letters, digits, - or _' })
    .default('devfolio_cache'),
  // `true`, `false`, or the proxies' addresses/subnets (`loopback, uniquelocal`, `10.0.0.0/8`).
  // A bare hop count is refused: Fastify 5 then trusts no forwarded header from a proxy at another address.
  TRUST_PROXY: optionalString.refine((value) => value === undefined || !/^\d+$/.test(value), {
    message:
      'must be true, false or the proxy addresses (e.g. "loopback, uniquelocal"), not a hop count',
  }),
  // Scheduled backups: where, how often (unset or 0: off) and how many to keep.
  BACKUP_DIR: optionalString.refine(
    (value) => value === undefined || !value.split(/[\\/]/).includes('..'),
    { message: 'must not contain ..' },
  ),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(0),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  // Portfolio link checks: how often each published link is checked (0: only on demand), and
  // whether links to loopback/private addresses may be fetched (tests; never on a public server).
  LINK_CHECK_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(6),
  LINK_CHECK_ALLOW_PRIVATE: booleanish,
  // Card payments through Stripe Checkout: on only with both (the account's secret key and the
  // webhook endpoint's signing secret).
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: one readable line per event on a terminal, JSON lines into a file or a log collector.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // The OpenAPI description maps every endpoint for anyone who asks: served only when opted in.
  API_DOCS: booleanish,
  DEV_SERVER: booleanish,
})

const HOUR_MS = 60 * 60 * 1000

export type Env = z.input<typeof EnvSchema>

function buildConfig(env: z.output<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR)
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/(?<!\/)\/+$/, '')
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres' as const, url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
      : { kind: 'pglite' as const, dir: path.join(dataDir, 'pglite') },
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
        : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      ownerEmail: env.OWNER_EMAIL?.toLowerCase(),
      retryIntervalMs: env.MAIL_RETRY_INTERVAL_MS,
      newsletterPerSecond: env.NEWSLETTER_MESSAGES_PER_SECOND,
    },
    /** Where a client file is written while it arrives, before it is stored in the database. */
    clientFilesIncomingDir: path.join(dataDir, 'incoming'),
    publicUrl,
    isPublicUrlSet: env.PUBLIC_URL !== undefined,
    backups: {
      dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups'),
      intervalMs: Math.round(env.BACKUP_INTERVAL_HOURS * HOUR_MS),
      keep: env.BACKUP_KEEP,
    },
    linkChecks: {
      intervalMs: Math.round(env.LINK_CHECK_INTERVAL_HOURS * HOUR_MS),
      isPrivateAllowed: env.LINK_CHECK_ALLOW_PRIVATE,
    },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : undefined,
    sessionSecret: env.SESSION_SECRET,
    redisUrl: env.REDIS_URL,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    contactMinFillMs: env.CONTACT_MIN_FILL_SECONDS * 1000,
    responseCacheTtlMs: env.RESPONSE_CACHE_TTL_MS,
    clockOffsetMs: env.CLOCK_OFFSET_MS,
    isVisitCounting: env.VISIT_STATS,
    cacheChannel: env.CACHE_CHANNEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    isApiDocsServed: env.API_DOCS,
    isDevServer: env.DEV_SERVER,
  }
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  return value
}

export type Config = Readonly<ReturnType<typeof buildConfig>>

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** Parses the given environment; throws a ConfigError listing every wrong variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env)
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    )
  }
  return Object.freeze(buildConfig(result.data))
}

/** The process's configuration; on a wrong variable, prints every problem and exits with 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
