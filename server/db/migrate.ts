import { MIGRATIONS_DIR } from '#server/lib/paths.ts'
import type { Database } from './client.ts'

/** Applies the committed drizzle/ migrations; safe when several instances start at once. */
export async function migrateDatabase(database: Database, folder = MIGRATIONS_DIR) {
  // Only the migrator of the driver in use is loaded (the other would load its driver too).
  const { migrate } =
    database.kind === 'pglite'
      ? await import('drizzle-orm/pglite/migrator')
      : await import('drizzle-orm/node-postgres/migrator')
  await database.withExclusiveLock(async (db) => {
    // Both migrators accept any Drizzle PostgreSQL database; their signatures differ only in the driver type.
    await (migrate as (db: unknown, config: { migrationsFolder: string }) => Promise<void>)(db, {
      migrationsFolder: folder,
    })
  })
}
