/**
 * What a restore does besides writing the file's rows (each case a backup of one embedded database
 * restored into another): it moves the schema's sequences past the restored values, replaces
 * first-run content only with a table the file lists, and lets `--force` empty exactly the tables
 * TABLE_POLICY says. Round trips through the tools: tests/system/backup-restore.test.ts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { restoreBackup, writeBackup } from './backup.ts'
import { openDatabase, type Database } from './client.ts'
import { migrateDatabase } from './migrate.ts'
import {
  bookings,
  faqs,
  messages,
  passwordResetTokens,
  settings,
  usedFormTokens,
  users,
  websites,
} from './schema.ts'
import { FAQ_FIRST_RUN_KEY } from './settings.ts'

let dir: string
let source: Database
/** The databases a test restores into, closed after it. */
const targets: Database[] = []

async function emptyDatabase(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite' })
  targets.push(database)
  await migrateDatabase(database)
  return database
}

async function backupOf(database: Database, name: string): Promise<string> {
  const file = path.join(dir, `${name}.jsonl.gz`)
  await writeBackup(database, file)
  return file
}

const website = (slug: string) => ({ name: slug, slug, image: '/images/a.jpg', language: 'React' })
const faq = { question: 'Do you host sites?', answer: 'Yes.', position: 1 }

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-backup-unit-'))
  source = await emptyDatabase()
  targets.length = 0
})
afterEach(async () => {
  await Promise.all(targets.splice(0).map((database) => database.close()))
})
afterAll(async () => {
  await source.close()
  await rm(dir, { recursive: true, force: true })
})

describe('restoreBackup', () => {
  it('moves the position sequence past the restored websites: the next website comes first', async () => {
    await source.db.insert(websites).values(['first', 'second', 'third'].map(website))
    const restored = (await source.db.select({ position: websites.position }).from(websites)).map(
      (row) => row.position,
    )
    const target = await emptyDatabase()
    await restoreBackup(target, await backupOf(source, 'websites'))

    const [created] = await target.db
      .insert(websites)
      .values(website('after-the-restore'))
      .returning({ position: websites.position })
    expect(created!.position).toBeLessThan(Math.min(...restored))
  })

  it('replaces first-run FAQ entries with an FAQ the owner emptied', async () => {
    await source.db.delete(faqs)
    const target = await emptyDatabase()
    await target.db.insert(faqs).values(faq)
    const counts = await restoreBackup(target, await backupOf(source, 'no-faq'))
    expect(counts.faqs).toBe(0)
    expect(await target.db.select().from(faqs)).toEqual([])
    // Marked as written, so the first-run FAQ does not come back at the next start.
    const marker = await target.db
      .select()
      .from(settings)
      .where(eq(settings.key, FAQ_FIRST_RUN_KEY))
    expect(marker).toHaveLength(1)
  })

  it('leaves them in place for a backup made before backups held the FAQ', async () => {
    const file = await backupOf(source, 'older')
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n')
    const end = JSON.parse(lines.at(-1)!) as { end: true; counts: Record<string, number> }
    delete end.counts.faqs
    await writeFile(file, gzipSync([...lines.slice(0, -1), JSON.stringify(end)].join('\n')))
    const target = await emptyDatabase()
    await target.db.insert(faqs).values(faq)
    await restoreBackup(target, file)
    expect((await target.db.select().from(faqs)).map((row) => row.question)).toEqual([faq.question])
  })

  it('gives the bookings of a backup made before they referenced their inquiry one each', async () => {
    const [inquiry] = await source.db
      .insert(messages)
      .values({ fullName: 'Ada', email: 'ada@example.com', subject: 'Call', message: 'Hi' })
      .returning()
    const call = (token: string, startAt: string) => ({
      token,
      startAt: new Date(startAt),
      endAt: new Date(new Date(startAt).getTime() + 30 * 60_000),
      blockedUntil: new Date(new Date(startAt).getTime() + 30 * 60_000),
      durationMinutes: 30,
      timeZone: 'Europe/Berlin',
      location: '',
      messageId: inquiry!.id,
    })
    await source.db
      .insert(bookings)
      .values([call('linked', '2026-05-04T09:00:00Z'), call('orphan', '2026-05-05T09:00:00Z')])
    const file = await backupOf(source, 'bookings-before-0038')
    await source.db.delete(bookings)
    // As a version before 0038 wrote them: the inquiry's fields on the booking; one inquiry gone.
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n')
    const legacy = lines.map((text) => {
      const line = JSON.parse(text) as { t?: string; r?: Record<string, unknown> }
      if (line.t !== 'bookings') return text
      const r: Record<string, unknown> = {
        ...line.r!,
        name: 'Grace',
        email: 'grace@example.com',
        message: 'Shop?',
      }
      Object.assign(r, { projectType: null, budget: 'EUR 5k', timeline: null })
      if (r.token === 'orphan') r.messageId = null
      return JSON.stringify({ ...line, r })
    })
    await writeFile(file, gzipSync(legacy.join('\n')))
    const target = await emptyDatabase()
    await restoreBackup(target, file)
    const restored = await target.db.select().from(bookings).orderBy(bookings.startAt)
    expect(restored.map((b) => b.messageId)[0]).toBe(inquiry!.id)
    const [made] = await target.db
      .select()
      .from(messages)
      .where(eq(messages.id, restored[1]!.messageId))
    expect(made).toMatchObject({
      fullName: 'Grace',
      email: 'grace@example.com',
      budget: 'EUR 5k',
      stage: 'call',
      subject: 'Call booked: 2026-05-05 09:00 UTC',
    })
    expect(made!.message).toContain('Shop?')
    expect(made!.notifiedAt).toBeInstanceOf(Date)
  })

  it('with --force, empties the reset tokens with the users, and keeps the used form tokens', async () => {
    const target = await emptyDatabase()
    const [user] = await target.db
      .insert(users)
      .values({ name: 'Old', email: 'old@backup.test', passwordHash: 'x' })
      .returning({ id: users.id })
    await target.db.insert(passwordResetTokens).values({
      userId: user!.id,
      tokenHash: 'hash',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    })
    const used = { id: 'form-token-id', expiresAt: new Date('2030-01-01T00:00:00Z') }
    await target.db.insert(usedFormTokens).values(used)
    const file = await backupOf(source, 'force')

    await expect(restoreBackup(target, file)).rejects.toThrow(/not empty; pass --force/)
    await restoreBackup(target, file, { force: true })
    expect(await target.db.select().from(users)).toEqual([])
    expect(await target.db.select().from(passwordResetTokens)).toEqual([])
    expect(await target.db.select().from(usedFormTokens)).toEqual([used])
  })
})
