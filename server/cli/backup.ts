/**
 * npm run backup -- [--out FILE]
 * Writes every user, website, message, image and setting of the configured database (embedded or
 * PostgreSQL) to a portable gzipped JSON-lines file that `npm run restore` reads back.
 */
import { parseArgs } from 'node:util'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { loadConfig } from '#server/config.ts'
import { BackupError, writeBackup } from '#server/db/backup.ts'
import { openDatabase } from '#server/db/client.ts'
import { assertEmbeddedDatabaseClosed, fail } from './cli-support.ts'

// The backup and the database files hold every password hash and message: owner-only.
process.umask(0o077)

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } })
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const file = path.resolve(values.out ?? `backup-${stamp}.jsonl.gz`)

try {
  const config = loadConfig(process.env)
  await assertEmbeddedDatabaseClosed(config)
  const database = await openDatabase(config.database)
  try {
    const counts = await writeBackup(database, file)
    const { size } = await stat(file)
    console.log(
      `Backed up ${Object.entries(counts)
        .map(([table, n]) => `${n} ${table}`)
        .join(
          ', ',
        )} from the ${config.database.kind} database to ${file} (${Math.ceil(size / 1024)} KB).`,
    )
  } finally {
    await database.close()
  }
} catch (error) {
  fail(error, BackupError)
}
