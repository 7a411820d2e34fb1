/**
 * The first-run settings (site-defaults.ts) describe a sample owner: their names, and with them a
 * city, a service area and social profiles that are that person's. Those details belong to the
 * names: they are shown only while the site still carries both first-run names (the demo a new
 * install is), and once the owner has saved a name of their own, a detail still holding its
 * first-run value is shown as unset, so the owner's pages never link to the sample owner's profiles
 * or place the owner in the sample owner's city. Whether a value is the sample's is told by the
 * value alone, as the setup checklist tells it (server/modules/setup): an owner who really works in
 * the sample's city writes it their own way ("Portland, OR").
 *
 * The rule changes what pages show (the settings service's `getShown`), not what is stored: GET
 * /api/settings and the admin's form keep the saved values, so nothing is lost and the owner sees
 * what to replace. Pages leave an unset detail out (no link, no "Based in", no service area), and a
 * text's `{location}` goes with the word before it (site-names.ts).
 */
import type { SiteSettings } from './schemas/settings.ts'
import { SITE_DEFAULTS } from './site-defaults.ts'

/** Whether the settings still carry the first-run owner's and business's names. */
export const hasFirstRunNames = (settings: Pick<SiteSettings, 'ownerName' | 'businessName'>) =>
  settings.ownerName === SITE_DEFAULTS.ownerName &&
  settings.businessName === SITE_DEFAULTS.businessName

/** `value`, or empty when it is the first-run one. */
const unlessFirstRun = (value: string, firstRun: string) => (value === firstRun ? '' : value)

/**
 * The settings' contact address once the owner has set one of their own; undefined while it is
 * still the first-run owner's, which is nobody's inbox on this site (so owner mail never goes
 * there).
 */
export const ownContactEmail = (settings: Pick<SiteSettings, 'email'>) =>
  unlessFirstRun(settings.email, SITE_DEFAULTS.email) || undefined

/**
 * The settings with the first-run owner's own details (location, service area, social links)
 * emptied where they are still the first-run ones, once the names are not (see above).
 */
export function withoutFirstRunDetails(settings: SiteSettings): SiteSettings {
  if (hasFirstRunNames(settings)) return settings
  const { social } = settings
  return {
    ...settings,
    location: unlessFirstRun(settings.location, SITE_DEFAULTS.location),
    serviceArea: unlessFirstRun(settings.serviceArea, SITE_DEFAULTS.serviceArea),
    social: {
      github: unlessFirstRun(social.github, SITE_DEFAULTS.social.github),
      linkedin: unlessFirstRun(social.linkedin, SITE_DEFAULTS.social.linkedin),
      x: unlessFirstRun(social.x, SITE_DEFAULTS.social.x),
    },
  }
}
