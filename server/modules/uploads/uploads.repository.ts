/** SQL for stored image variants; the bytes live in the database so every app instance serves them. */
import { and, eq, isNotNull, isNull, like, lte, sql } from 'drizzle-orm'
import { UPLOAD_HASH_LENGTH } from '#common/images.ts'
import type { Db } from '#server/db/client.ts'
import { images, type ImageRow } from '#server/db/schema.ts'
import { IMAGE_REFERENCES } from './image-references.ts'

export type NewImage = Pick<
  ImageRow,
  'key' | 'contentType' | 'width' | 'height' | 'byteSize' | 'data'
>

/** The upload hash of a variant's key ("<hash>-<width>"). */
const keyHash = sql`split_part(${images.key}, '-', 1)`

/** Whether any registered reference (image-references.ts) names the variant's image. */
const isReferenced = sql`exists (
  select 1 from (${sql.join(IMAGE_REFERENCES, sql` union all `)}) as refs(path)
  where substring(refs.path from ${`^/uploads/([0-9a-f]{${UPLOAD_HASH_LENGTH}})`}) = ${keyHash})`

export function createUploadsRepository(db: Db) {
  return {
    /** Keys are content hashes, so a key that already exists already holds the same image. */
    async insertMany(rows: NewImage[], unusedSince: Date): Promise<void> {
      await db
        .insert(images)
        .values(rows.map((row) => ({ ...row, unusedSince })))
        .onConflictDoNothing({ target: images.key })
    },

    /** An image uploaded again starts its unused time afresh (unless something uses it). */
    async touchUnused(hash: string, at: Date): Promise<void> {
      await db
        .update(images)
        .set({ unusedSince: at })
        .where(and(like(images.key, `${hash}-%`), isNotNull(images.unusedSince)))
    },

    /**
     * Clears the unused time of images in use, starts it at `at` for those no longer used, and
     * deletes the images unused since `cutoff` or earlier. Returns the deleted variants' keys.
     */
    async sweepUnused(at: Date, cutoff: Date): Promise<string[]> {
      await db
        .update(images)
        .set({ unusedSince: null })
        .where(and(isNotNull(images.unusedSince), isReferenced))
      await db
        .update(images)
        .set({ unusedSince: at })
        .where(and(isNull(images.unusedSince), sql`not ${isReferenced}`))
      const deleted = await db
        .delete(images)
        .where(and(lte(images.unusedSince, cutoff), sql`not ${isReferenced}`))
        .returning({ key: images.key })
      return deleted.map((row) => row.key)
    },

    async exists(key: string): Promise<boolean> {
      const [row] = await db
        .select({ key: images.key })
        .from(images)
        .where(eq(images.key, key))
        .limit(1)
      return row !== undefined
    },

    async findByKey(key: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.key, key)).limit(1)
      return row
    },
  }
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>
