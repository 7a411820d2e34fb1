/**
 * Opens the one database the app uses: embedded PGlite under DATA_DIR by default,
 * a PostgreSQL server through a node-postgres pool when DATABASE_URL is set.
 * No other file knows which of the two is in use. Also keeps DATA_DIR readable by its owner only,
 * and lets one process at a time open an embedded folder (data-dir-lock.ts).
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { acquireDataDirLock, type LockHolderRole } from './data-dir-lock.ts'
import { prepareClusterDir } from './pglite-cluster.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseOptions =
  { kind: 'pglite'; dir?: string } | { kind: 'postgres'; url: string; poolMax?: number }

export interface Database {
  readonly kind: DatabaseOptions['kind']
  readonly db: Db
  /** Runs `fn` while holding a cluster-wide lock, so concurrent app instances take turns. */
  withExclusiveLock<T>(fn: (db: Db) => Promise<T>): Promise<T>
  ping(): Promise<void>
  close(): Promise<void>
}

const MIGRATION_LOCK_ID = 7_231_905
const PRIVATE_DIR_MODE = 0o700
const PRIVATE_FILE_MODE = 0o600

/**
 * Makes `target` and everything under it readable by its owner only (folders 0700, files 0600),
 * whatever the umask or an older version left. Entries of another owner, which we could not
 * change, and symbolic links are left alone; a missing target is fine.
 */
async function restrictToOwner(target: string, { recursive = true } = {}): Promise<void> {
  if (process.platform === 'win32') return
  const stats = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (!stats || stats.isSymbolicLink() || stats.uid !== process.getuid?.()) return
  const mode = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE
  if ((stats.mode & 0o777) !== mode) await chmod(target, mode)
  if (!recursive || !stats.isDirectory()) return
  const names = await readdir(target)
  await Promise.all(names.map((name) => restrictToOwner(path.join(target, name))))
}

/**
 * Creates DATA_DIR owner-only, and makes it and the product's folders in it (`productDirs`) so if
 * they exist. Nothing else in DATA_DIR is touched: an operator may have pointed it at a folder that
 * holds other things.
 */
export async function protectDataDir(dataDir: string, productDirs: string[]): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  await restrictToOwner(dataDir, { recursive: false })
  for (const dir of productDirs) await restrictToOwner(dir)
}

export interface OpenOptions {
  /**
   * Who opens an embedded database folder, as its lock records it: the server (which serves the
   * command-line tools' local channel) or a tool working on it directly (the default).
   */
  role?: LockHolderRole
}

/**
 * Opens the database. An embedded folder is locked for this process until `close()`: throws
 * DataDirLockedError when another live process holds it.
 */
export async function openDatabase(
  options: DatabaseOptions,
  { role = 'tool' }: OpenOptions = {},
): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dir, role) : openPostgres(options)
}

/**
 * PostgreSQL settings of the embedded database, sized for one small site in one process (measured
 * in docs/decisions/009-embedded-database-memory.md): PGlite's defaults are a server's (128 MB of
 * shared buffers, room for 100 connections), which it holds in the process's own memory. Reads
 * that miss these buffers come from the operating system's file cache. Given as start-up
 * parameters after PGlite's own, so they also apply to databases created by older versions.
 */
const PGLITE_SETTINGS = {
  shared_buffers: '8MB',
  wal_buffers: '1MB',
  // One backend in single-user mode: the lock and process tables need no room for more.
  max_connections: '5',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
}

// Each driver is loaded only when chosen: the one not in use would only lengthen start-up.
async function openPglite(dir: string | undefined, role: LockHolderRole): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    // The messages search index (see the messages_search migration).
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ])
  if (dir) await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const lock = dir ? await acquireDataDirLock(dir, role) : undefined
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]
  const open = async () => {
    // A new folder gets the shipped empty cluster: PGlite's own initdb peaks far above a small
    // server's memory.
    if (dir) await prepareClusterDir(dir)
    return PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      startParams,
      extensions: { pg_trgm },
    })
  }
  const client = await open().catch(async (error: unknown) => {
    await lock?.release()
    throw error
  })
  // PGlite writes its files readable by everyone, whatever the umask; the write-ahead log and every
  // table hold password hashes and messages. Closing fixes what was created while open.
  const protect = async () => {
    if (dir) await restrictToOwner(dir)
  }
  await protect()
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    // PGlite has a single connection inside one process: there is nobody to take turns with.
    withExclusiveLock: (fn) => fn(db),
    ping: async () => {
      await client.query('select 1')
    },
    close: async () => {
      await client.close()
      await protect()
      await lock?.release()
    },
  }
}

async function openPostgres(options: { url: string; poolMax?: number }): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ])
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 10_000,
  })
  // An idle client losing its server connection emits here; without a listener the process would exit.
  pool.on('error', () => {})
  // So does a client checked out between two queries (a transaction doing work in between): its
  // query fails and the pool drops it on release, but the event itself needs a listener too.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    kind: 'postgres',
    db,
    withExclusiveLock: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Db)
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
        }
      } finally {
        client.release()
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => pool.end(),
  }
}
