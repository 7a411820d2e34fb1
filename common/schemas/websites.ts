import { z } from 'zod'
import { TEXT_LIMITS, WEBSITES_ORDER_MAX } from '../constants.ts'
import { IdSchema, PageNumberSchema, pageOf, requiredText, text } from './common.ts'
import { LinkHealthSchema } from './link-checks.ts'
import { SlugSchema } from './publishing.ts'
import { TagQuerySchema, TagsSchema } from './tags.ts'

/** The longest case study (Markdown). */
export const CASE_STUDY_MAX_LENGTH = 20_000
/** A case study's gallery: screenshots with their descriptions and captions. */
export const GALLERY_MAX = 12
/** A case study's results: a few figures with what they measure ("+38 %", "online bookings"). */
export const RESULTS_MAX = 4
const RESULT_VALUE_MAX = 24

const HttpUrlSchema = requiredText('Link', TEXT_LIMITS.url).refine(
  (value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  },
  { error: 'Link must be an http:// or https:// address' },
)

/** A site-relative image path such as /uploads/abc.webp or /images/default.jpg. */
export const ImagePathSchema = requiredText('Image', TEXT_LIMITS.short).regex(
  /^\/(?:uploads|images)\/[\w-][\w.-]*$/,
  { error: 'Image must be an uploaded image path' },
)

export const WebsiteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  language: z.string(),
  languageDescription: z.string(),
  description: z.string(),
  link: z.string(),
  imageAlt: z.string(),
  /** Drafts (false) are left out of every list and public page; read by id, anyone may see one. */
  published: z.boolean(),
  /** Shown in the home page's "Recent work". */
  featured: z.boolean(),
  /** The portfolio order: lower comes first. */
  position: z.number().int(),
  /** Case study: the client, the owner's role, the year, the technologies, the story in Markdown. */
  client: z.string(),
  role: z.string(),
  year: z.number().int().nullable(),
  tags: z.array(z.string()),
  caseStudy: z.string(),
  gallery: z.array(z.object({ image: z.string(), alt: z.string(), caption: z.string() })),
  results: z.array(z.object({ value: z.string(), label: z.string() })),
})
export type Website = z.infer<typeof WebsiteSchema>
export type GalleryImage = Website['gallery'][number]
export type Result = Website['results'][number]

const GalleryImageSchema = z.object({
  image: ImagePathSchema,
  alt: requiredText('Gallery image description', TEXT_LIMITS.short),
  caption: text('Gallery caption', TEXT_LIMITS.short),
})

const ResultSchema = z.object({
  value: requiredText('Result figure', RESULT_VALUE_MAX),
  label: requiredText('Result label', TEXT_LIMITS.short),
})

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` })

export const WebsiteUpdateBodySchema = z.object({
  _id: IdSchema.optional(),
  name: requiredText('Name', TEXT_LIMITS.name),
  slug: SlugSchema,
  image: ImagePathSchema,
  language: requiredText('Language', TEXT_LIMITS.short),
  languageDescription: requiredText('Language description', TEXT_LIMITS.short),
  description: requiredText('Description', TEXT_LIMITS.description),
  link: HttpUrlSchema,
  /** Optional: missing keeps the current text; empty means the screenshot's default description. */
  imageAlt: text('Image description', TEXT_LIMITS.short).optional(),
  /** Missing publishes the entry (clients of the original API know no drafts); false keeps a draft. */
  published: flag('Published').optional(),
  /** Missing keeps the current value. */
  featured: flag('Featured').optional(),
  // The case study's fields: each one missing keeps the current value (clients of the original API
  // know none of them).
  client: text('Client', TEXT_LIMITS.name).optional(),
  role: text('Role', TEXT_LIMITS.name).optional(),
  year: z
    .preprocess(
      (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
      z
        .number({ error: 'Year must be a number' })
        .int({ error: 'Year must be a whole number' })
        .min(1990, { error: 'Year must be 1990 or later' })
        .max(2100, { error: 'Year must be 2100 or earlier' })
        .nullable(),
    )
    .optional(),
  tags: TagsSchema.optional(),
  caseStudy: text('Case study', CASE_STUDY_MAX_LENGTH).optional(),
  gallery: z
    .array(GalleryImageSchema, { error: 'gallery must be a list of images' })
    .max(GALLERY_MAX, { error: `may hold at most ${GALLERY_MAX} images` })
    .optional(),
  results: z
    .array(ResultSchema, { error: 'results must be a list of figures' })
    .max(RESULTS_MAX, { error: `may hold at most ${RESULTS_MAX} figures` })
    .optional(),
})
export type WebsiteUpdateBody = z.infer<typeof WebsiteUpdateBodySchema>

/** PUT /api/websites/order: the listed websites take the places they hold between them, in this order. */
export const WebsiteOrderBodySchema = z.object({
  ids: z
    .array(IdSchema, { error: 'ids must be a list of website ids' })
    .min(1, { error: 'ids must name at least one website' })
    .max(WEBSITES_ORDER_MAX, { error: `ids may name at most ${WEBSITES_ORDER_MAX} websites` })
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'ids must name each website only once',
    }),
})
export type WebsiteOrderBody = z.infer<typeof WebsiteOrderBodySchema>

export const WebsiteMutationResponseSchema = z.object({
  message: z.string(),
  website: WebsiteSchema,
})
export type WebsiteMutationResponse = z.infer<typeof WebsiteMutationResponseSchema>

export const WebsiteSearchPageSchema = pageOf('websites', WebsiteSchema, 'countWebsites')
export type WebsiteSearchPage = z.infer<typeof WebsiteSearchPageSchema>

/**
 * The admin's list also carries each entry's last link check (null before the first) and whether
 * it is a demo entry from `npm run seed` the owner has not saved yet (never checked).
 */
const AdminWebsiteSchema = WebsiteSchema.extend({
  isSample: z.boolean(),
  health: LinkHealthSchema.nullable(),
})
export type AdminWebsite = z.infer<typeof AdminWebsiteSchema>

export const WebsitesAdminPageSchema = pageOf('websites', AdminWebsiteSchema, 'totalWebsites')
export type WebsitesAdminPage = z.infer<typeof WebsitesAdminPageSchema>

/** GET /api/websites/search: a page, optionally of the entries with one tag. */
export const WebsiteSearchQuerySchema = z.object({ page: PageNumberSchema, tag: TagQuerySchema })
