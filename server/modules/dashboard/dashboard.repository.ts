/** The admin dashboard's figures: plain counts (decision 016 measured them at realistic sizes). */
import { asc, count, desc, not } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { messages, users, websites } from '#server/db/schema.ts'

export interface DashboardFigures {
  users: number
  /** Messages not marked as spam. */
  messages: number
  /** Websites per language description, largest first. */
  groups: { name: string; total: number }[]
}

export function createDashboardRepository(db: Db) {
  return {
    async figures(): Promise<DashboardFigures> {
      const [[userCount], [messageCount], groups] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(messages).where(not(messages.spam)),
        db
          .select({ name: websites.languageDescription, total: count() })
          .from(websites)
          .groupBy(websites.languageDescription)
          .orderBy(desc(count()), asc(websites.languageDescription)),
      ])
      return { users: userCount?.n ?? 0, messages: messageCount?.n ?? 0, groups }
    },
  }
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>
