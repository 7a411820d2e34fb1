/**
 * What the site needs that is not the owner's business: the owner's identity and the practice's
 * facts (name, contact, role, service area, reply time, founding year, links, share image) are the
 * site settings, read through `useSiteSettings()` (`app/lib/site-settings.ts`); their first-run
 * values are in `common/site-defaults.ts`.
 */

export const site = {
  /** Used for absolute links only when the server's PUBLIC_URL is not available. */
  publicUrlFallback: 'https://riverawebstudio.com',
} as const
