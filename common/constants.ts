export const WEBSITES_PAGE_SIZE = 10
/** The most websites one PUT /api/websites/order may list. */
export const WEBSITES_ORDER_MAX = 1000
/** The most featured websites the home page's "Recent work" shows, in portfolio order. */
export const FEATURED_WEBSITES_MAX = 6
export const USERS_PAGE_SIZE = 12
export const MESSAGES_PAGE_SIZE = 12
/**
 * A search in the inbox counts its matches up to this many past the page's start, then says "and
 * more": an exact count of a word found in most messages reads every one of them.
 */
export const MESSAGES_SEARCH_COUNT_AHEAD = 1000

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_RULE_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const PASSWORD_BREACHED =
  'This password is too common: it appears in lists of breached passwords. Choose another.'
export const CURRENT_PASSWORD_REQUIRED =
  'Enter your current password to change your e-mail or password'
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct'

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** How long the step between a right password and the second factor stays open. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000
/** How recently the password or a code must have been entered for the dangerous acts. */
export const REVERIFY_WINDOW_MS = 10 * 60 * 1000
export const REVERIFY_REQUIRED =
  'For this, confirm it is you: enter your password or a two-factor code again (profile, "Confirm it is you")'
export const RECOVERY_CODE_COUNT = 10
/** Wrong second-factor codes (TOTP or recovery) one account takes in a window before a 429. */
export const SECOND_FACTOR_GUESSES_MAX = 10
export const SECOND_FACTOR_WINDOW_MS = 15 * 60 * 1000
/** The security log lists this many of the newest events of each kind. */
export const SECURITY_LOG_PER_KIND = 20
export const SECURITY_LOG_RETENTION_DAYS = 90

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
/** The refusal of a file over UPLOAD_MAX_BYTES, wherever it is uploaded (and a form's own check). */
export const FILE_TOO_LARGE = `The image must be at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`
export const IMAGE_MAX_WIDTH = 1600
export const IMAGE_THUMB_WIDTH = 225
// 720 serves a card on a phone (about 380 CSS px at 1.75-1.9x) or a retina desktop (352 px at 2x), 960
// a full-width screen at 2x, without the 1600 variant. A phone's card image at 720 fits a new
// connection's first round trip (its initial congestion window) where 960 needed two.
export const IMAGE_VARIANT_WIDTHS = [IMAGE_THUMB_WIDTH, 640, 720, 960, IMAGE_MAX_WIDTH] as const
export const DEFAULT_IMAGE = '/images/default.jpg'

export const DEFAULT_WEBSITE = {
  name: 'New Website',
  slug: 'new-website',
  image: DEFAULT_IMAGE,
  language: 'New Language',
} as const

export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  description: 2000,
  short: 200,
  url: 2048,
} as const

/**
 * The largest body a page's form may send (urlencoded or multipart). Room for the contact form with
 * every field at its longest and every character percent-encoded at its widest; files go to the API.
 */
export const PAGE_FORM_MAX_BYTES = 64 * 1024

/** The contact form's hidden fields: a honeypot people never fill, and the signed time it was served. */
export const CONTACT_HONEYPOT_FIELD = 'homepage'
export const CONTACT_TOKEN_FIELD = 'formToken'

/** The social networks the site links to, in the footer's order, with their names. */
export const SOCIAL_NETWORKS = ['github', 'linkedin', 'x'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  github: 'GitHub',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
}
