/**
 * Facts about the practice that the admin does not edit. The editable identity (business name,
 * owner, contact, social links, banner words, share image) is the site settings: first-run values
 * in `common/site-defaults.ts`, read through `useSiteSettings()` (`app/lib/site-settings.ts`).
 */

export const site = {
  ownerRole: 'Freelance full-stack web developer',
  serviceArea: 'Portland, Oregon, and remote clients across North America and Europe',
  responseTime: 'within one business day',
  foundingYear: 2017,
  /** Used for absolute links only when the server's PUBLIC_URL is not available. */
  publicUrlFallback: 'https://riverawebstudio.com',
  /** The size of the default share image (`common/site-defaults.ts`); uploads carry none. */
  defaultShareImageSize: { width: 1200, height: 630 },
} as const
