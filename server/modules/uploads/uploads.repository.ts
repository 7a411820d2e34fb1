/** SQL for stored image variants; the bytes live in the database so every app instance serves them. */
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { images, type ImageRow } from '#server/db/schema.ts'

export type NewImage = Pick<
  ImageRow,
  'key' | 'contentType' | 'width' | 'height' | 'byteSize' | 'data'
>

export function createUploadsRepository(db: Db) {
  return {
    /** Keys are content hashes, so a key that already exists already holds the same image. */
    async insertMany(rows: NewImage[]): Promise<void> {
      await db.insert(images).values(rows).onConflictDoNothing({ target: images.key })
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
