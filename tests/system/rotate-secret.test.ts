/**
 * `npm run rotate-secret` against running servers: on the embedded database it works through the
 * server, which refuses every token from before at once and keeps the new secret across a restart;
 * on PostgreSQL it changes the database directly and every instance ends the sessions at once and
 * takes up the new secret (a token forged with the old one is refused everywhere). With
 * SESSION_SECRET set it refuses and says what to do instead.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { SignJWT } from 'jose'
import pg from 'pg'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { SESSION_SECRET_IN_ENVIRONMENT } from '#server/modules/operations/session-secret.service.ts'
import { bearer } from '#tests/helpers/auth.ts'
import { runTool } from '#tests/helpers/cli.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { createScratchPostgres } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const ADMIN = { email: 'owner@rotate.test', password: 'Rotate!Owner1' }
const RELOADED = 'session secret replaced in the database: every session from before has ended'

const dirs: string[] = []
const scratches: Awaited<ReturnType<typeof createScratchPostgres>>[] = []

afterAll(async () => {
  await stopAllServers()
  await Promise.all(scratches.map((database) => database.drop()))
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

/** Runs the tool from source, exactly as `npm run rotate-secret` does, with only `env`. */
const rotateSecret = (env: Record<string, string>) => runTool('rotate-secret', [], env)

/** The status of an admin-only call with `token`. */
async function adminStatus(server: ServerProcess, token: string): Promise<number> {
  const res = await call(server.url, 'GET', '/api/operations/status', {
    headers: bearer(token),
  })
  return res.status
}

describe('npm run rotate-secret', () => {
  it('on the embedded database, through the running server: tokens from before get 401 at once', async () => {
    const dataDir = await freshDataDir('site-rotate-')
    dirs.push(dataDir)
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    }
    let server = await startServer({ env })
    const before = (await signInOverHttp(server.url, ADMIN)).token
    expect(await adminStatus(server, before)).toBe(200)

    const res = await rotateSecret({ DATA_DIR: dataDir })
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout.trim()).toBe(
      `Replaced the token-signing secret: every session has ended, 1 user must sign in again (through the running site, pid ${server.pid}).`,
    )
    expect(await adminStatus(server, before)).toBe(401)
    const after = (await signInOverHttp(server.url, ADMIN)).token
    expect(await adminStatus(server, after)).toBe(200)

    // The new secret is the stored one: a restart keeps it.
    expect((await server.stop()).code).toBe(0)
    server = await startServer({ env })
    expect(await adminStatus(server, after)).toBe(200)
    expect(await adminStatus(server, before)).toBe(401)
    await server.stop()
  }, 480_000)

  it('refuses while SESSION_SECRET is set, saying to change it instead', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-rotate-env-'))
    dirs.push(dataDir)
    const res = await rotateSecret({ DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(48) })
    expect(res.code).toBe(1)
    expect(res.stderr.trim()).toBe(SESSION_SECRET_IN_ENVIRONMENT)
    expect(res.stdout).toBe('')
  }, 120_000)

  it('on PostgreSQL: every instance ends the sessions and takes up the new secret', async () => {
    const scratch = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
    scratches.push(scratch)
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-rotate-pg-'))
    dirs.push(dataDir)
    const env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }
    const a = await startServer({ env })
    const b = await startServer({ env })
    const before = (await signInOverHttp(a.url, ADMIN)).token
    expect(await adminStatus(b, before)).toBe(200)

    /** The stored secret, and the admin's id and token version. */
    const stored = async () => {
      const client = new pg.Client({ connectionString: scratch.url })
      await client.connect()
      try {
        const { rows } = await client.query<{ value: string; id: string; version: number }>(
          `select (select value from settings where key = 'session_secret') as value,
                  id, token_version as version from users where email = $1`,
          [ADMIN.email],
        )
        return rows[0]!
      } finally {
        await client.end()
      }
    }
    const old = await stored()

    const res = await rotateSecret({ DATABASE_URL: scratch.url, DATA_DIR: dataDir })
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain(
      'Replaced the token-signing secret: every session has ended, 1 user must sign in again.',
    )
    expect(res.stdout).toContain(
      'Every app instance on this database has been told to use the new secret.',
    )
    const now = await stored()
    expect(now.value).not.toBe(old.value)
    expect(now.version).toBe(old.version + 1)

    // At once on both: every user's token version moved on in the same transaction.
    expect(await adminStatus(a, before)).toBe(401)
    expect(await adminStatus(b, before)).toBe(401)

    // Each instance says when it has taken up the new secret (told through the database).
    for (const server of [a, b]) {
      await vi.waitFor(
        () => expect(server.logLines().map((line) => line.msg)).toContain(RELOADED),
        ASYNC_WORK,
      )
    }
    // Whoever knew the old secret cannot sign for the new token version.
    const issuedAt = Math.floor(Date.now() / 1000)
    const forged = await new SignJWT({ ver: now.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(now.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(new TextEncoder().encode(old.value))
    expect(await adminStatus(a, forged)).toBe(401)
    expect(await adminStatus(b, forged)).toBe(401)

    // Both sign with the new secret: a token from one works on the other.
    expect(await adminStatus(b, (await signInOverHttp(a.url, ADMIN)).token)).toBe(200)
    expect(await adminStatus(a, (await signInOverHttp(b.url, ADMIN)).token)).toBe(200)
  }, 480_000)
})
