/** The site's settings: the identity every page, the share tags and the structured data show. */
import { z } from 'zod'
import { SOCIAL_LABELS, TEXT_LIMITS, type SocialNetwork } from '../constants.ts'
import { EmailSchema, requiredText, text } from './common.ts'

export const BANNER_STACK_COUNT = 3
const BANNER_STACK_MAX = 40
const TAGLINE_MAX = 160
const SEO_DESCRIPTION_MAX = 300

/** An https:// address, or empty to hide the network's icon. */
const socialUrl = (network: SocialNetwork) =>
  text(`${SOCIAL_LABELS[network]} link`, TEXT_LIMITS.url).refine(
    (value) => value === '' || isHttpsUrl(value),
    { error: `${SOCIAL_LABELS[network]} link must be an https:// address, or empty to hide it` },
  )

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/** A site-relative image: an upload (POST /api/upload) or one of the site's own images. */
const ShareImageSchema = requiredText('Share image', TEXT_LIMITS.short).regex(
  /^\/(?:uploads|images)\/[\w-][\w.-]*$/,
  { error: 'Share image must be an uploaded image path' },
)

export const SiteSettingsSchema = z.object({
  businessName: requiredText('Business name', TEXT_LIMITS.name),
  ownerName: requiredText('Owner name', TEXT_LIMITS.name),
  tagline: requiredText('Tagline', TAGLINE_MAX),
  email: EmailSchema,
  location: requiredText('Location', TEXT_LIMITS.name),
  social: z.object(
    {
      github: socialUrl('github'),
      linkedin: socialUrl('linkedin'),
      x: socialUrl('x'),
    },
    { error: 'Social links are required' },
  ),
  bannerStacks: z
    .array(requiredText('Banner stack name', BANNER_STACK_MAX), {
      error: 'Banner stack names are required',
    })
    .length(BANNER_STACK_COUNT, {
      error: `Banner stack names must be exactly ${BANNER_STACK_COUNT}`,
    }),
  seoDescription: requiredText('SEO description', SEO_DESCRIPTION_MAX),
  shareImage: ShareImageSchema,
  signupsOpen: z.boolean({ error: 'Sign-ups open must be true or false' }),
})
export type SiteSettings = z.infer<typeof SiteSettingsSchema>

/** PUT /api/settings: every field; the SEO description and share image keep their value when left out. */
export const SiteSettingsBodySchema = SiteSettingsSchema.extend({
  seoDescription: SiteSettingsSchema.shape.seoDescription.optional(),
  shareImage: SiteSettingsSchema.shape.shareImage.optional(),
})
export type SiteSettingsBody = z.infer<typeof SiteSettingsBodySchema>

export const SIGNUPS_CLOSED = 'Sign-ups are closed'
