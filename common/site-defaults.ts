/**
 * The site settings a new site starts with: first-run content (server/first-run/README.md) kept
 * here, outside that folder, because the web app reads it too (before any settings have loaded).
 * The first start stores it; the owner changes it on the admin's Settings screen. A field added in a
 * later version reads its value from here until the owner saves one.
 */
import type { BillingSettings } from './schemas/billing.ts'
import type { BookingSettings } from './schemas/booking-settings.ts'
import type { SiteSettings } from './schemas/settings.ts'
import { DEFAULT_MENU } from './site-identity.ts'

const WORKDAY = [{ start: '09:00', end: '17:00' }]

/** A new site's availability: off, weekdays 09:00 to 17:00, in UTC until the owner picks a zone. */
export const BOOKING_DEFAULTS: BookingSettings = {
  enabled: false,
  timeZone: 'UTC',
  durations: [20, 45],
  weekly: {
    mon: WORKDAY,
    tue: WORKDAY,
    wed: WORKDAY,
    thu: WORKDAY,
    fri: WORKDAY,
    sat: [],
    sun: [],
  },
  bufferMinutes: 10,
  minNoticeHours: 12,
  horizonDays: 30,
  location: '',
  busyCalendarUrl: null,
}

/** A new site's billing details: none yet, in euros, due in 14 days, reminded 3 and 10 days after. */
export const BILLING_DEFAULTS: BillingSettings = {
  legalName: '',
  address: '',
  country: '',
  vatId: '',
  registration: '',
  email: '',
  phone: '',
  peppolId: '',
  vatExemptionReason: '',
  iban: '',
  bic: '',
  bankName: '',
  currency: 'EUR',
  invoicePrefix: '',
  paymentTermsDays: 14,
  defaultTaxRate: 0,
  reminderDays: [3, 10],
}

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
    '{businessName} is the practice of {ownerName}, a freelance full-stack developer who designs, builds and hosts fast, accessible websites and MERN web applications for small businesses.',
  shareImage: '/images/og-image.png',
  signupsOpen: true,
  ownerRole: 'Freelance full-stack web developer',
  serviceArea: 'Portland, Oregon, and remote clients across North America and Europe',
  responseTime: 'within one business day',
  foundingYear: 2017,
  weeklyDigest: false,
  showLinkHealth: false,
  journalInHeader: true,
  journalInFooter: true,
  accentColor: '#174ca8',
  fontPair: 'system',
  colorScheme: 'light',
  logo: null,
  portrait: null,
  headerButton: { label: 'Start a project', href: '/contact' },
  menu: DEFAULT_MENU,
  inquiry: {
    projectTypes: ['New website', 'Redesign', 'Web application', 'Maintenance'],
    budgets: [
      'Under $2,000',
      '$2,000 – $5,000',
      '$5,000 – $15,000',
      'Over $15,000',
      'Not sure yet',
    ],
    timelines: ['As soon as possible', 'Within 1–3 months', 'In 3–6 months', 'Flexible'],
    askWebsite: true,
  },
  booking: BOOKING_DEFAULTS,
  billing: BILLING_DEFAULTS,
}
