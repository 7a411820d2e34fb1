/**
 * Every place that may hold an uploaded image's path. The sweep of unused images
 * (uploads.service.ts) keeps an image while any of these queries returns its path, and deletes it
 * a day after none does. A feature that stores image paths adds its query here: a `select` of one
 * text column of paths ("/uploads/<hash>.webp" or a variant of it; other values are ignored).
 */
import { sql, type SQL } from 'drizzle-orm'
import { faqs, pages, settings, websites } from '#server/db/schema.ts'

/** Every upload path written anywhere in a text: a whole field's value or an image in Markdown. */
const uploadPathsIn = (text: SQL) => sql`(regexp_matches(${text}, '/uploads/[0-9a-f]+', 'g'))[1]`

export const IMAGE_REFERENCES: SQL[] = [
  sql`select ${websites.image} from ${websites}`,
  // The site settings' share image (one JSON document per key).
  sql`select ${uploadPathsIn(sql`${settings.value}`)} from ${settings}`,
  // Guide step images, and images in the page texts' and FAQ answers' Markdown.
  sql`select ${uploadPathsIn(sql`${pages.content}::text`)} from ${pages}`,
  sql`select ${uploadPathsIn(sql`${faqs.answer}`)} from ${faqs}`,
]
