/**
 * The bookings_no_overlap constraint on the embedded database (PGlite) itself, whatever database
 * the API tests run on: range types' own GiST operator class needs no extension there either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { createBookingRepository, isOverlap, type NewBooking } from './booking.repository.ts'

let database: Database
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
})
afterAll(() => database.close())

const at = (time: string) => new Date(`2026-03-23T${time}:00Z`)
let count = 0
const booking = (start: string, end: string, blockedUntil: string): NewBooking => {
  count += 1
  return {
    token: `token-${count}`,
    startAt: at(start),
    endAt: at(end),
    blockedUntil: at(blockedUntil),
    durationMinutes: 30,
    name: 'Visitor',
    email: `visitor${count}@example.com`,
    timeZone: 'UTC',
    location: '',
  }
}

const noLimit = { mailbox: 'nobody@example.com', maxUpcoming: 1, at: new Date(0) }

describe('bookings_no_overlap on PGlite', () => {
  it('refuses a confirmed booking over another one and its buffer, and no other', async () => {
    const repo = createBookingRepository(database.db)
    const first = (await repo.insert(booking('09:00', '09:30', '09:40'), noLimit))!
    const refused = await repo
      .insert(booking('09:35', '10:05', '10:15'), noLimit)
      .catch((err: unknown) => err)
    expect(isOverlap(refused)).toBe(true)
    // Right after the buffer, and before the call with its own buffer ending at its start: both fine.
    await repo.insert(booking('09:40', '10:10', '10:20'), noLimit)
    await repo.insert(booking('08:20', '08:50', '09:00'), noLimit)
    // Once cancelled, the first holds no time.
    await repo.cancel(first.id, at('08:00'))
    await repo.insert(booking('09:00', '09:30', '09:40'), noLimit)
  })
})
