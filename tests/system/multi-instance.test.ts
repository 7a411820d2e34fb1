/**
 * Two app processes started at the same moment on one PostgreSQL database and one Redis, as behind
 * a load balancer: migrations take turns, tokens, images and rate-limit counters are shared.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { SessionSchema } from '#common/schemas/users.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { ACTION_LIMITS, ACCOUNT_LIMITS } from '#server/lib/rate-limits.ts'
import { bearer } from '#tests/helpers/auth.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { createScratchPostgres } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'

const ADMIN = { email: 'owner@multi.test', password: 'Multi!Instance1' }

let scratch: Awaited<ReturnType<typeof createScratchPostgres>>
let dataDir: string
let a: ServerProcess
let b: ServerProcess
const redis = new Redis(testEnv.TEST_REDIS_URL, { lazyConnect: true })
/** Client IPs (sent as X-Forwarded-For) used by this run, so its Redis keys can be removed after. */
const usedIps: string[] = []

function freshIp() {
  const ip = newClientIp()
  usedIps.push(ip)
  return ip
}

beforeAll(async () => {
  scratch = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-multi-'))
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: testEnv.TEST_REDIS_URL,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  }
  // Same moment, empty database: both run the migrations and create the admin and the secret.
  ;[a, b] = await Promise.all([startServer({ env }), startServer({ env })])
  await redis.connect()
}, 240_000)

afterAll(async () => {
  await stopAllServers()
  for (const ip of usedIps) {
    const keys = await redis.keys(`devfolio-rl:*${ip}`)
    if (keys.length) await redis.del(...keys)
  }
  redis.disconnect()
  await scratch?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

/** Signs the admin in on `server` from a fresh client address. */
const signInAdmin = (server: ServerProcess) =>
  signInOverHttp(server.url, ADMIN, { 'x-forwarded-for': freshIp() })

describe('two instances started at once', () => {
  it('both answer healthy and the migrations ran exactly once', async () => {
    for (const server of [a, b]) {
      const res = await call(server.url, 'GET', '/api/health')
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: 'ok' })
    }
    const journal = JSON.parse(
      await readFile(path.join(ROOT_DIR, 'drizzle/meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[]
    }
    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    try {
      const migrations = await client.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      expect(migrations.rows[0].n).toBe(journal.entries.length)
      const admins = await client.query(
        'select count(*)::int as n from users where email = $1 and is_admin',
        [ADMIN.email],
      )
      expect(admins.rows[0].n).toBe(1)
      const secrets = await client.query(
        `select count(*)::int as n from settings where key = 'session_secret'`,
      )
      expect(secrets.rows[0].n).toBe(1)
    } finally {
      await client.end()
    }
    const logs = [...a.logLines(), ...b.logLines()].filter((l) => (l.level ?? 0) >= 50)
    expect(logs).toEqual([])
  })
})

describe('shared state', () => {
  it('accepts a token issued by one instance on the other, both ways', async () => {
    const admin = await signInAdmin(a)
    const onB = await call(b.url, 'GET', '/api/users/admin', { headers: bearer(admin.token) })
    expect(onB.status).toBe(200)
    expect((onB.json as { users: { email: string }[] }).users.map((u) => u.email)).toContain(
      ADMIN.email,
    )

    const email = `member-${randomUUID().slice(0, 8)}@multi.test`
    const signUp = await call(b.url, 'POST', '/api/users/signup', {
      body: { name: 'Member', email, password: 'Member!Pass1' },
      headers: { 'x-forwarded-for': freshIp() },
    })
    expect(signUp.status).toBe(201)
    const member = SessionSchema.parse(signUp.json)
    const profile = await call(a.url, 'PUT', '/api/users/profile', {
      body: { name: 'Member Renamed', email },
      headers: bearer(member.token),
    })
    expect(profile.status).toBe(200)
    expect(profile.json).toMatchObject({ name: 'Member Renamed', email })

    // A password change on A invalidates the old token on B at once.
    const changed = await call(a.url, 'PUT', '/api/users/profile', {
      body: {
        name: 'Member Renamed',
        email,
        password: 'Changed!Pass2',
        currentPassword: 'Member!Pass1',
      },
      headers: bearer(member.token),
    })
    expect(changed.status).toBe(200)
    const stale = await call(b.url, 'PUT', '/api/users/profile', {
      body: { name: 'x', email },
      headers: bearer(member.token),
    })
    expect(stale.status).toBe(401)
    expect(stale.json).toEqual({ message: expect.any(String) })
    console.log(
      '[multi-instance] tokens: issued on A accepted on B, issued on B accepted on A, revoked on A refused on B',
    )
  })

  it('refuses at once on one instance the token of a session ended on the other', async () => {
    const kept = await signInAdmin(a)
    const ended = await signInAdmin(b)
    const own = await call(a.url, 'GET', '/api/users/sessions', { headers: ended.headers })
    expect(own.status).toBe(200)
    const sessions = (own.json as { sessions: { _id: string; current: boolean }[] }).sessions
    const target = sessions.find((session) => session.current)
    const end = await call(b.url, 'DELETE', `/api/users/sessions/${target!._id}`, {
      headers: kept.headers,
    })
    expect(end.status).toBe(200)
    const endedToken = target!._id
    const stillListed = async (server: ServerProcess) => {
      const res = await call(server.url, 'GET', '/api/users/sessions', { headers: kept.headers })
      return (res.json as { sessions: { _id: string }[] }).sessions.map((session) => session._id)
    }
    expect(await stillListed(a)).not.toContain(endedToken)
    expect(await stillListed(b)).not.toContain(endedToken)
    const refused = await call(a.url, 'GET', '/api/users/sessions', { headers: ended.headers })
    expect(refused.status).toBe(401)
    expect(
      (await call(a.url, 'GET', '/api/users/sessions', { headers: kept.headers })).status,
    ).toBe(200)
  })

  it('serves an image uploaded through one instance from the other', async () => {
    const admin = await signInAdmin(a)
    const form = new FormData()
    const png = await readFile(path.join(ROOT_DIR, 'tests/fixtures/image.png'))
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png')
    const upload = await call(a.url, 'POST', '/api/upload', {
      body: form,
      headers: bearer(admin.token),
    })
    expect(upload.status, upload.text).toBe(200)
    const imagePath = upload.json as string
    expect(imagePath).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/)

    const [fromA, fromB] = await Promise.all(
      [a, b].map((server) =>
        fetch(`${server.url}${imagePath}`, { signal: AbortSignal.timeout(10_000) }),
      ),
    )
    expect(fromB!.status).toBe(200)
    expect(fromB!.headers.get('content-type')).toBe('image/webp')
    const bytesB = Buffer.from(await fromB!.arrayBuffer())
    const bytesA = Buffer.from(await fromA!.arrayBuffer())
    expect(bytesB.subarray(8, 12).toString('latin1')).toBe('WEBP')
    expect(bytesB.equals(bytesA)).toBe(true)
    console.log(
      `[multi-instance] image: uploaded on A (${png.length} B PNG), served by B (${bytesB.length} B WebP)`,
    )
  })

  it('shares the contact rate limit: the limit counts posts to both instances together', async () => {
    const ip = freshIp()
    const max = ACTION_LIMITS.contact.max
    const statuses: number[] = []
    let limited: Awaited<ReturnType<typeof call>> | undefined
    for (let i = 0; i <= max; i++) {
      const server = i % 2 === 0 ? a : b
      const res = await call(server.url, 'POST', '/api/messages/contact', {
        body: {
          fullName: 'Visitor',
          email: 'visitor@multi.test',
          subject: `Hello ${i}`,
          message: 'Hi there',
        },
        headers: { 'x-forwarded-for': ip },
      })
      statuses.push(res.status)
      if (res.status === 201) MessageSchema.parse(res.json)
      else limited = res
    }
    // Each instance saw at most ceil((max+1)/2) posts: with separate counters none would refuse.
    expect(statuses).toEqual([...Array<number>(max).fill(201), 429])
    expect(limited!.json).toEqual({ message: expect.stringMatching(/^Too many requests/) })
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client is not affected.
    const other = await call(b.url, 'POST', '/api/messages/contact', {
      body: { fullName: 'Other', email: 'other@multi.test', subject: 'Hi', message: 'Hello' },
      headers: { 'x-forwarded-for': freshIp() },
    })
    expect(other.status).toBe(201)
    console.log(
      `[multi-instance] contact limit ${max}: ${statuses.join(',')} alternating A/B from one IP`,
    )
  })

  it('shares the per-account sign-in limit across instances and client IPs', async () => {
    const email = `target-${randomUUID().slice(0, 8)}@multi.test`
    const signUp = await call(a.url, 'POST', '/api/users/signup', {
      body: { name: 'Target', email, password: 'Target!Pass1' },
      headers: { 'x-forwarded-for': freshIp() },
    })
    expect(signUp.status).toBe(201)
    const max = ACCOUNT_LIMITS.signIn.max
    const statuses: number[] = []
    // The account's window starts at the first guess: the burst is counted in one window.
    for (let i = 0; i <= max; i++) {
      // A new IP for every guess: only the per-account counter can stop this.
      const res = await call((i % 2 === 0 ? a : b).url, 'POST', '/api/users/signin', {
        body: { email, password: `Wrong!Guess${i}` },
        headers: { 'x-forwarded-for': freshIp() },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429])
    console.log(
      `[multi-instance] per-account sign-in limit ${max}: ${statuses.join(',')} over ${max + 1} IPs, A/B`,
    )
  }, 120_000)

  it('lists on one instance a message posted to the other', async () => {
    const subject = `Cross ${randomUUID()}`
    const posted = await call(a.url, 'POST', '/api/messages/contact', {
      body: { fullName: 'Cross', email: 'cross@multi.test', subject, message: 'Seen everywhere?' },
      headers: { 'x-forwarded-for': freshIp() },
    })
    expect(posted.status).toBe(201)
    const admin = await signInAdmin(b)
    const list = await call(b.url, 'GET', '/api/messages/admin', { headers: bearer(admin.token) })
    expect(list.status).toBe(200)
    const { messages } = list.json as { messages: { _id: string; subject: string }[] }
    expect(messages.find((m) => m.subject === subject)?._id).toBe(
      MessageSchema.parse(posted.json)._id,
    )
  })
})
