/**
 * `npm run seed`: puts the first-run content in place where it was never written and adds the demo
 * portfolio entries (server/first-run/), through the running server when one owns the embedded
 * database.
 */
import Fastify from 'fastify'
import { loadConfigOrExit } from '#server/config.ts'
import { describeFirstRun, seedSite, type SeedResult } from '#server/first-run/first-run.ts'
import { createServices } from '#server/services.ts'
import { fail, findRunningSite, withMigratedDatabase } from './cli-support.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const config = loadConfigOrExit()

const seedDirectly = (): Promise<SeedResult> =>
  withMigratedDatabase(config, async (database) => {
    // The same services the server builds; the log is the server's format, warnings only.
    const { log } = Fastify({ logger: { level: 'warn' } })
    return seedSite(await createServices({ config, database, log }))
  })

try {
  const site = await findRunningSite(config)
  const result = site ? await site.call<SeedResult>('POST', '/seed') : await seedDirectly()
  console.log(describeFirstRun(result.firstRun) ?? 'First-run content: already in place.')
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
