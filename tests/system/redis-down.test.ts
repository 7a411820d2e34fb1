/**
 * REDIS_URL set but Redis unreachable: the rate limits keep counting in the instance's memory
 * instead of switching off, the log says so once, and /api/health reports the fallback.
 */
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { ACCOUNT_LIMITS, RATE_LIMITS } from '#server/lib/rate-limits.ts'
import { signIn } from '#tests/helpers/auth.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { makeUser, TEST_PASSWORD } from '#tests/helpers/factories.ts'
import type { TestApp } from '#tests/helpers/test-app.ts'

/** A port nothing listens on: ioredis, with its offline queue off, fails every command at once. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1'
/** A fixed clock: no count can fall into a new window halfway through a test. */
const NOW = new Date('2030-01-01T00:00:01Z')

const logLines: { level: number; msg?: string }[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line) logLines.push(JSON.parse(line) as { level: number; msg?: string })
    done()
  },
})

let app: TestApp

// Built here rather than by createTestApp, to read the log.
beforeAll(async () => {
  const database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
  const built = await buildApp({
    config: loadConfig({ REDIS_URL: DEAD_REDIS_URL, RATE_LIMIT_SCALE: '1' }),
    database,
    now: () => NOW,
    web: false,
    logger: { level: 'warn', stream: logStream },
  })
  const cleanup = async () => {
    await built.close()
    await database.close()
  }
  app = Object.assign(built, { database, cleanup })
})
afterAll(() => app.cleanup())

describe('rate limits with Redis unreachable', () => {
  it('still refuses the guess after the per-IP limit', async () => {
    const ip = newClientIp()
    const max = RATE_LIMITS.signIn.max
    const statuses = []
    for (let i = 0; i <= max; i++)
      statuses.push((await signIn(app, `guess${i}@redis-down.test`, 'Wrong!Guess1', ip)).statusCode)
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429])
  })

  it('still refuses guesses spread over many IPs after the per-account ceiling', async () => {
    const user = await makeUser(app)
    const { max } = ACCOUNT_LIMITS.signIn
    const statuses = []
    for (let i = 0; i <= max; i++)
      statuses.push((await signIn(app, user.email, `Wrong!Guess${i}`, newClientIp())).statusCode)
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429])
    expect((await signIn(app, user.email, TEST_PASSWORD, newClientIp())).statusCode).toBe(429)
  })

  it('reports the fallback on /api/health, which still answers 200', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', degraded: ['rate-limits'] })
  })

  it('logs the fallback once, not once per request or reconnection attempt', () => {
    const warnings = logLines.filter((line) => line.level === 40 && /redis/i.test(line.msg ?? ''))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.msg).toMatch(/rate limits count in this instance only/)
  })
})
