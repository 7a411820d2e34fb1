/**
 * The site's identity. Edit this file to make the site yours: every page, the header, the footer,
 * the share tags and the structured data read from here and never repeat these values.
 */

export type SocialNetwork = 'github' | 'linkedin' | 'x'

export interface SocialLink {
  network: SocialNetwork
  label: string
  url: string
}

export const site = {
  businessName: 'Rivera Web Studio',
  ownerName: 'Alex Rivera',
  ownerRole: 'Freelance full-stack web developer',
  tagline: 'Fast, accessible websites and web apps for growing businesses',
  description:
    'Rivera Web Studio is the practice of Alex Rivera, a freelance full-stack developer who designs, builds and hosts fast, accessible websites and MERN web applications for small businesses.',
  email: 'hello@riverawebstudio.com',
  location: {
    city: 'Portland',
    region: 'Oregon',
    regionCode: 'OR',
    country: 'US',
  },
  serviceArea: 'Portland, Oregon, and remote clients across North America and Europe',
  responseTime: 'within one business day',
  foundingYear: 2017,
  social: [
    { network: 'github', label: 'GitHub', url: 'https://github.com/riverawebstudio' },
    { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/in/alex-rivera-web' },
    { network: 'x', label: 'X (Twitter)', url: 'https://x.com/riverawebstudio' },
  ] as readonly SocialLink[],
  /** The words the home page banner types, in order. */
  stackNames: ['MERN Stack', 'React Router', 'Node.js APIs'],
  /** Used for absolute links only when the server's PUBLIC_URL is not available. */
  publicUrlFallback: 'https://riverawebstudio.com',
  /** The share image for link previews (1200 x 630), a path under public/. */
  shareImage: { path: '/images/og-image.png', width: 1200, height: 630 },
} as const
