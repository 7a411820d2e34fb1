/**
 * Opens the one database the app uses: embedded PGlite under DATA_DIR by default,
 * a PostgreSQL server through a node-postgres pool when DATABASE_URL is set.
 * No other file knows which of the two is in use.
 */
import { mkdir } from 'node:fs/promises'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dir) : openPostgres(options)
}

// Each driver is loaded only when chosen: the one not in use would only lengthen start-up.
async function openPglite(dir: string | undefined): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ])
  if (dir) await mkdir(dir, { recursive: true })
  const client = await PGlite.create(dir ? { dataDir: dir } : {})
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    // PGlite has a single connection inside one process: there is nobody to take turns with.
    withExclusiveLock: (fn) => fn(db),
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
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
