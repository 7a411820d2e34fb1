import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import { messages } from './schema.ts'
import { runUpkeep } from './upkeep.ts'

describe('runUpkeep on the embedded database', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' })
    await migrateDatabase(database)
  })
  afterAll(async () => {
    await database.close()
  })

  const messagesTable = async () => {
    const [row] = await database.db
      .select({
        bytes: sql<string>`pg_relation_size('messages')`,
        tuples: sql<number>`reltuples`,
      })
      .from(sql`pg_class`)
      .where(sql`relname = 'messages'`)
    return { bytes: Number(row!.bytes), tuples: Number(row!.tuples) }
  }

  it('gives back the room of deleted rows and counts the rows for the planner', async () => {
    await database.db.insert(messages).values(
      Array.from({ length: 400 }, (_, i) => ({
        fullName: `Visitor ${i}`,
        email: `visitor-${i}@example.com`,
        subject: `Question ${i}`,
        message: `Hello, I would like a website (${i}). `.repeat(20),
      })),
    )
    await database.db.delete(messages).where(sql`${messages.fullName} <> 'Visitor 0'`)
    const before = await messagesTable()
    expect(before.bytes).toBeGreaterThan(100_000)

    await runUpkeep(database.db)

    const after = await messagesTable()
    expect(after.bytes).toBeLessThan(before.bytes / 10)
    expect(after.tuples).toBe(1)
  })
})
