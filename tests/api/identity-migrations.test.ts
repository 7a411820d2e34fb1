/**
 * A database from before the owner's identity settings (migrated up to 0026), as a running site has
 * it: the migrations after it hide the untouched samples, mark the untouched demo entries, and turn
 * the sample names in stored texts into placeholders, leaving what the owner wrote alone.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { faqs, pages, posts, settings, testimonials, websites } from '#server/db/schema.ts'
import { MIGRATIONS_DIR } from '#server/lib/paths.ts'

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

async function databaseBefore0027(): Promise<Database> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-migrations-'))
  dirs.push(dir)
  await cp(MIGRATIONS_DIR, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((entry) => entry.idx < 27)
  await writeFile(journalFile, JSON.stringify(journal))
  const database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database, dir)
  return database
}

describe('drizzle/0027 to 0029 on a database from before them', () => {
  it('hides untouched samples, marks demo entries, and writes the sample names as placeholders', async () => {
    const database = await databaseBefore0027()
    const { db } = database
    try {
      // What the version before stored: an approved sample testimonial and a published sample post,
      // one of each the owner edited, two demo entries (one saved by the owner), page texts, the FAQ
      // and the settings naming the sample owner.
      // In SQL: later migrations add columns this version's table has not got.
      const inserted = await db.execute(sql`
        insert into testimonials (name, text, approved, is_sample)
        values ('Sample Client', 'This is a sample testimonial.', true, true),
               ('Real Client', 'Kept.', true, true)
        returning id`)
      const [sampleTestimonial, editedTestimonial] = (
        inserted as unknown as { rows: { id: string }[] }
      ).rows
      await db
        .update(testimonials)
        .set({ updatedAt: sql`${testimonials.updatedAt} + interval '1 minute'` })
        .where(eq(testimonials.id, editedTestimonial!.id))
      const [samplePost] = await db
        .insert(posts)
        .values({
          title: 'Sample',
          slug: 'sample',
          status: 'published',
          publishedAt: new Date(),
          isSample: true,
        })
        .returning()
      // Written in SQL: the table has no is_sample column yet.
      for (const slug of ['crumb-and-crust-bakery', 'still-water-yoga']) {
        await db.execute(
          sql`insert into websites (name, slug, image, language, link) values (${slug}, ${slug}, '/images/default.jpg', 'React', ${`https://${slug}.example.com`})`,
        )
      }
      await db.execute(
        sql`update websites set updated_at = updated_at + interval '1 minute' where slug = 'still-water-yoga'`,
      )
      await db.insert(pages).values({
        key: 'about',
        content: {
          heading: 'Hi, I’m Alex Rivera',
          intro:
            'I run Rivera Web Studio, a one-person web studio in Portland, Oregon. Since 2017 I have helped',
          story: 'I moved from Portland, Oregon to the coast.',
        },
      })
      await db.delete(faqs)
      await db
        .insert(faqs)
        .values([
          { question: 'Do you work with clients outside Portland?', answer: 'Yes.', position: 1 },
        ])
      await db.insert(settings).values({
        key: 'site',
        value: JSON.stringify({
          seoDescription:
            'Rivera Web Studio is the practice of Alex Rivera, a freelance full-stack developer.',
        }),
      })

      await migrateDatabase(database)

      const byId = async (id: string) =>
        (
          await db
            .select({ approved: testimonials.approved, reviewedAt: testimonials.reviewedAt })
            .from(testimonials)
            .where(eq(testimonials.id, id))
        )[0]!
      expect(await byId(sampleTestimonial!.id)).toMatchObject({ approved: false, reviewedAt: null })
      expect(await byId(editedTestimonial!.id)).toMatchObject({ approved: true })
      const [post] = await db.select().from(posts).where(eq(posts.id, samplePost!.id))
      expect(post).toMatchObject({ status: 'draft', publishedAt: null })
      const sampleOf = async (slug: string) =>
        (await db.select().from(websites).where(eq(websites.slug, slug)))[0]!.isSample
      expect(await sampleOf('crumb-and-crust-bakery')).toBe(true)
      expect(await sampleOf('still-water-yoga')).toBe(false)

      const [about] = await db.select().from(pages).where(eq(pages.key, 'about'))
      expect(about!.content).toEqual({
        heading: 'Hi, I’m {ownerName}',
        intro:
          'I run {businessName}, a one-person web studio in {location}. Since {foundingYear} I have helped',
        // The owner's own sentence keeps its place name.
        story: 'I moved from Portland, Oregon to the coast.',
      })
      expect((await db.select().from(faqs))[0]!.question).toBe(
        'Do you work with clients outside {location}?',
      )
      const [site] = await db.select().from(settings).where(eq(settings.key, 'site'))
      expect(JSON.parse(site!.value)).toEqual({
        seoDescription:
          '{businessName} is the practice of {ownerName}, a freelance full-stack developer.',
      })
    } finally {
      await database.close()
    }
  })
})
