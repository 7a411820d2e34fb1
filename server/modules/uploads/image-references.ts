/**
 * Every place that may hold an uploaded image's path. The sweep of unused images
 * (uploads.service.ts) keeps an image while any of these queries returns its path, and deletes it
 * a day after none does. A feature that stores image paths adds its query here: a `select` of one
 * text column of paths ("/uploads/<hash>.webp" or a variant of it; other values are ignored).
 */
import { sql, type SQL } from 'drizzle-orm'
import { websites } from '#server/db/schema.ts'

export const IMAGE_REFERENCES: SQL[] = [sql`select ${websites.image} from ${websites}`]
