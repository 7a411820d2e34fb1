/**
 * What the built server says at start about a risky configuration (one warning line per problem,
 * the same list on the admin's status call), that it starts without the image library, its
 * scheduled backups (the first one at start, into
 * an owner-only folder), and several instances on one PostgreSQL database taking each scheduled
 * backup once between them.
 */
import { lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { OperationsStatusSchema } from '#common/schemas/operations.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { createScratchPostgres } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const ADMIN = { email: 'owner@operations.test', password: 'Operations!Owner1' }
const dirs: string[] = []

afterAll(async () => {
  await stopAllServers()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('a server started with a risky configuration', () => {
  let server: ServerProcess
  let dataDir: string

  beforeAll(async () => {
    // In the system's temp folder, without PUBLIC_URL or SMTP_URL, believing any proxy.
    dataDir = await freshDataDir('site-notices-')
    dirs.push(dataDir)
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
        BACKUP_INTERVAL_HOURS: '24',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    })
  }, 180_000)

  it('logs one warning line for each problem', () => {
    const warnings = server.logLines().filter((line) => line.level === 40 && line.notice)
    expect(warnings.map((line) => line.notice)).toEqual([
      'public-url',
      'smtp',
      'trust-proxy',
      'temporary-data-dir',
    ])
    const text = warnings.map((line) => line.msg).join('\n')
    expect(text).toContain(`PUBLIC_URL is unset (so http://localhost:${server.port})`)
    expect(text).toContain(`SMTP_URL is unset`)
    expect(text).toContain(`The embedded database is in ${path.join(dataDir, 'pglite')}`)
  })

  it('starts without the image library, which loads with the first upload', async () => {
    // A native library shows in the process's memory map once loaded (Linux: /proc/PID/maps).
    const hasSharp = async () =>
      /sharp|libvips/.test(await readFile(`/proc/${server.pid}/maps`, 'utf8'))
    expect(await hasSharp()).toBe(false)

    const { headers } = await signInOverHttp(server.url, ADMIN)
    const form = new FormData()
    const png = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', 'image.png'))
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png')
    const res = await call(server.url, 'POST', '/api/upload', { body: form, headers })
    expect(res.status, res.text).toBe(200)
    expect(await hasSharp()).toBe(true)
  }, 120_000)

  it('lists the same notices to the admin, and the backup it took at start', async () => {
    const { headers } = await signInOverHttp(server.url, ADMIN)

    // The first scheduled backup runs at start; its log line is the signal that it is there.
    await vi.waitFor(
      () => expect(server.logLines().map((line) => line.msg)).toContain('backup taken'),
      ASYNC_WORK,
    )

    const res = await call(server.url, 'GET', '/api/operations/status', { headers })
    expect(res.status, res.text).toBe(200)
    const status = OperationsStatusSchema.parse(res.json)
    expect(status.notices.map((notice) => notice.code)).toEqual([
      'public-url',
      'smtp',
      'trust-proxy',
      'temporary-data-dir',
    ])
    const backupDir = path.join(dataDir, 'backups')
    const files = await readdir(backupDir)
    expect(files).toHaveLength(1)
    expect(status.backups).toMatchObject({
      intervalHours: 24,
      keep: 7,
      last: { fileName: files[0] },
    })
    expect((await lstat(backupDir)).mode & 0o777).toBe(0o700)
    expect((await lstat(path.join(backupDir, files[0]!))).mode & 0o777).toBe(0o600)
  }, 120_000)
})

describe('several instances on one PostgreSQL database', () => {
  it('take each scheduled backup once between them', async () => {
    const scratch = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
    const parent = await mkdtemp(path.join(os.tmpdir(), 'site-ops-pg-'))
    dirs.push(parent)
    let clock = new Date('2026-05-01T03:00:00.000Z')
    const instances = await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        const config = loadConfig({
          DATABASE_URL: scratch.url,
          DATA_DIR: path.join(parent, name),
          BACKUP_INTERVAL_HOURS: '24',
          LOG_LEVEL: 'silent',
        })
        const database = await openDatabase(config.database)
        await migrateDatabase(database)
        const app = await buildApp({
          config,
          database,
          web: false,
          logger: false,
          now: () => clock,
          // The test takes each period's backup itself, on its clock.
          jobsOff: ['backups'],
        })
        return { app, database, backupDir: config.backups.dir }
      }),
    )
    const filesOf = async () =>
      (
        await Promise.all(
          instances.map(async ({ backupDir }) => readdir(backupDir).catch(() => [])),
        )
      ).flat()
    try {
      const runAll = () =>
        Promise.all(instances.map(({ app }) => app.services.backups.runScheduled()))

      const day1 = await runAll()
      expect(day1.filter(Boolean)).toHaveLength(1)
      expect(await filesOf()).toHaveLength(1)
      expect((await runAll()).filter(Boolean)).toHaveLength(0)

      clock = new Date('2026-05-02T00:00:00.000Z')
      expect((await runAll()).filter(Boolean)).toHaveLength(1)
      expect(await filesOf()).toHaveLength(2)
    } finally {
      for (const { app, database } of instances) {
        await app.close()
        await database.close()
      }
      await scratch.drop()
    }
  }, 120_000)
})
