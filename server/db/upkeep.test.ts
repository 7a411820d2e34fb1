import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import { messages } from './schema.ts'
import { runUpkeep, scheduleUpkeep } from './upkeep.ts'

/** Fastify's logger when logging is off: every call does nothing. */
const silent = Fastify().log

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

describe('scheduleUpkeep', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const fakeDatabase = (kind: Database['kind']) => ({ kind }) as Database

  it('runs a while after the start, then at every interval, until stopped', async () => {
    vi.useFakeTimers()
    const runs: number[] = []
    const stop = scheduleUpkeep({
      database: fakeDatabase('pglite'),
      log: silent,
      firstRunDelayMs: 1_000,
      intervalMs: 10_000,
      run: async () => {
        runs.push(Date.now())
      },
    })
    const start = Date.now()
    await vi.advanceTimersByTimeAsync(999)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(runs.map((at) => at - start)).toEqual([1_000, 11_000, 21_000])
    await stop()
    await vi.advanceTimersByTimeAsync(100_000)
    expect(runs).toHaveLength(3)
  })

  it('waits for a run in progress when stopped, and keeps going after a failed run', async () => {
    vi.useFakeTimers()
    let finish = () => {}
    let calls = 0
    const stop = scheduleUpkeep({
      database: fakeDatabase('pglite'),
      log: silent,
      firstRunDelayMs: 0,
      intervalMs: 1_000,
      run: () => {
        calls++
        if (calls === 1) return Promise.reject(new Error('disk full'))
        return new Promise<void>((resolve) => (finish = resolve))
      },
    })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls).toBe(2)
    let stopped = false
    const stopping = stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(false)
    finish()
    await stopping
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toBe(2)
  })

  it('schedules nothing on a PostgreSQL server, which vacuums by itself', async () => {
    vi.useFakeTimers()
    let calls = 0
    const stop = scheduleUpkeep({
      database: fakeDatabase('postgres'),
      log: silent,
      firstRunDelayMs: 0,
      run: async () => {
        calls++
      },
    })
    await vi.advanceTimersByTimeAsync(100_000)
    expect(calls).toBe(0)
    await stop()
  })
})
