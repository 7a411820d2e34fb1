/**
 * The bookings_no_overlap constraint on the embedded database (PGlite) itself, whatever database
 * the API tests run on: range types' own GiST operator class needs no extension there either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { messages } from '#server/db/schema.ts'
import { createBookingRepository, isOverlap } from './booking.repository.ts'

let database: Database
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
})
afterAll(() => database.close())

const at = (time: string) => new Date(`2026-03-23T${time}:00Z`)
let count = 0

/** Books [start, end) blocked until `blockedUntil`, with the inquiry every booking references. */
async function book(start: string, end: string, blockedUntil: string) {
  count += 1
  const repo = createBookingRepository(database.db)
  const [inquiry] = await database.db
    .insert(messages)
    .values({
      fullName: 'Visitor',
      email: `visitor${count}@example.com`,
      subject: 'Call booked',
      message: '',
      stage: 'call',
    })
    .returning()
  return repo.inTurn((tx) =>
    repo.insert(tx, {
      token: `token-${count}`,
      startAt: at(start),
      endAt: at(end),
      blockedUntil: at(blockedUntil),
      durationMinutes: 30,
      timeZone: 'UTC',
      location: '',
      messageId: inquiry!.id,
    }),
  )
}

describe('bookings_no_overlap on PGlite', () => {
  it('refuses a confirmed booking over another one and its buffer, and no other', async () => {
    const repo = createBookingRepository(database.db)
    const first = await book('09:00', '09:30', '09:40')
    const refused = await book('09:35', '10:05', '10:15').catch((err: unknown) => err)
    expect(isOverlap(refused)).toBe(true)
    // Right after the buffer, and before the call with its own buffer ending at its start: both fine.
    await book('09:40', '10:10', '10:20')
    await book('08:20', '08:50', '09:00')
    // Once cancelled, the first holds no time.
    await repo.inTurn((tx) => repo.cancel(tx, first, at('08:00')))
    await book('09:00', '09:30', '09:40')
  })
})
