import { z } from 'zod'
import { text } from './common.ts'

/** The most tags one portfolio entry or post may carry, and the longest tag. */
export const TAGS_MAX = 20
const TAG_MAX_LENGTH = 40

/**
 * A list of tags (technologies, topics): each trimmed, empty ones dropped, duplicates (in any
 * letter case) kept once, in the order given. Also accepts one comma-separated string, as a form
 * field sends it.
 */
export const TagsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value),
  z
    .array(text('Tag', TAG_MAX_LENGTH), { error: 'Tags must be a list of texts' })
    .transform((tags) => {
      const seen = new Set<string>()
      return tags.filter((tag) => {
        const key = tag.toLowerCase()
        if (tag === '' || seen.has(key)) return false
        seen.add(key)
        return true
      })
    })
    .pipe(z.array(z.string()).max(TAGS_MAX, { error: `Tags may list at most ${TAGS_MAX} tags` })),
)

/** `?tag=`: one tag to filter by; missing or empty means no filter. */
export const TagQuerySchema = z
  .preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    text('Tag', TAG_MAX_LENGTH).optional(),
  )
  .transform((tag) => (tag ? tag : undefined))

const TagCountSchema = z.object({ tag: z.string(), count: z.number().int() })
export type TagCount = z.infer<typeof TagCountSchema>

export const TagListSchema = z.object({ tags: z.array(TagCountSchema) })
export type TagList = z.infer<typeof TagListSchema>
