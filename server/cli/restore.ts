/**
 * npm run restore -- --in FILE [--force]
 * Restores a file made by `npm run backup` into the configured database (embedded or PostgreSQL,
 * whichever the backup came from), after applying the migrations, in one transaction. A database
 * that already holds data is refused unless --force, which replaces its contents. Refused, with
 * nothing changed, while a server owns the embedded database. A backup holds no token-signing
 * secret: the restore stores a new one, so every session from before ends.
 */
import { parseArgs } from 'node:util'
import path from 'node:path'
import { loadConfigOrExit } from '#server/config.ts'
import { BackupError, restoreBackup } from '#server/db/backup.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { assertNoRunningSite, fail } from './cli-support.ts'

// The database files hold every password hash and message: owner-only.
process.umask(0o077)

const { values } = parseArgs({
  options: { in: { type: 'string', short: 'i' }, force: { type: 'boolean', default: false } },
})

const config = loadConfigOrExit()
try {
  if (!values.in) throw new BackupError('usage: npm run restore -- --in FILE [--force]')
  const file = path.resolve(values.in)
  const again = `npm run restore -- --in ${values.in}${values.force ? ' --force' : ''}`
  await assertNoRunningSite(config, again)
  const database = await openDatabase(config.database)
  try {
    await migrateDatabase(database)
    const counts = await restoreBackup(database, file, { force: values.force })
    console.log(
      `Restored ${Object.entries(counts)
        .map(([table, n]) => `${n} ${table}`)
        .join(', ')} from ${file} into the ${config.database.kind} database.`,
    )
    console.log(
      config.sessionSecret
        ? 'SESSION_SECRET is set: the site signs tokens with it, so sessions signed with the same ' +
            'value stay valid; set a new one to end them.'
        : 'Every session has ended: the restore made a new token-signing secret (a backup holds ' +
            'none), so everyone signs in again.',
    )
  } finally {
    await database.close()
  }
} catch (error) {
  fail(error, BackupError)
}
