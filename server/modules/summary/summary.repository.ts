/**
 * The admin dashboard's figures, read from the counters the database keeps up to date (see the
 * counters migration): the cost does not grow with the tables, and no table is ever loaded whole.
 */
import { asc, desc, gt, sql } from 'drizzle-orm'
import type { Summary } from '#common/schemas/summary.ts'
import type { Db } from '#server/db/client.ts'
import type { CountedTable } from '#server/db/row-counts.ts'
import { rowCounts, websiteLanguageCounts as groups } from '#server/db/schema.ts'

/** A table's total over its counter shards, as a scalar subquery (evaluated once per statement). */
const totalOf = (table: CountedTable) =>
  sql<string>`(select coalesce(sum(${rowCounts.total}), 0) from ${rowCounts}
    where ${rowCounts.tableName} = ${sql.raw(`'${table}'`)})`

export function createSummaryRepository(db: Db) {
  // One prepared statement, one round trip: both totals on every row, one row per language group
  // (largest first), or a single row of totals with no group when there are no websites.
  const statement = db
    .select({
      users: totalOf('users'),
      messages: totalOf('messages'),
      name: groups.languageDescription,
      total: groups.total,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(groups, gt(groups.total, 0))
    .orderBy(desc(groups.total), asc(groups.languageDescription))
    .prepare('dashboard_summary')

  return {
    async summary(): Promise<Summary> {
      const rows = await statement.execute()
      const [first] = rows
      return {
        users: [{ numUsers: Number(first?.users ?? 0) }],
        websites: rows.flatMap((row) =>
          row.name === null ? [] : [{ _id: row.name, totalWebsites: Number(row.total) }],
        ),
        messages: [{ numMessages: Number(first?.messages ?? 0) }],
      }
    },
  }
}

export type SummaryRepository = ReturnType<typeof createSummaryRepository>
