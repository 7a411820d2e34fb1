/** `npm run seed`: adds the demo portfolio entries (with images drawn here) to the configured database. */
import { loadConfigOrExit } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { createUploadsRepository } from '#server/modules/uploads/uploads.repository.ts'
import { createUploadsService } from '#server/modules/uploads/uploads.service.ts'
import { createWebsitesRepository } from '#server/modules/websites/websites.repository.ts'
import { createWebsitesService } from '#server/modules/websites/websites.service.ts'
import { seedDemoContent } from './demo-content.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const config = loadConfigOrExit()
const database = await openDatabase(config.database)
try {
  await migrateDatabase(database)
  const { db } = database
  const result = await seedDemoContent({
    websites: createWebsitesService({ repo: createWebsitesRepository(db) }),
    uploads: createUploadsService({ repo: createUploadsRepository(db) }),
  })
  for (const slug of result.added) console.log(`added    /website/${slug}`)
  for (const slug of result.skipped) console.log(`skipped  /website/${slug} (already there)`)
  const where = config.database.kind === 'pglite' ? config.database.dir : 'DATABASE_URL'
  console.log(
    `Seed done: ${result.added.length} added, ${result.skipped.length} already there (${where}).`,
  )
} finally {
  await database.close()
}
