import { eq, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rowCounts } from './schema.ts'

export type CountedTable = 'users' | 'websites' | 'messages'

/**
 * A table's total over its counter shards as a scalar subquery, for statements that read totals along
 * with other rows (evaluated once per statement).
 */
export const rowCountTotal = (table: CountedTable) =>
  sql<string>`(select coalesce(sum(${rowCounts.total}), 0) from ${rowCounts}
    where ${rowCounts.tableName} = ${sql.raw(`'${table}'`)})`

const prepared = new WeakMap<Db, ReturnType<typeof prepareCount>>()

const prepareCount = (db: Db) =>
  db
    .select({ total: sql<string | null>`sum(${rowCounts.total})` })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, sql.placeholder('table')))
    .prepare('count_rows')

/** The table's exact row count, kept by triggers: the sum of a few counter rows, whatever the table's size. */
export async function countRows(db: Db, table: CountedTable): Promise<number> {
  let statement = prepared.get(db)
  if (!statement) prepared.set(db, (statement = prepareCount(db)))
  const [row] = await statement.execute({ table })
  if (row?.total == null) {
    throw new Error(`row_counts has no row for ${table}: the counters migration has not run`)
  }
  return Number(row.total)
}
