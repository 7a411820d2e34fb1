/** The site's settings: the identity every page, the share tags and the structured data show. */
import { z } from 'zod'
import { SOCIAL_LABELS, TEXT_LIMITS, type SocialNetwork } from '../constants.ts'
import { contrastRatio, MIN_TEXT_CONTRAST } from '../contrast.ts'
import { isSameSitePath } from '../same-site-path.ts'
import { COLOR_SCHEMES, FONT_PAIR_IDS, FONT_PAIRS, MENU_KEYS } from '../site-identity.ts'
import { BillingSettingsSchema } from './billing.ts'
import { BookingSettingsSchema } from './booking-settings.ts'
import { EmailSchema, requiredText, text } from './common.ts'

export const BANNER_STACK_COUNT = 3
const BANNER_STACK_MAX = 40
const TAGLINE_MAX = 160
const SEO_DESCRIPTION_MAX = 300
const OWNER_ROLE_MAX = 80
const SERVICE_AREA_MAX = 160
const RESPONSE_TIME_MAX = 80
export const FOUNDING_YEAR_MIN = 1900

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

/** A whole year from FOUNDING_YEAR_MIN to the current one (checked when parsed, not when loaded). */
const FoundingYearSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined
        ? 'Founding year is required'
        : 'Founding year must be a year, e.g. 2017',
  })
  .int({ error: 'Founding year must be a whole year' })
  .min(FOUNDING_YEAR_MIN, { error: `Founding year must be ${FOUNDING_YEAR_MIN} or later` })
  .refine((year) => year <= new Date().getFullYear(), {
    error: 'Founding year cannot be in the future',
  })

export const INQUIRY_OPTION_MAX = 60
const INQUIRY_OPTIONS_MAX = 10

/** A qualifying question's answers, in the order the contact form lists them; empty: not asked. */
const inquiryOptions = (label: string) =>
  z
    .array(requiredText(`${label} option`, INQUIRY_OPTION_MAX), {
      error: `${label} must be a list of options`,
    })
    .max(INQUIRY_OPTIONS_MAX, { error: `${label} may list at most ${INQUIRY_OPTIONS_MAX} options` })
    .refine((options) => new Set(options).size === options.length, {
      error: `${label} lists an option twice`,
    })

/** The contact form's qualifying questions: an empty list or false leaves the question out. */
const InquirySettingsSchema = z.object(
  {
    projectTypes: inquiryOptions('Project types'),
    budgets: inquiryOptions('Budgets'),
    timelines: inquiryOptions('Timelines'),
    askWebsite: z.boolean({ error: 'Ask for the current website must be true or false' }),
  },
  { error: 'Inquiry questions are required' },
)
export type InquirySettings = z.infer<typeof InquirySettingsSchema>

/** A site-relative image: an upload (POST /api/upload) or one of the site's own images. */
const ShareImageSchema = requiredText('Share image', TEXT_LIMITS.short).regex(
  /^\/(?:uploads|images)\/[\w-][\w.-]*$/,
  { error: 'Share image must be an uploaded image path' },
)

/** An uploaded image (POST /api/upload), or null for none. */
const uploadedImage = (label: string) =>
  requiredText(label, TEXT_LIMITS.short)
    .regex(/^\/uploads\/[\w-][\w.-]*$/, { error: `${label} must be an uploaded image path` })
    .nullable()

/** A colour white text stays readable on: buttons, links and the header's button use it. */
const AccentColorSchema = z
  .string({ error: 'Accent color must be a colour such as #174ca8' })
  .regex(/^#[0-9a-f]{6}$/i, { error: 'Accent color must be a colour such as #174ca8' })
  .refine((value) => contrastRatio(value, '#ffffff') >= MIN_TEXT_CONTRAST, {
    error: (issue) =>
      `Accent color is too light for white text (contrast ${contrastRatio(String(issue.input), '#ffffff').toFixed(2)}:1, at least ${MIN_TEXT_CONTRAST}:1 needed): pick a darker shade`,
  })

const HEADER_BUTTON_LABEL_MAX = 30
const MENU_LABEL_MAX = 30

/** A page of this site ("/contact") or an https:// address. */
const HeaderButtonHrefSchema = requiredText('Header button link', TEXT_LIMITS.url).refine(
  (value) => isSameSitePath(value) || isHttpsUrl(value),
  {
    error:
      'Header button link must be a page of this site such as /contact, or an https:// address',
  },
)

const MenuEntrySchema = z.object({
  key: z.enum(MENU_KEYS, { error: `Menu item key must be one of ${MENU_KEYS.join(', ')}` }),
  label: requiredText('Menu label', MENU_LABEL_MAX),
  hidden: z.boolean({ error: 'Menu hidden must be true or false' }),
})

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
  ownerRole: requiredText('Owner role', OWNER_ROLE_MAX),
  serviceArea: requiredText('Service area', SERVICE_AREA_MAX),
  responseTime: requiredText('Response time', RESPONSE_TIME_MAX),
  foundingYear: FoundingYearSchema,
  /** Whether the owner gets the weekly digest of the visit statistics by e-mail. */
  weeklyDigest: z.boolean({ error: 'Weekly digest must be true or false' }),
  /** Portfolio cards and case-study pages show "Online · checked today · 180 ms" (link checks). */
  showLinkHealth: z.boolean({ error: 'Show link health must be true or false' }),
  /** Where the journal is linked from, while it has a published post. */
  journalInHeader: z.boolean({ error: 'Journal in the header must be true or false' }),
  journalInFooter: z.boolean({ error: 'Journal in the footer must be true or false' }),
  accentColor: AccentColorSchema,
  /** One of GET /api/settings/options' font pairs. */
  fontPair: z.enum(FONT_PAIR_IDS, {
    error: `Font pair must be one of ${FONT_PAIR_IDS.join(', ')}`,
  }),
  colorScheme: z.enum(COLOR_SCHEMES, { error: 'Color scheme must be light, dark or auto' }),
  /** Shown in the header; the favicon, the touch icon and the web manifest's icons are made from it. */
  logo: uploadedImage('Logo'),
  /** The owner's photo: home, about and the journal's byline. */
  portrait: uploadedImage('Portrait'),
  /** The header's one filled button. */
  headerButton: z.object(
    {
      label: requiredText('Header button label', HEADER_BUTTON_LABEL_MAX),
      href: HeaderButtonHrefSchema,
    },
    { error: 'Header button must have a label and a link' },
  ),
  /** The header's items, renamed, hidden or reordered (common/site-identity.ts). */
  menu: z
    .array(MenuEntrySchema, { error: 'Menu must be a list of items' })
    .max(MENU_KEYS.length, { error: `Menu lists at most ${MENU_KEYS.length} items` })
    .refine((items) => new Set(items.map((item) => item.key)).size === items.length, {
      error: 'Menu lists each item once',
    }),
  /** The contact form's qualifying questions (project type, budget, timeline, current website). */
  inquiry: InquirySettingsSchema,
  /** Booked calls: the owner's weekly hours, meeting lengths, buffer, notice, horizon, place. */
  booking: BookingSettingsSchema,
  /** Who issues proposals and invoices, where clients pay, and new documents' defaults. */
  billing: BillingSettingsSchema,
})
export type SiteSettings = z.infer<typeof SiteSettingsSchema>

/** The site's look and its header: the setup page edits them, the Settings form does not. */
export const SITE_LOOK_FIELDS = {
  accentColor: true,
  fontPair: true,
  colorScheme: true,
  logo: true,
  portrait: true,
  headerButton: true,
  menu: true,
} as const

/**
 * PUT /api/settings: every field, except that the ones added after the first version keep their
 * saved value when left out (a client written against the first shape still saves).
 */
export const SiteSettingsBodySchema = SiteSettingsSchema.partial({
  seoDescription: true,
  shareImage: true,
  ownerRole: true,
  serviceArea: true,
  responseTime: true,
  foundingYear: true,
  weeklyDigest: true,
  showLinkHealth: true,
  journalInHeader: true,
  journalInFooter: true,
  ...SITE_LOOK_FIELDS,
  inquiry: true,
  booking: true,
  billing: true,
})
export type SiteSettingsBody = z.infer<typeof SiteSettingsBodySchema>

export const SIGNUPS_CLOSED = 'Sign-ups are closed'

/** GET /api/settings/options: the choices a setting offers. */
export const SettingsOptionsSchema = z.object({
  fontPairs: z.array(
    z.object({
      id: z.enum(FONT_PAIR_IDS),
      label: z.string(),
      heading: z.string(),
      body: z.string(),
    }),
  ),
})
export type SettingsOptions = z.infer<typeof SettingsOptionsSchema>
export const SETTINGS_OPTIONS: SettingsOptions = { fontPairs: [...FONT_PAIRS] }
