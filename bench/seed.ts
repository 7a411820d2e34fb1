/**
 * Bulk data for the benchmark: portfolio entries and contact messages generated inside the
 * database with generate_series, in chunks, so a million rows take seconds rather than hours.
 * Opens the database through server/db/client.ts; with PGlite the server must not be running.
 */
import { sql } from 'drizzle-orm'
import { openDatabase, type DatabaseOptions } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'

const CHUNK = 50_000
const LANGUAGES = ['React', 'Node.js', 'Next.js', 'Express', 'MongoDB', 'PostgreSQL']
const DESCRIPTIONS = [
  'MERN',
  'MERN + Stripe',
  'Next.js',
  'React SPA',
  'Node API',
  'Static site',
  'E-commerce',
  'Dashboard',
]

export interface SeedCounts {
  websites: number
  messages: number
}

const textArray = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`)

/**
 * Adds websites numbered (from.websites, to.websites] and messages numbered (from.messages, to.messages]:
 * call it again with the previous counts as `from` to grow the same database. Row n is n minutes old,
 * so the newest-first order is deterministic and the first page stays the same as the table grows.
 */
export async function seedBench(
  options: DatabaseOptions,
  to: SeedCounts,
  from: SeedCounts = { websites: 0, messages: 0 },
) {
  const database = await openDatabase(options)
  try {
    await migrateDatabase(database)
    const { db } = database
    for (let start = from.websites + 1; start <= to.websites; start += CHUNK) {
      const end = Math.min(start + CHUNK - 1, to.websites)
      await db.execute(sql`
        insert into websites (name, slug, image, language, language_description, description, link, created_at, updated_at)
        select 'Client project ' || g, 'client-project-' || g, '/images/default.jpg',
          (${textArray(LANGUAGES)})[1 + g % ${sql.raw(String(LANGUAGES.length))}],
          (${textArray(DESCRIPTIONS)})[1 + g % ${sql.raw(String(DESCRIPTIONS.length))}],
          'A responsive site with a content editor, contact form and booking flow, built for client number ' || g || '.',
          'https://example.com/projects/' || g,
          now() - g * interval '1 minute', now() - g * interval '1 minute'
        from generate_series(${start}::int, ${end}::int) as g`)
    }
    for (let start = from.messages + 1; start <= to.messages; start += CHUNK) {
      const end = Math.min(start + CHUNK - 1, to.messages)
      // notified_at is set: these messages must not queue a million owner notifications.
      await db.execute(sql`
        insert into messages (full_name, email, subject, message, created_at, notified_at)
        select 'Sender ' || g, 'sender' || g || '@example.com', 'Quote request ' || g,
          'Hello, we are a small business looking for a new website with online booking and a blog. '
            || 'Could you send us an estimate and your availability for next month? Reference ' || g || '.',
          now() - g * interval '1 minute', now() - g * interval '1 minute'
        from generate_series(${start}::int, ${end}::int) as g`)
    }
    await db.execute(sql`analyze`)
  } finally {
    await database.close()
  }
}
