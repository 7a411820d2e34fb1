/**
 * The site's identity on first run, before the owner saves the admin's Settings screen: the
 * server answers these until a saved copy exists. Edit them to change what a fresh install shows.
 */
import type { SiteSettings } from './schemas/settings.ts'

export const SITE_DEFAULTS: SiteSettings = {
  businessName: 'Rivera Web Studio',
  ownerName: 'Alex Rivera',
  tagline: 'Fast, accessible websites and web apps for growing businesses',
  email: 'hello@riverawebstudio.com',
  location: 'Portland, Oregon',
  social: {
    github: 'https://github.com/riverawebstudio',
    linkedin: 'https://www.linkedin.com/in/alex-rivera-web',
    x: 'https://x.com/riverawebstudio',
  },
  bannerStacks: ['MERN Stack', 'React Router', 'Node.js APIs'],
  seoDescription:
    'Rivera Web Studio is the practice of Alex Rivera, a freelance full-stack developer who designs, builds and hosts fast, accessible websites and MERN web applications for small businesses.',
  shareImage: '/images/og-image.png',
  signupsOpen: true,
}
