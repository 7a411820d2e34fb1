import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'

/** Deletes the row `id` of `table`; whether there was one. */
export async function deleteRow(
  db: Db,
  table: PgTable & { id: PgColumn },
  id: string,
): Promise<boolean> {
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })
  return rows.length > 0
}
