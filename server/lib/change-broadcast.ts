/**
 * Tells the other app instances that the site's content changed, so each empties its response
 * cache at once: Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when the
 * database is a server. One embedded database means one process: nobody to tell.
 *
 * A message lost while a link is down is made up for: every (re)connection counts as a change.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'

export interface ChangeBroadcast {
  /** Tells every other instance; never throws (a failure is logged). */
  publish(): void
  close(): Promise<void>
}

export interface ChangeBroadcastOptions {
  channel: string
  redisUrl?: string
  postgresUrl?: string
  log: FastifyBaseLogger
  /** Called when another instance changed something (or a link came back). */
  onChange: () => void
}

const RECONNECT_DELAY_MS = 1_000
/** How many times a change is sent over PostgreSQL before it is given up (and logged). */
const NOTIFY_ATTEMPTS = 5

export async function createChangeBroadcast(
  options: ChangeBroadcastOptions,
): Promise<ChangeBroadcast | undefined> {
  if (options.redisUrl) return redisBroadcast(options.redisUrl, options)
  if (options.postgresUrl) return postgresBroadcast(options.postgresUrl, options)
  return undefined
}

async function redisBroadcast(
  url: string,
  { channel, log, onChange }: ChangeBroadcastOptions,
): Promise<ChangeBroadcast> {
  const { default: Redis } = await import('ioredis')
  const self = randomUUID()
  const connect = () =>
    new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false })
  const publisher = connect()
  const subscriber = connect()
  // ioredis reconnects by itself; errors are reported here instead of crashing the process.
  publisher.on('error', () => {})
  subscriber.on('error', (err) => log.debug({ err }, 'change broadcast: Redis unreachable'))
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).catch((err: unknown) => {
      log.warn({ err }, 'change broadcast: could not subscribe')
    })
    onChange()
  })
  subscriber.on('message', (_channel, sender: string) => {
    if (sender !== self) onChange()
  })
  return {
    publish() {
      publisher.publish(channel, self).catch((err: unknown) => {
        log.warn({ err }, 'change broadcast: could not publish')
      })
    },
    async close() {
      await Promise.all(
        [publisher, subscriber].map((redis) => redis.quit().catch(() => redis.disconnect())),
      )
    },
  }
}

async function postgresBroadcast(
  url: string,
  { channel, log, onChange }: ChangeBroadcastOptions,
): Promise<ChangeBroadcast> {
  const { default: pg } = await import('pg')
  const self = randomUUID()
  const quoted = `"${channel.replaceAll('"', '""')}"`
  let closed = false
  let listener: InstanceType<typeof pg.Client> | undefined
  let reconnect: NodeJS.Timeout | undefined

  const retry = () => {
    if (closed) return
    reconnect = setTimeout(() => void listen(), RECONNECT_DELAY_MS)
    reconnect.unref()
  }
  const listen = async () => {
    const client = new pg.Client({ connectionString: url })
    client.on('error', () => {})
    client.on('end', () => {
      if (client !== listener) return
      listener = undefined
      retry()
    })
    client.on('notification', (message) => {
      if (message.payload !== self) onChange()
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${quoted}`)
      listener = client
      onChange()
    } catch (err) {
      log.debug({ err }, 'change broadcast: PostgreSQL unreachable')
      await client.end().catch(() => {})
      retry()
    }
  }
  await listen()

  // Notifications go out on a short-lived connection of their own, never through the listener.
  const publisherPool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 10_000 })
  publisherPool.on('error', () => {})
  return {
    publish() {
      // A notification lost to a passing connection failure would leave the other instances
      // serving what they kept: it is sent again, a second apart, a few times.
      const send = (attempt: number) => {
        publisherPool.query('select pg_notify($1, $2)', [channel, self]).catch((err: unknown) => {
          if (closed || attempt >= NOTIFY_ATTEMPTS) {
            log.warn({ err }, 'change broadcast: could not notify')
            return
          }
          setTimeout(() => send(attempt + 1), RECONNECT_DELAY_MS).unref()
        })
      }
      send(1)
    },
    async close() {
      closed = true
      clearTimeout(reconnect)
      const client = listener
      listener = undefined
      await Promise.all([client?.end().catch(() => {}), publisherPool.end().catch(() => {})])
    },
  }
}
