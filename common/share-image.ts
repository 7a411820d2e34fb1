/**
 * The site's share image, the picture link previews show (og:image, twitter:image, the sitemap, the
 * JSON-LD): the owner's own upload when they set one, otherwise one the server draws from the
 * settings (server/modules/brand/share-image.ts), so a new owner's links never show the first-run
 * owner. The drawn image's address carries a version made from what it shows: a change of name,
 * tagline, colour or logo is a new address, which browsers, caches and the social networks' link
 * previews fetch anew, while one address always shows the same picture and may be kept for good.
 */
import type { SiteSettings } from './schemas/settings.ts'
import { SITE_DEFAULTS } from './site-defaults.ts'

/** The size Open Graph and LinkedIn recommend for a large preview (1.91:1). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const

export const DRAWN_SHARE_IMAGE_PATH = '/brand/share.png'

/**
 * Raised whenever the drawing itself changes (server/modules/brand/share-image.ts), so the new
 * picture gets a new address too.
 */
const DRAWING_REVISION = 1

/** What the drawn image shows: the settings as pages show them (the tagline's placeholders filled). */
export type ShareImageInputs = Pick<
  SiteSettings,
  'businessName' | 'ownerName' | 'ownerRole' | 'tagline' | 'accentColor' | 'logo'
>

export function shareImageInputs(settings: ShareImageInputs): ShareImageInputs {
  const { businessName, ownerName, ownerRole, tagline, accentColor, logo } = settings
  return {
    businessName,
    ownerName,
    ownerRole,
    tagline,
    accentColor: accentColor.toLowerCase(),
    logo,
  }
}

/** The drawn image's version: 16 hex digits of a hash of its inputs and the drawing's revision. */
export function shareImageVersion(settings: ShareImageInputs): string {
  return fnv1a64(JSON.stringify([DRAWING_REVISION, shareImageInputs(settings)]))
}

/** Whether the settings' share image is the drawn one: their first-run value stands for "none uploaded". */
export const isShareImageDrawn = (shareImage: string) => shareImage === SITE_DEFAULTS.shareImage

/** The share image's address and, for the drawn one, its size (an upload's is not known here). */
export function shareImageOf(settings: SiteSettings): {
  path: string
  size?: typeof SHARE_IMAGE_SIZE
} {
  if (!isShareImageDrawn(settings.shareImage)) return { path: settings.shareImage }
  return {
    path: `${DRAWN_SHARE_IMAGE_PATH}?v=${shareImageVersion(settings)}`,
    size: SHARE_IMAGE_SIZE,
  }
}

const FNV_OFFSET = 0xcbf29ce484222325n
const FNV_PRIME = 0x100000001b3n
const MASK_64 = (1n << 64n) - 1n

/**
 * FNV-1a, 64 bits, over the text's UTF-8 bytes: synchronous in the browser and on the server alike
 * (a page's meta tags are made on both), and a version needs no secrecy, only to change.
 */
function fnv1a64(text: string): string {
  let hash = FNV_OFFSET
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64
  }
  return hash.toString(16).padStart(16, '0')
}
