/**
 * A fresh database migrated only up to a given migration, as a running site has it before an
 * upgrade: a migration test writes rows in the old shape, then applies the rest.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { MIGRATIONS_DIR } from '#server/lib/paths.ts'
import { createScratchPostgres } from './test-app.ts'
import { testEnv } from './test-env.ts'

/**
 * A database (a scratch one on TEST_DATABASE_URL's server when set, else embedded) with the
 * migrations before `firstLeftOut` applied; what it made is pushed onto `cleanups`, to be run in
 * reverse order.
 */
export async function databaseMigratedBefore(
  firstLeftOut: number,
  cleanups: (() => Promise<unknown>)[],
): Promise<Database> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-migrations-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  await cp(MIGRATIONS_DIR, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((entry) => entry.idx < firstLeftOut)
  await writeFile(journalFile, JSON.stringify(journal))
  const scratch = testEnv.TEST_DATABASE_URL
    ? await createScratchPostgres(testEnv.TEST_DATABASE_URL)
    : undefined
  if (scratch) cleanups.push(scratch.drop)
  const database = await openDatabase(
    scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'pglite' },
  )
  cleanups.push(() => database.close())
  await migrateDatabase(database, dir)
  return database
}
