import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'

type TableWithId = PgTable & { id: PgColumn }

/**
 * Deletes the rows of `table` for which every one of `conditions` holds (at least one, so a
 * missing condition can never select the whole table); how many there were.
 */
export async function deleteRows(
  db: Db,
  table: TableWithId,
  ...conditions: [SQL, ...SQL[]]
): Promise<number> {
  const rows = await db
    .delete(table)
    .where(and(...conditions))
    .returning({ id: table.id })
  return rows.length
}

/**
 * Deletes the row `id` of `table`, only while `also` holds for it when given (its owner, its
 * state); whether there was one.
 */
export async function deleteRow(
  db: Db,
  table: TableWithId,
  id: string,
  also?: SQL,
): Promise<boolean> {
  const isRow = eq(table.id, id)
  return (await (also ? deleteRows(db, table, isRow, also) : deleteRows(db, table, isRow))) > 0
}
