/** What the backup and restore commands share: refusing an open embedded database, and exiting on errors. */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, type Config } from '#server/config.ts'

export class CliError extends Error {
  override name = 'CliError'
}

/**
 * The embedded database belongs to one process at a time: a second one opening it (a backup while
 * the server runs) would corrupt it. PGlite keeps postmaster.pid while the database is open.
 */
export async function assertEmbeddedDatabaseClosed(config: Config) {
  if (config.database.kind !== 'pglite') return
  if (existsSync(path.join(config.database.dir, 'postmaster.pid'))) {
    throw new CliError(
      `The embedded database in ${config.database.dir} is open: stop the server first. ` +
        '(If the server crashed, start it and stop it once so the database closes cleanly.)',
    )
  }
}

/** Prints an expected error (bad configuration, a refused file) without a stack trace and exits 1. */
export function fail(error: unknown, ...expected: (new (...args: never[]) => Error)[]): never {
  const known = [ConfigError, CliError, ...expected]
  if (error instanceof Error && known.some((type) => error instanceof type)) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
}
