/**
 * What the command-line tools share: finding the server that owns the embedded database (to work
 * through it rather than beside it), and exiting on errors.
 */
import type { Config } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { DataDirLockedError, readLockHolder } from '#server/db/data-dir-lock.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import {
  callLocalChannel,
  localChannelPath,
  LocalChannelError,
  LocalChannelUnreachableError,
} from '#server/modules/local-admin/local-admin.client.ts'

/** Opens the configured database, brings it to the current schema, runs `work` on it, closes it. */
export async function withMigratedDatabase<T>(
  config: Config,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(config.database)
  try {
    await migrateDatabase(database)
    return await work(database)
  } finally {
    await database.close()
  }
}

/** A refusal the tool explains in its message: printed without a stack trace. */
export class CliError extends Error {
  override name = 'CliError'
}

export interface RunningSite {
  pid: number
  /** One request to the running server over its local channel. */
  call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T>
}

/**
 * The running server that owns the embedded database, or undefined when the tool may open the
 * database itself: no live process holds it, or DATABASE_URL names a PostgreSQL server, which
 * several processes share. Throws when a command-line tool holds the embedded database.
 */
export async function findRunningSite(config: Config): Promise<RunningSite | undefined> {
  if (config.database.kind !== 'pglite') return undefined
  const holder = await readLockHolder(config.database.dir)
  if (!holder) return undefined
  if (holder.role !== 'server') throw new DataDirLockedError(config.database.dir, holder)
  const socketPath = localChannelPath(config.dataDir)
  return {
    pid: holder.pid,
    call: <T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
      callLocalChannel<T>(socketPath, method, url, body).catch((error: unknown) => {
        if (!(error instanceof LocalChannelUnreachableError)) throw error
        throw new CliError(
          `The site is running (pid ${holder.pid}) but does not answer on ${socketPath}: ` +
            'wait until it serves pages and try again, or stop it and run this command again.',
        )
      }),
  }
}

/**
 * Refuses to go on while a process owns the embedded database, for what cannot be done through
 * the running server (`command` names what to run once it is stopped).
 */
export async function assertNoRunningSite(config: Config, command: string): Promise<void> {
  const site = await findRunningSite(config)
  if (site)
    throw new CliError(`The site is running (pid ${site.pid}): stop it, then run ${command}`)
}

/** Prints an expected error (bad configuration, a refused file) without a stack trace and exits 1. */
export function fail(error: unknown, ...expected: (new (...args: never[]) => Error)[]): never {
  const known = [CliError, DataDirLockedError, LocalChannelError, ...expected]
  if (error instanceof Error && known.some((type) => error instanceof type)) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
}
