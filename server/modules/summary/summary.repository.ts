/**
 * The admin dashboard's figures, read from the counters the database keeps up to date (see the
 * counters migration): the cost does not grow with the tables, and no table is ever loaded whole.
 */
import { sql } from 'drizzle-orm'
import type { Summary } from '#common/schemas/summary.ts'
import { batchedRead, inIdsPlaceholder } from '#server/db/batched-read.ts'
import type { Db } from '#server/db/client.ts'
import { rowCountTotal } from '#server/db/row-counts.ts'
import { messages, users, websiteLanguageCounts as groups } from '#server/db/schema.ts'
import type { UserAndDataRead } from '#server/plugins/auth.ts'

interface LanguageGroup {
  name: string
  total: number
}

export function createSummaryRepository(db: Db) {
  // The requesting users and the figures in one prepared statement, one round trip: a row per
  // user, each with the totals and the language groups (largest first), which the database
  // computes once per statement (uncorrelated subqueries), however many users it reads.
  const statement = db
    .select({
      user: users,
      users: rowCountTotal('users'),
      // Spam is kept out of the figure: few rows (purged after 30 days), read through messages_spam_idx.
      messages: sql<string>`${rowCountTotal('messages')} - (select count(*) from ${messages} where ${messages.spam})`,
      groups: sql<LanguageGroup[]>`(select coalesce(json_agg(json_build_object(
          'name', ${groups.languageDescription}, 'total', ${groups.total})
          order by ${groups.total} desc, ${groups.languageDescription}), '[]'::json)
        from ${groups} where ${groups.total} > 0)`,
    })
    .from(users)
    .where(inIdsPlaceholder(users.id))
    .prepare('dashboard_summary')

  const read = batchedRead(
    (ids: string[]) => statement.execute({ ids }),
    (row) => row.user.id,
  )

  const summaryFor: UserAndDataRead<Summary> = async (userId) => {
    const row = await read(userId)
    return {
      user: row?.user,
      data: {
        users: [{ numUsers: Number(row?.users ?? 0) }],
        websites: (row?.groups ?? []).map((group) => ({
          _id: group.name,
          totalWebsites: Number(group.total),
        })),
        messages: [{ numMessages: Number(row?.messages ?? 0) }],
      },
    }
  }
  return { summaryFor }
}

export type SummaryRepository = ReturnType<typeof createSummaryRepository>
