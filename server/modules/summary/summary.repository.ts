/**
 * The admin dashboard's figures, read from the counters the database keeps up to date (see the
 * counters migration): the cost does not grow with the tables, and no table is ever loaded whole.
 */
import { sql } from 'drizzle-orm'
import type { Summary } from '#common/schemas/summary.ts'
import type { Db } from '#server/db/client.ts'
import { rowCounts, websiteLanguageCounts } from '#server/db/schema.ts'

interface SummaryRow extends Record<string, unknown> {
  kind: 'table' | 'group'
  name: string
  total: string | number
}

export function createSummaryRepository(db: Db) {
  return {
    /** One round trip: the two table totals, then the language groups, largest first. */
    async summary(): Promise<Summary> {
      const { rows } = (await db.execute(sql`
        select 'table' as kind, ${rowCounts.tableName} as name, sum(${rowCounts.total}) as total
          from ${rowCounts}
          where ${rowCounts.tableName} in ('users', 'messages')
          group by ${rowCounts.tableName}
        union all
        select 'group', ${websiteLanguageCounts.languageDescription}, ${websiteLanguageCounts.total}
          from ${websiteLanguageCounts}
          where ${websiteLanguageCounts.total} > 0
        order by kind desc, total desc, name asc`)) as { rows: SummaryRow[] }
      const totalOf = (table: string) =>
        Number(rows.find((row) => row.kind === 'table' && row.name === table)?.total ?? 0)
      return {
        users: [{ numUsers: totalOf('users') }],
        websites: rows
          .filter((row) => row.kind === 'group')
          .map((row) => ({ _id: row.name, totalWebsites: Number(row.total) })),
        messages: [{ numMessages: totalOf('messages') }],
      }
    },
  }
}

export type SummaryRepository = ReturnType<typeof createSummaryRepository>
