/**
 * The admin's operations calls: the configuration notices, the last backup, scheduled backups
 * (driven by an injected clock: `runScheduled` is what the timer calls at each period) with
 * BACKUP_KEEP pruning and owner-only files, and the download of a fresh backup, which restores,
 * is kept nowhere (so never prunes a scheduled one), is limited per admin and per hour, and holds
 * no token-signing secret to forge a session with.
 */
import { lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { OperationsStatusSchema } from '#common/schemas/operations.ts'
import { restoreBackup } from '#server/db/backup.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { readSessionSecret } from '#server/db/settings.ts'
import { RATE_LIMITS } from '#server/lib/rate-limits.ts'
import { asAdmin, asUser, expectError, makeSession } from '#tests/helpers/auth.ts'
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

const backupFiles = async (dir = backupDir) => (await readdir(dir)).sort()

interface BackupLine {
  t?: string
  r?: Record<string, unknown>
  end?: true
  counts?: Record<string, number>
}

/** A downloaded backup's lines, parsed. */
const backupLines = (file: Buffer) =>
  gunzipSync(file)
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as BackupLine)

const download = (target: TestApp, headers: Record<string, string>) =>
  target.inject({ method: 'POST', url: '/api/operations/backups', headers })

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
    const filesBefore = await backupFiles()
    const lastBefore = (await status()).backups.last
    expect(lastBefore).not.toBeNull()

    const res = await app.inject({ method: 'POST', url: '/api/operations/backups', headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/gzip')
    const fileName = `backup-${clock.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`)
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    // Kept nowhere: BACKUP_DIR holds what it held, and the last backup is still the scheduled one.
    expect(await backupFiles()).toEqual(filesBefore)
    expect((await status()).backups.last).toEqual(lastBefore)

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

describe('the token-signing secret and backups', () => {
  it('is not in a downloaded backup: a token forged from anything in the file is refused', async () => {
    const res = await download(app, admin)
    expect(res.statusCode).toBe(200)
    const lines = backupLines(res.rawPayload)
    const settings = lines.filter((line) => line.t === 'settings').map((line) => line.r!)

    // What an attacker holding the file would try: an admin's id and token version, signed with
    // every value the file's settings hold (and, as the control, with the real secret).
    const [adminRow] = lines.filter((line) => line.t === 'users' && line.r!.isAdmin === true)
    const sid = await makeSession(app, String(adminRow!.r!.id))
    const forge = (key: string) => {
      const issuedAt = Math.floor(clock.getTime() / 1000)
      return new SignJWT({ ver: adminRow!.r!.tokenVersion, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(adminRow!.r!.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(new TextEncoder().encode(key))
    }
    const withToken = async (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/operations/status',
        headers: { authorization: `Bearer ${token}` },
      })
    for (const row of settings) {
      expectError(await withToken(await forge(String(row.value))), 401)
    }
    const secret = await readSessionSecret(app.database.db)
    expect((await withToken(await forge(secret!))).statusCode).toBe(200)
    expect(settings.map((row) => row.key)).not.toContain('session_secret')
    expect(gunzipSync(res.rawPayload).toString('utf8')).not.toContain(secret)
  })

  it('restores a backup that still holds one (an older version made it) with a new secret', async () => {
    const res = await download(app, admin)
    const lines = backupLines(res.rawPayload)
    const leaked = 'an-old-backup-carried-this-signing-secret-0123456789'
    const end = lines.at(-1)!
    const older = [
      lines[0],
      { t: 'settings', r: { key: 'session_secret', value: leaked } },
      ...lines.slice(1, -1),
      { ...end, counts: { ...end.counts, settings: (end.counts!.settings ?? 0) + 1 } },
    ]
    const file = path.join(path.dirname(backupDir), 'older.jsonl.gz')
    await writeFile(file, gzipSync(older.map((line) => JSON.stringify(line)).join('\n')))
    const target = await openDatabase({ kind: 'pglite' })
    try {
      await migrateDatabase(target)
      const counts = await restoreBackup(target, file)
      expect(counts.settings).toBe(end.counts!.settings ?? 0)
      const restored = await readSessionSecret(target.db)
      expect(restored).toBeDefined()
      expect(restored).not.toBe(leaked)
      expect(restored).not.toBe(await readSessionSecret(app.database.db))
    } finally {
      await target.close()
    }
  })
})

describe('downloads beside the scheduled backups', () => {
  const MAX = RATE_LIMITS.backupDownload.max
  let limited: TestApp
  let limitedDir: string
  let limitedClock = new Date('2026-04-01T10:00:00.000Z')

  beforeAll(async () => {
    limitedDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'site-ops-limit-')), 'backups')
    dirs.push(path.dirname(limitedDir))
    // One scheduled backup kept, the real download limit.
    limited = await createTestApp({
      now: () => limitedClock,
      env: {
        BACKUP_DIR: limitedDir,
        BACKUP_INTERVAL_HOURS: '24',
        BACKUP_KEEP: '1',
        RATE_LIMIT_SCALE: '1',
      },
    })
  })
  afterAll(() => limited.cleanup())

  it('never prune the scheduled backup, and the one past the limit in the hour answers 429', async () => {
    const scheduled = await limited.services.backups.runScheduled()
    expect(await backupFiles(limitedDir)).toEqual([scheduled!.fileName])
    const owner = (await asAdmin(limited)).headers

    for (let i = 1; i <= MAX; i++) {
      limitedClock = new Date(limitedClock.getTime() + 60_000)
      const res = await download(limited, owner)
      expect(res.statusCode, `download ${i}`).toBe(200)
      expect(backupLines(res.rawPayload).at(-1)).toMatchObject({ end: true })
    }
    expect(await backupFiles(limitedDir)).toEqual([scheduled!.fileName])

    const refused = await download(limited, owner)
    expectError(refused, 429, /^Too many requests, please try again in /)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await backupFiles(limitedDir)).toEqual([scheduled!.fileName])

    // Per admin: another admin has an allowance of their own.
    expect((await download(limited, (await asAdmin(limited)).headers)).statusCode).toBe(200)
    // A new window an hour after the first download.
    limitedClock = new Date(limitedClock.getTime() + RATE_LIMITS.backupDownload.timeWindow)
    expect((await download(limited, owner)).statusCode).toBe(200)
    expect(await backupFiles(limitedDir)).toEqual([scheduled!.fileName])
  })

  it('does not count refused callers against an admin', async () => {
    const owner = (await asAdmin(limited)).headers
    const { headers: member } = await asUser(limited)
    for (let i = 0; i < MAX + 1; i++) {
      expectError(await limited.inject({ method: 'POST', url: '/api/operations/backups' }), 401)
      expectError(await download(limited, member), 403)
    }
    expect((await download(limited, owner)).statusCode).toBe(200)
  })
})
