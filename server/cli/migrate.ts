/** Applies the committed migrations to the configured database and exits (npm start does it too). */
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const config = loadConfig(process.env)
const database = await openDatabase(config.database)
await migrateDatabase(database)
await database.close()
console.log(`Migrations applied (${config.database.kind}).`)
