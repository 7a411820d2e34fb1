/**
 * A new embedded data folder starts from the empty cluster shipped with the package (no initdb in
 * the process), migrates and serves, with the small-site settings applied; an unpacking that was
 * cut short is redone. Also fails when PGlite was upgraded without `npm run db:cluster`.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import { prepareClusterDir, shippedClusterFile } from './pglite-cluster.ts'
import { websites } from './schema.ts'

let parent: string
let dir: string

beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'site-cluster-'))
  dir = path.join(parent, 'pglite')
})

afterEach(async () => {
  await rm(parent, { recursive: true, force: true })
})

// Opening and migrating PGlite takes seconds, far more on a busy machine: a wide bound, not a deadline.
describe('the shipped empty cluster', { timeout: 300_000 }, () => {
  it('exists for the installed PGlite version', async () => {
    expect(existsSync(await shippedClusterFile())).toBe(true)
  })

  it('is unpacked into a new folder, which then migrates, stores rows and reopens', async () => {
    expect(await prepareClusterDir(dir)).toBe('unpacked')
    const first = await openDatabase({ kind: 'pglite', dir })
    try {
      await migrateDatabase(first)
      await first.db.insert(websites).values({
        name: 'Bakery site',
        slug: 'bakery-site',
        image: 'bakery.webp',
        language: 'TypeScript',
      })
      const result = await first.db.execute(sql`show shared_buffers`)
      const { rows } = result as unknown as { rows: { shared_buffers: string }[] }
      expect(rows).toEqual([{ shared_buffers: '8MB' }])
    } finally {
      await first.close()
    }

    expect(await prepareClusterDir(dir)).toBe('existing')
    const again = await openDatabase({ kind: 'pglite', dir })
    try {
      const rows = await again.db.select({ name: websites.name }).from(websites)
      expect(rows).toEqual([{ name: 'Bakery site' }])
    } finally {
      await again.close()
    }
  })

  it('is unpacked again over a folder left without its marker by an interrupted start', async () => {
    await prepareClusterDir(dir)
    await rm(path.join(dir, 'PG_VERSION'))
    await rm(path.join(dir, 'global'), { recursive: true })
    const database = await openDatabase({ kind: 'pglite', dir })
    try {
      await migrateDatabase(database)
      expect(await database.db.select().from(websites)).toEqual([])
    } finally {
      await database.close()
    }
  })
})
