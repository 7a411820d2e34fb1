/**
 * drizzle/0042 on a database from before it (migrated up to 0041), as a running site has it: a
 * contact page still carrying the first run's note ("All fields are required.", above optional
 * fields) and first next step (which repeated the reply time the confirmation gives) gets the new
 * first-run words, so it still counts as untouched; words the owner wrote stay.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '#server/db/migrate.ts'
import { pages } from '#server/db/schema.ts'
import { FIRST_RUN_PAGES } from '#server/first-run/pages.ts'
import { databaseMigratedBefore } from '#tests/helpers/migrated-database.ts'

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const OLD_NOTE = 'All fields are required.'
const OLD_FIRST_STEP = 'I reply within one business day with a few questions about your goals.'
const current = FIRST_RUN_PAGES.contact

async function contactAfterMigration(stored: object) {
  const database = await databaseMigratedBefore(42, cleanups)
  await database.db.execute(
    sql`insert into pages (key, content) values ('contact', ${JSON.stringify(stored)}::jsonb)
      on conflict (key) do update set content = excluded.content`,
  )
  await migrateDatabase(database)
  const [row] = await database.db.select().from(pages).where(eq(pages.key, 'contact'))
  return row!.content
}

describe('drizzle/0042 on a database from before it', () => {
  it("gives a contact page the first run's new note and first step where it kept the old ones", async () => {
    const content = await contactAfterMigration({
      ...current,
      formNote: OLD_NOTE,
      nextSteps: [OLD_FIRST_STEP, ...current.nextSteps.slice(1)],
    })
    expect(content).toEqual(current)
  })

  it('keeps the words the owner wrote', async () => {
    const own = {
      ...current,
      formNote: 'Tell me as much as you like.',
      nextSteps: ['I call you back.', 'We meet.'],
    }
    expect(await contactAfterMigration(own)).toEqual(own)
  })
})
