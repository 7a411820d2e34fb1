import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_IMAGE, IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import { DEFAULT_IMAGE_SIZE, imageVariantPath } from '#common/images.ts'
import { FaqListSchema } from '#common/schemas/faq.ts'
import { PAGE_KEYS } from '#common/schemas/pages.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { WebsiteSchema, WebsiteSearchPageSchema } from '#common/schemas/websites.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { faqs, pages, settings } from '#server/db/schema.ts'
import { DEMO_SITES, demoLink } from '#server/first-run/demo-portfolio.ts'
import { FIRST_RUN_FAQ } from '#server/first-run/faq.ts'
import { putFirstRunContent, seedSite } from '#server/first-run/first-run.ts'
import { FIRST_RUN_PAGES } from '#server/first-run/pages.ts'
import { MIGRATIONS_DIR, PUBLIC_DIR } from '#server/lib/paths.ts'
import { createServices } from '#server/services.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const slugs = DEMO_SITES.map((s) => s.slug)
const DEFAULT_IMAGE_MAX_BYTES = 40 * 1024
const NOTHING_STORED = {
  settings: false,
  pages: [],
  faqEntries: 0,
  samplePost: false,
  sampleTestimonial: false,
}

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.cleanup())

/** Runs `test` on an app over a database of its own, fresh from the migrations. */
async function withFreshApp(test: (fresh: TestApp) => Promise<void>) {
  const fresh = await createTestApp()
  try {
    await test(fresh)
  } finally {
    await fresh.cleanup()
  }
}

const listFaq = async (target: TestApp) => {
  const res = await target.inject({ method: 'GET', url: '/api/faq' })
  expect(res.statusCode).toBe(200)
  return FaqListSchema.parse(res.json()).faqs
}

describe('putFirstRunContent (every start, and npm run seed)', () => {
  it('stores the settings, every page text and the FAQ in a new database, once', () =>
    withFreshApp(async (fresh) => {
      const { db } = fresh.database
      // A new database holds no first-run content of its own: not even 0007_faqs_seed's FAQ.
      expect(await listFaq(fresh)).toEqual([])
      expect(await db.select().from(pages)).toEqual([])

      expect(await putFirstRunContent(fresh.services)).toEqual({
        settings: true,
        pages: [...PAGE_KEYS],
        faqEntries: FIRST_RUN_FAQ.length,
        samplePost: true,
        sampleTestimonial: true,
      })

      const [site] = await db.select().from(settings).where(eq(settings.key, 'site'))
      expect(SiteSettingsSchema.parse(JSON.parse(site!.value))).toEqual(SITE_DEFAULTS)
      for (const key of PAGE_KEYS) {
        const [row] = await db.select().from(pages).where(eq(pages.key, key))
        expect(row?.content).toEqual(FIRST_RUN_PAGES[key])
      }
      const stored = await listFaq(fresh)
      expect(stored.map(({ question, answer }) => ({ question, answer }))).toEqual(FIRST_RUN_FAQ)
      expect(stored.map((faq) => faq.position)).toEqual(stored.map((_, i) => i + 1))

      // A second start changes nothing, not even the entries' ids.
      expect(await putFirstRunContent(fresh.services)).toEqual(NOTHING_STORED)
      expect(await listFaq(fresh)).toEqual(stored)
    }))

  it("keeps the owner's changes and deletions: a deleted FAQ entry does not come back", () =>
    withFreshApp(async (fresh) => {
      await putFirstRunContent(fresh.services)
      const admin = (await asAdmin(fresh)).headers
      const [first, ...rest] = await listFaq(fresh)
      const deleted = await fresh.inject({
        method: 'DELETE',
        url: `/api/faq/${first!._id}`,
        headers: admin,
      })
      expect(deleted.statusCode).toBe(200)
      const about = { ...FIRST_RUN_PAGES.about, heading: 'About the studio' }
      const saved = await fresh.inject({
        method: 'PUT',
        url: '/api/pages/about',
        headers: admin,
        payload: about,
      })
      expect(saved.statusCode).toBe(200)
      const settingsSaved = await fresh.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin,
        payload: { ...SITE_DEFAULTS, serviceArea: 'Lisbon and the Algarve' },
      })
      expect(settingsSaved.statusCode).toBe(200)

      expect(await putFirstRunContent(fresh.services)).toEqual(NOTHING_STORED)
      expect((await listFaq(fresh)).map((faq) => faq._id)).toEqual(rest.map((faq) => faq._id))
      const page = await fresh.inject({ method: 'GET', url: '/api/pages/about' })
      expect(page.json()).toEqual({ ...about, key: 'about' })
      const site = await fresh.inject({ method: 'GET', url: '/api/settings' })
      expect(site.json()).toMatchObject({ serviceArea: 'Lisbon and the Algarve' })

      // Even an FAQ the owner emptied stays empty.
      for (const faq of rest) {
        const url = `/api/faq/${faq._id}`
        expect((await fresh.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(200)
      }
      expect(await putFirstRunContent(fresh.services)).toEqual(NOTHING_STORED)
      expect(await listFaq(fresh)).toEqual([])
    }))

  it('counts FAQ entries already there (a backup from before the marker) as written', () =>
    withFreshApp(async (fresh) => {
      const entry = { question: 'Restored?', answer: 'From an older backup.', position: 1 }
      await fresh.database.db.insert(faqs).values(entry)
      expect(await putFirstRunContent(fresh.services)).toMatchObject({ faqEntries: 0 })
      expect(await listFaq(fresh)).toMatchObject([{ question: 'Restored?' }])
      await fresh.database.db.delete(faqs)
      expect(await putFirstRunContent(fresh.services)).toMatchObject({ faqEntries: 0 })
      expect(await listFaq(fresh)).toEqual([])
    }))
})

describe('drizzle/0015_first_run_faq.sql on a database from before it', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  /** A database migrated up to 0014, as a site running the version before this one has it. */
  async function databaseBefore0015(): Promise<Database> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-migrations-'))
    dirs.push(dir)
    await cp(MIGRATIONS_DIR, dir, { recursive: true })
    const journalFile = path.join(dir, 'meta', '_journal.json')
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { idx: number }[]
    }
    journal.entries = journal.entries.filter((entry) => entry.idx < 15)
    await writeFile(journalFile, JSON.stringify(journal))
    const database = await openDatabase({ kind: 'pglite' })
    await migrateDatabase(database, dir)
    return database
  }

  /** Upgrades `database` (the rest of the migrations, then a start's first-run step). */
  async function upgrade(database: Database) {
    await migrateDatabase(database)
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-upgrade-'))
    dirs.push(dataDir)
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
    const services = await createServices({ config, database, log: app.log })
    const report = await putFirstRunContent(services)
    const rows = await database.db.select().from(faqs).orderBy(faqs.position)
    return { report, rows }
  }

  it('hands an FAQ nobody changed to the first-run step, which stores the current list', async () => {
    const database = await databaseBefore0015()
    try {
      expect(await database.db.$count(faqs)).toBe(FIRST_RUN_FAQ.length)
      const { report, rows } = await upgrade(database)
      expect(report.faqEntries).toBe(FIRST_RUN_FAQ.length)
      expect(rows.map(({ question, answer }) => ({ question, answer }))).toEqual(FIRST_RUN_FAQ)
    } finally {
      await database.close()
    }
  })

  it.each<[string, (database: Database) => Promise<unknown>]>([
    [
      'edited',
      (database) => database.db.update(faqs).set({ answer: 'Ask me.' }).where(eq(faqs.position, 1)),
    ],
    [
      'saved with the same text',
      (database) =>
        database.db
          .update(faqs)
          .set({ updatedAt: sql`${faqs.updatedAt} + interval '1 minute'` })
          .where(eq(faqs.position, 2)),
    ],
    [
      'reordered',
      (database) => database.db.update(faqs).set({ position: sql`16 - ${faqs.position}` }),
    ],
    [
      'added to',
      (database) =>
        database.db.insert(faqs).values({ question: 'Mine?', answer: 'Yes.', position: 16 }),
    ],
    ['shortened', (database) => database.db.delete(faqs).where(eq(faqs.position, 3))],
    ['emptied', (database) => database.db.delete(faqs)],
  ])('keeps an FAQ its owner %s, and the first-run step adds nothing to it', async (_, change) => {
    const database = await databaseBefore0015()
    try {
      await change(database)
      const before = await database.db.select().from(faqs).orderBy(faqs.position)
      const { report, rows } = await upgrade(database)
      expect(report.faqEntries).toBe(0)
      // The one later change: 0026 writes the sample place as a placeholder the settings fill.
      expect(rows).toEqual(
        before.map((row) =>
          row.question === 'Do you work with clients outside Portland?'
            ? { ...row, question: 'Do you work with clients outside {location}?' }
            : row,
        ),
      )
    } finally {
      await database.close()
    }
  })
})

describe('seedSite (npm run seed)', () => {
  it('puts the first-run content in place and adds the demo sites, once however often it runs', () =>
    withFreshApp(async (fresh) => {
      expect(await seedSite(fresh.services)).toEqual({
        firstRun: {
          settings: true,
          pages: [...PAGE_KEYS],
          faqEntries: FIRST_RUN_FAQ.length,
          samplePost: true,
          sampleTestimonial: true,
        },
        added: slugs,
        skipped: [],
      })
      expect(await seedSite(fresh.services)).toEqual({
        firstRun: NOTHING_STORED,
        added: [],
        skipped: slugs,
      })
      // And a start after it stores nothing either.
      expect(await putFirstRunContent(fresh.services)).toEqual(NOTHING_STORED)

      const res = await fresh.inject({ method: 'GET', url: '/api/websites/search' })
      const page = WebsiteSearchPageSchema.parse(res.json())
      expect(page.countWebsites).toBe(DEMO_SITES.length)
      expect(page.websites.map((w) => w.slug).sort()).toEqual([...slugs].sort())
      expect(await listFaq(fresh)).toHaveLength(FIRST_RUN_FAQ.length)
    }))

  it('stores complete entries whose images are real uploads with a thumbnail', async () => {
    await seedSite(app.services)
    const images = new Set<string>()
    for (const site of DEMO_SITES) {
      const res = await app.inject({ method: 'GET', url: `/api/websites/slug/${site.slug}` })
      expect(res.statusCode).toBe(200)
      const website = WebsiteSchema.parse(res.json())
      expect(website).toMatchObject({
        name: site.name,
        language: site.language,
        languageDescription: site.languageDescription,
        description: site.description,
        link: demoLink(site.slug),
      })
      expect(website.link).toBe(`https://${site.slug}.example.com`)
      expect(website.image).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/)
      images.add(website.image)

      const thumb = await app.inject({
        method: 'GET',
        url: imageVariantPath(website.image, IMAGE_THUMB_WIDTH),
      })
      expect(thumb.statusCode).toBe(200)
      expect(thumb.headers['content-type']).toBe('image/webp')
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: IMAGE_THUMB_WIDTH,
      })
    }
    expect(images.size).toBe(DEMO_SITES.length)
  })
})

describe('public/images/default.jpg', () => {
  it('is a real JPEG of the size the web app declares, small enough for every page', async () => {
    const file = path.join(PUBLIC_DIR, DEFAULT_IMAGE)
    const meta = await sharp(await readFile(file)).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', ...DEFAULT_IMAGE_SIZE })
    expect(meta.size).toBeLessThan(DEFAULT_IMAGE_MAX_BYTES)
  })
})
