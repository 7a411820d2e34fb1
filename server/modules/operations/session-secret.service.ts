/**
 * The token-signing secret this process uses, and its replacement (`npm run rotate-secret`, through
 * the local channel on the embedded database). On PostgreSQL the secret may be replaced by another
 * process (the command-line tool, a restore, another instance): each instance listens on the
 * database and reads the stored secret again when told, and at every (re)connection, so a
 * notification missed while the link was down is made up for.
 *
 * When SESSION_SECRET is set the site signs with it, whatever the database stores: nothing here
 * replaces it.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '#server/db/client.ts'
import {
  readSessionSecret,
  rotateSessionSecret,
  SESSION_SECRET_CHANNEL,
} from '#server/db/settings.ts'
import { createChangeBroadcast, type ChangeBroadcast } from '#server/lib/change-broadcast.ts'
import { conflict } from '#server/lib/http-errors.ts'

export const SESSION_SECRET_IN_ENVIRONMENT =
  'SESSION_SECRET is set in the environment, and the site signs tokens with it rather than with a ' +
  'stored secret: to end every session, set SESSION_SECRET to a new value (e.g. ' +
  'openssl rand -base64 48) on every instance and restart them.'

export interface SessionSecretDeps {
  database: Database
  /** The secret in use at start. */
  secret: string
  /** True when it is SESSION_SECRET from the environment. */
  isFromEnvironment: boolean
  /** Set when the database is PostgreSQL, which other processes may change. */
  postgresUrl?: string
  /** Puts a new secret to use (token signing, contact-form tokens). */
  onReplaced: (secret: string) => void
  log: FastifyBaseLogger
}

export function createSessionSecretService({
  database,
  secret,
  isFromEnvironment,
  postgresUrl,
  onReplaced,
  log,
}: SessionSecretDeps) {
  let current = secret
  let listener: ChangeBroadcast | undefined
  // One read at a time, so an older read never lands after a newer one.
  let reloads: Promise<void> = Promise.resolve()

  const use = (next: string) => {
    if (next === current) return
    current = next
    onReplaced(next)
  }

  /** Takes up the stored secret if another process replaced it. */
  async function reload(): Promise<void> {
    const stored = await readSessionSecret(database.db)
    if (!stored || stored === current) return
    use(stored)
    log.warn('session secret replaced in the database: every session from before has ended')
  }

  return {
    /**
     * Stores a new random secret, uses it at once and ends every session (every user's token
     * version moves on), on every instance. Throws 409 when SESSION_SECRET is set.
     */
    async rotate(): Promise<{ signedOut: number }> {
      if (isFromEnvironment) throw conflict(SESSION_SECRET_IN_ENVIRONMENT)
      const { secret: next, signedOut } = await rotateSessionSecret(database.db)
      use(next)
      log.warn({ signedOut }, 'session secret replaced: every session has ended')
      return { signedOut }
    },

    /** Starts listening for a secret replaced elsewhere (PostgreSQL only). */
    async watch(): Promise<void> {
      if (isFromEnvironment || !postgresUrl || listener) return
      listener = await createChangeBroadcast({
        channel: SESSION_SECRET_CHANNEL,
        postgresUrl,
        log,
        onChange: () => {
          reloads = reloads
            .then(reload)
            .catch((err: unknown) =>
              log.error({ err }, 'session secret: could not read the stored secret'),
            )
        },
      })
    },

    async stopWatching(): Promise<void> {
      const closing = listener
      listener = undefined
      await closing?.close()
    },
  }
}

export type SessionSecretService = ReturnType<typeof createSessionSecretService>
