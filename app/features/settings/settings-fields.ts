/**
 * The Settings form's flat field names (`github`, `stack1`, ...) to and from the settings' nested
 * shape, checked with the server's own schema.
 */
import {
  BANNER_STACK_COUNT,
  SiteSettingsSchema,
  type SiteSettingsBody,
} from '#common/schemas/settings.ts'
import type { FieldErrors, Validation } from '#app/lib/form-errors.ts'

export const stackField = (index: number) => `stack${index + 1}`

const STACK_INDEXES = Array.from({ length: BANNER_STACK_COUNT }, (_, i) => i)

/** A number field's text as a number; empty is missing. */
const numberOf = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : Number(value)

/**
 * The fields this form edits; the look, the logo, the portrait and the header are the setup page's,
 * the booking hours the Booking screen's.
 */
const SettingsFormSchema = SiteSettingsSchema.omit({
  booking: true,
  accentColor: true,
  fontPair: true,
  colorScheme: true,
  logo: true,
  portrait: true,
  headerButton: true,
  menu: true,
})
/** A textarea's options, one a line; blank lines are left out. */
const optionsOf = (value: string | undefined) =>
  (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

export function settingsFromForm(values: Record<string, string>): Validation<SiteSettingsBody> {
  const result = SettingsFormSchema.safeParse({
    businessName: values.businessName,
    ownerName: values.ownerName,
    tagline: values.tagline,
    email: values.email,
    location: values.location,
    social: { github: values.github, linkedin: values.linkedin, x: values.x },
    bannerStacks: STACK_INDEXES.map((i) => values[stackField(i)]),
    seoDescription: values.seoDescription,
    shareImage: values.shareImage,
    signupsOpen: values.signupsOpen === 'on',
    showLinkHealth: values.showLinkHealth === 'on',
    journalInHeader: values.journalInHeader === 'on',
    journalInFooter: values.journalInFooter === 'on',
    ownerRole: values.ownerRole,
    serviceArea: values.serviceArea,
    responseTime: values.responseTime,
    foundingYear: numberOf(values.foundingYear),
    weeklyDigest: values.weeklyDigest === 'on',
    inquiry: {
      projectTypes: optionsOf(values.projectTypes),
      budgets: optionsOf(values.budgets),
      timelines: optionsOf(values.timelines),
      askWebsite: values.askWebsite === 'on',
    },
  })
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const [first, second] = issue.path
    const field =
      first === 'social' || first === 'inquiry'
        ? String(second)
        : first === 'bannerStacks'
          ? stackField(Number(second ?? 0))
          : String(first ?? 'form')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}
