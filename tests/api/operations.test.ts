/**
 * The admin's operations calls: the configuration notices, the last backup, scheduled backups
 * (driven by an injected clock: `runScheduled` is what the timer calls at each period) with
 * BACKUP_KEEP pruning and owner-only files, and the download of a fresh backup, which restores.
 */
import { lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { OperationsStatusSchema } from '#common/schemas/operations.ts'
import { restoreBackup } from '#server/db/backup.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'

const HOUR = 3_600_000
const START = new Date('2026-03-01T00:30:00.000Z')
let clock = START
let app: TestApp
let admin: Record<string, string>
let backupDir: string
const dirs: string[] = []

beforeAll(async () => {
  backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'site-ops-')), 'backups')
  dirs.push(path.dirname(backupDir))
  app = await createTestApp({
    now: () => clock,
    env: { BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '2' },
  })
  admin = (await asAdmin(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

async function status(target = app, headers = admin) {
  const res = await target.inject({ method: 'GET', url: '/api/operations/status', headers })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-store')
  return OperationsStatusSchema.parse(res.json())
}

const backupFiles = async () => (await readdir(backupDir)).sort()

describe('GET /api/operations/status', () => {
  it('answers 401 without a token and 403 for a non-admin', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/operations/status' }), 401)
    const { headers } = await asUser(app)
    expectError(
      await app.inject({ method: 'GET', url: '/api/operations/status', headers }),
      403,
      'Not authorized as an admin',
    )
  })

  it('lists what is wrong with the configuration, one notice each', async () => {
    // The test app mails to no SMTP server and keeps DATA_DIR in the system's temp folder (which
    // matters for the embedded database only).
    const tempDataDir = testEnv.TEST_DATABASE_URL ? [] : ['temporary-data-dir' as const]
    const { notices } = await status()
    expect(notices.map((n) => n.code)).toEqual(['smtp', ...tempDataDir])
    expect(notices[0]!.message).toMatch(/^SMTP_URL is unset: password resets/)
    if (tempDataDir.length)
      expect(notices[1]!.message).toMatch(/^The embedded database is in \/.*pglite, a temporary/)

    const risky = await createTestApp({ env: { PUBLIC_URL: '', TRUST_PROXY: 'true' } })
    try {
      const { notices: all } = await status(risky, (await asAdmin(risky)).headers)
      expect(all.map((n) => n.code)).toEqual(['public-url', 'smtp', 'trust-proxy', ...tempDataDir])
      expect(all[0]!.message).toMatch(/^PUBLIC_URL is unset \(so http:\/\/localhost:3000\)/)
      expect(all[2]!.message).toMatch(/^TRUST_PROXY=true believes any client's X-Forwarded-For/)
    } finally {
      await risky.cleanup()
    }
  })

  it('says scheduled backups are on, how many are kept, and that none was taken yet', async () => {
    expect((await status()).backups).toEqual({ intervalHours: 6, keep: 2, last: null })
  })
})

describe('scheduled backups', () => {
  it('takes one backup per period, on the injected clock', async () => {
    clock = START
    const first = await app.services.backups.runScheduled()
    expect(first).toMatchObject({ createdAt: START.toISOString() })
    expect(await app.services.backups.runScheduled()).toBeUndefined()
    clock = new Date(START.getTime() + 5 * HOUR) // 05:30: still the 00:00-06:00 period
    expect(await app.services.backups.runScheduled()).toBeUndefined()
    expect(await backupFiles()).toEqual([first!.fileName])

    clock = new Date(START.getTime() + 6 * HOUR) // 06:30: the next period
    const second = await app.services.backups.runScheduled()
    expect(second).toMatchObject({ createdAt: clock.toISOString() })
    expect((await status()).backups.last).toEqual(second)
    expect(second!.sizeBytes).toBeGreaterThan(0)
  })

  it('keeps only the BACKUP_KEEP newest files, and leaves other files alone', async () => {
    await writeFile(path.join(backupDir, 'notes.txt'), 'my own file')
    const taken = []
    for (let i = 2; i <= 4; i++) {
      clock = new Date(START.getTime() + i * 6 * HOUR)
      taken.push(await app.services.backups.runScheduled())
    }
    expect(await backupFiles()).toEqual(
      [...taken.slice(-2).map((info) => info!.fileName), 'notes.txt'].sort(),
    )
    expect((await status()).backups.last).toEqual(taken.at(-1))
  })

  it('writes the folder 0700 and every backup 0600', async () => {
    expect((await lstat(backupDir)).mode & 0o777).toBe(0o700)
    for (const name of await backupFiles()) {
      if (name.endsWith('.jsonl.gz'))
        expect((await lstat(path.join(backupDir, name))).mode & 0o777, name).toBe(0o600)
    }
  })
})

describe('POST /api/operations/backups', () => {
  it('answers 401 without a token and 403 for a non-admin', async () => {
    expectError(await app.inject({ method: 'POST', url: '/api/operations/backups' }), 401)
    const { headers } = await asUser(app)
    expectError(await app.inject({ method: 'POST', url: '/api/operations/backups', headers }), 403)
  })

  it('streams a fresh backup that restores into an empty database', async () => {
    const contact = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: {
        fullName: 'Ada Baker',
        email: 'ada@bakery.test',
        subject: 'A site for the bakery',
        message: 'Could you build us a site with online pre-orders?',
      },
    })
    expect(contact.statusCode).toBe(201)
    const message = MessageSchema.parse(contact.json())
    clock = new Date(START.getTime() + 40 * HOUR)

    const res = await app.inject({ method: 'POST', url: '/api/operations/backups', headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/gzip')
    const fileName = `backup-${clock.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`)
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    // Kept like a scheduled one: the dashboard's last backup.
    expect((await status()).backups.last).toMatchObject({
      fileName,
      sizeBytes: res.rawPayload.length,
    })

    const file = path.join(path.dirname(backupDir), 'downloaded.jsonl.gz')
    await writeFile(file, res.rawPayload)
    const target = await openDatabase({ kind: 'pglite' })
    try {
      await migrateDatabase(target)
      const counts = await restoreBackup(target, file)
      expect(counts.messages).toBe(1)
      expect(counts.users).toBeGreaterThanOrEqual(1)
      const rows = await target.db.query.messages.findMany()
      expect(rows.map((row) => row.id)).toEqual([message._id])
    } finally {
      await target.close()
    }
  })

  it("carries the owner's FAQ and page texts, which replace a fresh database's first-run ones", async () => {
    const faq = await app.inject({
      method: 'POST',
      url: '/api/faq',
      headers: admin,
      payload: { question: 'Do you host the sites you build?', answer: 'Yes, on request.' },
    })
    expect(faq.statusCode, faq.body).toBe(201)
    const about = (await app.inject({ method: 'GET', url: '/api/pages/about' })).json()
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/pages/about',
      headers: admin,
      payload: { ...about, title: 'About the studio' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const sourceFaqs = await app.database.db.query.faqs.findMany()

    const res = await app.inject({ method: 'POST', url: '/api/operations/backups', headers: admin })
    expect(res.statusCode).toBe(200)
    const file = path.join(path.dirname(backupDir), 'content.jsonl.gz')
    await writeFile(file, res.rawPayload)
    const target = await openDatabase({ kind: 'pglite' })
    try {
      await migrateDatabase(target)
      const counts = await restoreBackup(target, file)
      expect(counts.faqs).toBe(sourceFaqs.length)
      const faqs = await target.db.query.faqs.findMany()
      const byPosition = (rows: typeof faqs) =>
        [...rows].sort((a, b) => a.position - b.position).map((row) => [row.id, row.question])
      expect(byPosition(faqs)).toEqual(byPosition(sourceFaqs))
      const pages = await target.db.query.pages.findMany()
      expect(pages.map((row) => row.key)).toEqual(['about'])
      expect(pages[0]!.content).toMatchObject({ title: 'About the studio' })
    } finally {
      await target.close()
    }
  })
})
