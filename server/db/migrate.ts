import { and, eq, isNull, sql } from 'drizzle-orm'
import { MIGRATIONS_DIR } from '#server/lib/paths.ts'
import { isBareSha256, wrapBareSha256 } from '#server/lib/recovery-codes.ts'
import type { Database, Db } from './client.ts'
import { recoveryCodes } from './schema.ts'

/**
 * Applies the committed drizzle/ migrations, then re-hashes stored data SQL cannot; safe when
 * several instances start at once.
 */
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
    // Only on the whole set: an older set (an upgrade test's) may not have the columns yet.
    if (folder === MIGRATIONS_DIR) await wrapBareRecoveryCodes(db)
  })
}

/**
 * Recovery codes stored (or restored from an older backup) as their bare SHA-256 are hashed again
 * with argon2id, so no backup made after a start holds them; the codes keep working. Every start
 * and tool migrates first, so it runs before any backup.
 */
async function wrapBareRecoveryCodes(db: Db) {
  const bare = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(isNull(recoveryCodes.lookup), sql`${recoveryCodes.codeHash} ~ '^[0-9a-f]{64}$'`))
  for (const row of bare.filter((r) => isBareSha256(r.codeHash))) {
    await db
      .update(recoveryCodes)
      .set({ codeHash: await wrapBareSha256(row.codeHash) })
      .where(and(eq(recoveryCodes.id, row.id), eq(recoveryCodes.codeHash, row.codeHash)))
  }
}
