/**
 * The admin dashboard's figures, read from the counters the database keeps up to date (see the
 * counters migration): the cost does not grow with the tables, and no table is ever loaded whole.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowCountTotal } from '#server/db/row-counts.ts'
import { messages, websiteLanguageCounts as groups } from '#server/db/schema.ts'

export interface DashboardFigures {
  users: number
  /** Messages not marked as spam. */
  messages: number
  /** Websites per language description, largest first. */
  groups: { name: string; total: number }[]
}

interface FiguresRow {
  users: string
  messages: string
  groups: { name: string; total: number | string }[]
}

export function createDashboardRepository(db: Db) {
  return {
    async figures(): Promise<DashboardFigures> {
      // Spam is left out of the messages: few rows (purged after 30 days), read through messages_spam_idx.
      const result = await db.execute(sql`select
        ${rowCountTotal('users')} as users,
        ${rowCountTotal('messages')} - (select count(*) from ${messages} where ${messages.spam}) as messages,
        (select coalesce(json_agg(json_build_object(
            'name', ${groups.languageDescription}, 'total', ${groups.total})
            order by ${groups.total} desc, ${groups.languageDescription}), '[]'::json)
          from ${groups} where ${groups.total} > 0) as groups`)
      // Both drivers answer with a `rows` array.
      const [row] = (result as unknown as { rows: FiguresRow[] }).rows
      return {
        users: Number(row?.users ?? 0),
        messages: Number(row?.messages ?? 0),
        groups: (row?.groups ?? []).map((g) => ({ name: g.name, total: Number(g.total) })),
      }
    },
  }
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>
