/** Applies the committed migrations to the configured database and exits (npm start does it too). */
import { loadConfigOrExit } from '#server/config.ts'
import { assertNoRunningSite, fail, withMigratedDatabase } from './cli-support.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const config = loadConfigOrExit()
try {
  await assertNoRunningSite(config, 'npm run db:migrate (npm start migrates too)')
  await withMigratedDatabase(config, async () => {})
  console.log(`Migrations applied (${config.database.kind}).`)
} catch (error) {
  fail(error)
}
