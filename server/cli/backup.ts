/**
 * npm run backup -- [--out FILE]
 * Writes every user, website, message, image and setting of the configured database (embedded or
 * PostgreSQL) to a portable gzipped JSON-lines file that `npm run restore` reads back. While a
 * server owns the embedded database, the server writes the file, from one consistent snapshot.
 */
import { parseArgs } from 'node:util'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { loadConfigOrExit } from '#server/config.ts'
import { BackupError, writeBackup, type BackupCounts } from '#server/db/backup.ts'
import { openDatabase, type DatabaseOptions } from '#server/db/client.ts'
import { backupFileName } from '#server/modules/operations/backup-files.ts'
import type { BackupAnswer } from '#server/modules/local-admin/local-admin.client.ts'
import { fail, findRunningSite } from './cli-support.ts'

// The backup and the database files hold every password hash and message: owner-only.
process.umask(0o077)

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } })
const file = path.resolve(values.out ?? backupFileName(new Date()))
const config = loadConfigOrExit()

async function backUpDirectly(options: DatabaseOptions): Promise<BackupCounts> {
  const database = await openDatabase(options)
  try {
    return await writeBackup(database, file)
  } finally {
    await database.close()
  }
}

try {
  const site = await findRunningSite(config)
  const counts = site
    ? (await site.call<BackupAnswer>('POST', '/backups', { file })).counts
    : await backUpDirectly(config.database)
  const { size } = await stat(file)
  const through = site ? `, through the running site (pid ${site.pid})` : ''
  console.log(
    `Backed up ${Object.entries(counts)
      .map(([table, n]) => `${n} ${table}`)
      .join(
        ', ',
      )} from the ${config.database.kind} database to ${file} (${Math.ceil(size / 1024)} KB${through}).`,
  )
} catch (error) {
  fail(error, BackupError)
}
