/**
 * Words in the first-run texts (page texts, FAQ) that name the owner: written as placeholders such
 * as `{ownerName}` and filled from the site settings when a page is rendered, so a new owner's
 * name replaces the sample one everywhere at once. An owner may keep the placeholders in their own
 * texts; text without them is shown as written.
 */
import type { SiteSettings } from './schemas/settings.ts'

const SITE_NAME_FIELDS = ['ownerName', 'businessName', 'location', 'foundingYear'] as const
type SiteNameField = (typeof SITE_NAME_FIELDS)[number]
export type SiteNames = Pick<SiteSettings, SiteNameField>

/** A placeholder, and the word that may introduce it ("in {location}"). */
const PLACEHOLDER = new RegExp(
  `(\\s(?:in|outside|from|near|around|across)\\s)?\\{(${SITE_NAME_FIELDS.join('|')})\\}`,
  'g',
)

/**
 * `text` with each `{ownerName}`, `{businessName}`, `{location}`, `{foundingYear}` filled in. An
 * empty value (the first-run location a renamed site leaves out: common/first-run-persona.ts)
 * takes the word introducing it along, so "a studio in {location}." reads "a studio.", not
 * "a studio in .".
 */
export function fillSiteNames(text: string, names: SiteNames): string {
  return text.replace(PLACEHOLDER, (_match, lead: string | undefined, field: SiteNameField) => {
    const value = String(names[field])
    return value === '' ? '' : `${lead ?? ''}${value}`
  })
}

/** Every string inside `value` (objects and arrays walked) with the placeholders filled in. */
export function fillSiteNamesIn<T>(value: T, names: SiteNames): T {
  if (typeof value === 'string') return fillSiteNames(value, names) as T
  if (Array.isArray(value)) return value.map((item: unknown) => fillSiteNamesIn(item, names)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillSiteNamesIn(item, names)]),
    ) as T
  }
  return value
}
