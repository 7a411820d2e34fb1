/**
 * `npm run db:cluster`: makes the empty embedded-database cluster shipped in
 * server/db/pglite-cluster/ (see server/db/pglite-cluster.ts) by running PGlite's initdb once, in
 * memory, here rather than on every first start. Run after upgrading @electric-sql/pglite, on a
 * machine with memory to spare (decision 009 has initdb's peak). Older versions' files are removed.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { shippedClusterFile } from '#server/db/pglite-cluster.ts'

const file = await shippedClusterFile()
const dir = path.dirname(file)
const pglite = await PGlite.create()
const archive = await pglite.dumpDataDir('gzip')
await pglite.close()
await mkdir(dir, { recursive: true })
for (const name of await readdir(dir))
  if (name !== path.basename(file)) await rm(path.join(dir, name))
await writeFile(file, Buffer.from(await archive.arrayBuffer()))
console.log(`wrote ${path.relative(process.cwd(), file)} (${Math.round(archive.size / 1024)} KB)`)
