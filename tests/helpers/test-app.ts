/**
 * createTestApp(): the real buildApp over a fresh database per test file: in-memory PGlite by
 * default, or a throwaway database on the server named by TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp, type AppDeps } from '#server/app.ts'
import { loadConfig, type Env } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { testEnv } from './test-env.ts'

export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>
  mailTransport?: AppDeps['mailTransport']
  now?: AppDeps['now']
  linkChecks?: AppDeps['linkChecks']
  web?: boolean
  /** The scheduled tasks not run: by default link checks, booking, invoices, backups and the vacuum. */
  jobsOff?: AppDeps['jobsOff']
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  database: Database
  cleanup: () => Promise<void>
}

/** Creates a throwaway database on TEST_DATABASE_URL's server and returns its URL and a drop function. */
export async function createScratchPostgres(serverUrl: string) {
  const name = `test_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-test-'))
  const serverUrl = testEnv.TEST_DATABASE_URL
  const scratch = serverUrl ? await createScratchPostgres(serverUrl) : undefined
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://site.test',
    MAIL_FROM: 'Site <no-reply@site.test>',
    // Generous limits unless a test is about rate limiting (it passes its own RATE_LIMIT_SCALE).
    RATE_LIMIT_SCALE: '100',
    // Tests write rows straight to the database, which an instance's response cache cannot see.
    RESPONSE_CACHE_TTL_MS: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  })
  const database = await openDatabase(
    config.database.kind === 'postgres' ? config.database : { kind: 'pglite' },
  )
  await migrateDatabase(database)
  const app = await buildApp({
    config,
    database,
    mailTransport: options.mailTransport,
    now: options.now,
    linkChecks: options.linkChecks,
    // A test runs link-check, booking and invoice rounds itself (services.linkChecks.runDue …),
    // with its own clock; backups and the vacuum are the running site's.
    jobsOff: options.jobsOff ?? [
      'link-checks',
      'booking',
      'invoices',
      'backups',
      'database-upkeep',
    ],
    web: options.web ?? false,
    logger: false,
  })
  const cleanup = async () => {
    await app.close()
    await database.close()
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  return Object.assign(app, { database, cleanup })
}
