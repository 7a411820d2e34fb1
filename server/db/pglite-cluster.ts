/**
 * The embedded database's empty cluster, made once and shipped with the package: a first start
 * unpacks it into the data folder instead of letting PGlite run initdb, whose memory peak alone
 * would get the process killed on a 512 MB server. Unpacking streams from disk to disk and holds
 * next to nothing in memory (figures in the decision record below). The file is named after the
 * PGlite version that made it, since a cluster only opens with the PostgreSQL build that created
 * it; `npm run db:cluster` remakes it after a PGlite upgrade
 * (docs/decisions/009-embedded-database-memory.md).
 */
import { createReadStream, existsSync } from 'node:fs'
import { readFile, rename } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { ROOT_DIR } from '#server/lib/paths.ts'

/** PostgreSQL's own marker of an initialised cluster: PGlite runs initdb when it is missing. */
const MARKER = 'PG_VERSION'
const UNPACKING_MARKER = `${MARKER}.unpacking`

/** Whether `dir` already holds a database (false for a folder a first start is about to fill). */
export const holdsCluster = (dir: string) => existsSync(path.join(dir, MARKER))

async function installedPgliteVersion(): Promise<string> {
  const require = createRequire(import.meta.url)
  const entry = require.resolve('@electric-sql/pglite')
  let dir = path.dirname(entry)
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string
  }
  return manifest.version
}

/** Where the cluster for the installed PGlite is (or would be) shipped. */
export async function shippedClusterFile(): Promise<string> {
  return path.join(
    ROOT_DIR,
    'server',
    'db',
    'pglite-cluster',
    `pglite-${await installedPgliteVersion()}.tar.gz`,
  )
}

/**
 * Prepares `dir` for PGlite: unpacks the shipped empty cluster when the folder holds no database
 * yet. Returns what it did; 'none-shipped' leaves PGlite to run initdb itself (a PGlite upgraded
 * without `npm run db:cluster`). The marker file goes in last, so a start interrupted while
 * unpacking unpacks again next time rather than opening half a cluster.
 */
export async function prepareClusterDir(
  dir: string,
): Promise<'existing' | 'unpacked' | 'none-shipped'> {
  if (holdsCluster(dir)) return 'existing'
  const file = await shippedClusterFile()
  if (!existsSync(file)) return 'none-shipped'
  // Loaded only here: every start after the first would otherwise hold the tar reader's modules.
  const { default: tar } = await import('tar-fs')
  await pipeline(
    createReadStream(file),
    createGunzip(),
    tar.extract(dir, {
      map: (header) =>
        header.name.replace(/^\/+/, '') === MARKER ? { ...header, name: UNPACKING_MARKER } : header,
    }),
  )
  await rename(path.join(dir, UNPACKING_MARKER), path.join(dir, MARKER))
  return 'unpacked'
}
