/** Applies the committed migrations to the configured database and exits (npm start does it too). */
import { loadConfigOrExit } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { assertNoRunningSite, fail } from './cli-support.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const config = loadConfigOrExit()
try {
  await assertNoRunningSite(config, 'npm run db:migrate (npm start migrates too)')
  const database = await openDatabase(config.database)
  try {
    await migrateDatabase(database)
  } finally {
    await database.close()
  }
  console.log(`Migrations applied (${config.database.kind}).`)
} catch (error) {
  fail(error)
}
