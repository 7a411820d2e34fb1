import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { IdSchema, pageOf, requiredText } from './common.ts'

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

const SlugSchema = requiredText('Slug', TEXT_LIMITS.short).regex(SLUG_PATTERN, {
  error: 'Slug may contain only lowercase letters, digits and single dashes between them',
})

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
  /^\/(uploads|images)\/[A-Za-z0-9._-]+$/,
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
})
export type Website = z.infer<typeof WebsiteSchema>

export const WebsiteUpdateBodySchema = z.object({
  _id: IdSchema.optional(),
  name: requiredText('Name', TEXT_LIMITS.name),
  slug: SlugSchema,
  image: ImagePathSchema,
  language: requiredText('Language', TEXT_LIMITS.short),
  languageDescription: requiredText('Language description', TEXT_LIMITS.short),
  description: requiredText('Description', TEXT_LIMITS.description),
  link: HttpUrlSchema,
})
export type WebsiteUpdateBody = z.infer<typeof WebsiteUpdateBodySchema>

export const SlugParamsSchema = z.object({ slug: z.string().max(TEXT_LIMITS.short) })

export const WebsiteMutationResponseSchema = z.object({
  message: z.string(),
  website: WebsiteSchema,
})
export type WebsiteMutationResponse = z.infer<typeof WebsiteMutationResponseSchema>

export const WebsiteSearchPageSchema = pageOf('websites', WebsiteSchema, 'countWebsites')
export type WebsiteSearchPage = z.infer<typeof WebsiteSearchPageSchema>

export const WebsitesAdminPageSchema = pageOf('websites', WebsiteSchema, 'totalWebsites')
export type WebsitesAdminPage = z.infer<typeof WebsitesAdminPageSchema>
