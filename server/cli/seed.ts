/**
 * `npm run seed`: adds the demo portfolio entries (with images drawn here) to the configured
 * database, through the running server when one owns the embedded database.
 */
import { loadConfigOrExit } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import type { SeedAnswer } from '#server/modules/local-admin/local-admin.client.ts'
import { createUploadsRepository } from '#server/modules/uploads/uploads.repository.ts'
import { createUploadsService } from '#server/modules/uploads/uploads.service.ts'
import { createWebsitesRepository } from '#server/modules/websites/websites.repository.ts'
import { createWebsitesService } from '#server/modules/websites/websites.service.ts'
import { fail, findRunningSite } from './cli-support.ts'
import { seedDemoContent } from './demo-content.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const config = loadConfigOrExit()

async function seedDirectly(): Promise<SeedAnswer> {
  const database = await openDatabase(config.database)
  try {
    await migrateDatabase(database)
    const { db } = database
    return await seedDemoContent({
      websites: createWebsitesService({ repo: createWebsitesRepository(db) }),
      uploads: createUploadsService({ repo: createUploadsRepository(db) }),
    })
  } finally {
    await database.close()
  }
}

try {
  const site = await findRunningSite(config)
  const result = site ? await site.call<SeedAnswer>('POST', '/seed') : await seedDirectly()
  for (const slug of result.added) console.log(`added    /website/${slug}`)
  for (const slug of result.skipped) console.log(`skipped  /website/${slug} (already there)`)
  const where = config.database.kind === 'pglite' ? config.database.dir : 'DATABASE_URL'
  const through = site ? `, through the running site (pid ${site.pid})` : ''
  console.log(
    `Seed done: ${result.added.length} added, ${result.skipped.length} already there (${where}${through}).`,
  )
} catch (error) {
  fail(error)
}
