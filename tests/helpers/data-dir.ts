/**
 * A new DATA_DIR that already holds a created and migrated embedded database, copied from a
 * template made once per set of migrations. Creating an embedded database costs seconds of CPU
 * (far more on a busy machine); copying one costs milliseconds.
 */
import { createHash } from 'node:crypto'
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { MIGRATIONS_DIR, ROOT_DIR } from '#server/lib/paths.ts'
import { mtimeMs, withCheckoutLock } from './checkout-lock.ts'

const READY_MARKER = '.template-ready'

/** The template's folder, named for this checkout, its migrations and the PGlite version. */
async function templateDir(): Promise<string> {
  const journal = await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'))
  const pglite = await readFile(
    path.join(ROOT_DIR, 'node_modules/@electric-sql/pglite/package.json'),
  )
  const key = createHash('sha256')
    .update(ROOT_DIR)
    .update(journal)
    .update(pglite)
    .digest('hex')
    .slice(0, 16)
  return path.join(os.tmpdir(), `site-pglite-template-${key}`)
}

export async function freshDataDir(prefix = 'site-system-'): Promise<string> {
  const template = await templateDir()
  if (!(await mtimeMs(path.join(template, READY_MARKER)))) {
    await withCheckoutLock('template', async () => {
      if (await mtimeMs(path.join(template, READY_MARKER))) return
      const staging = await mkdtemp(path.join(os.tmpdir(), 'site-pglite-staging-'))
      const database = await openDatabase({ kind: 'pglite', dir: path.join(staging, 'pglite') })
      await migrateDatabase(database)
      await database.close()
      await writeFile(path.join(staging, READY_MARKER), '')
      await rm(template, { recursive: true, force: true })
      await rename(staging, template)
    })
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  await cp(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true })
  return dir
}
