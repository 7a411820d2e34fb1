/**
 * The admin dashboard's figures, read from the counters the database keeps up to date (see the
 * counters migration): the cost does not grow with the tables, and no table is ever loaded whole.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import type { Summary } from '#common/schemas/summary.ts'
import type { Db } from '#server/db/client.ts'
import { rowCountTotal } from '#server/db/row-counts.ts'
import { users, websiteLanguageCounts as groups } from '#server/db/schema.ts'
import type { UserAndDataRead } from '#server/plugins/auth.ts'

export function createSummaryRepository(db: Db) {
  // The requesting user and the figures in one prepared statement, one round trip: the user's row
  // with both totals, joined (for an admin only) to one row per language group, largest first.
  const statement = db
    .select({
      user: users,
      users: rowCountTotal('users'),
      messages: rowCountTotal('messages'),
      name: groups.languageDescription,
      total: groups.total,
    })
    .from(users)
    .leftJoin(groups, and(eq(users.isAdmin, true), gt(groups.total, 0)))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(desc(groups.total), asc(groups.languageDescription))
    .prepare('dashboard_summary')

  const summaryFor: UserAndDataRead<Summary> = async (userId) => {
    const rows = await statement.execute({ userId })
    const [first] = rows
    return {
      user: first?.user,
      data: {
        users: [{ numUsers: Number(first?.users ?? 0) }],
        websites: rows.flatMap((row) =>
          row.name === null ? [] : [{ _id: row.name, totalWebsites: Number(row.total) }],
        ),
        messages: [{ numMessages: Number(first?.messages ?? 0) }],
      },
    }
  }
  return { summaryFor }
}

export type SummaryRepository = ReturnType<typeof createSummaryRepository>
