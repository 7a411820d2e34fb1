/**
 * The demo portfolio: entries `npm run seed` adds (never the first start: a real owner's site
 * would show them as their work), with the colours and motif each one's mockup image is drawn in
 * (server/cli/demo-images.ts). The browser tests and the page-weight checks run on them.
 */
import type { WebsiteUpdateBody } from '#common/schemas/websites.ts'
import type { MockupTheme } from '#server/cli/demo-images.ts'

export interface DemoSite extends Omit<WebsiteUpdateBody, '_id' | 'image' | 'link'> {
  theme: Omit<MockupTheme, 'name'>
}

export const DEMO_SITES: DemoSite[] = [
  {
    name: 'Crumb & Crust Bakery',
    slug: 'crumb-and-crust-bakery',
    language: 'React',
    languageDescription: 'Next.js',
    description:
      'A neighbourhood sourdough bakery that sells out by noon. The site shows the daily bake, takes pre-orders for collection and lists allergens for every loaf and pastry.',
    theme: {
      tagline: 'Sourdough baked before sunrise',
      motif: 'bread',
      colors: {
        background: '#fffaf2',
        surface: '#f6e7d2',
        primary: '#9a4f1d',
        accent: '#f2a541',
        ink: '#3b2414',
      },
    },
  },
  {
    name: 'Northside Physiotherapy',
    slug: 'northside-physiotherapy',
    language: 'React',
    languageDescription: 'React Router',
    description:
      'A three-therapist clinic for sports injuries and back pain. Patients book and reschedule appointments online, and each treatment has its own page with prices and what to expect.',
    theme: {
      tagline: 'Move well, recover faster',
      motif: 'physio',
      heroSide: 'left',
      colors: {
        background: '#f4fbfa',
        surface: '#dff3ef',
        primary: '#0f766e',
        accent: '#5eead4',
        ink: '#123c38',
      },
    },
  },
  {
    name: 'Ellen Marsh Photography',
    slug: 'ellen-marsh-photography',
    language: 'React',
    languageDescription: 'Astro',
    description:
      'The portfolio of a wedding and portrait photographer. Fast-loading galleries, a packages page and an enquiry form that asks for the date and venue up front.',
    theme: {
      tagline: 'Weddings and portraits, naturally lit',
      motif: 'camera',
      colors: {
        background: '#fafafa',
        surface: '#ececec',
        primary: '#27272a',
        accent: '#e11d48',
        ink: '#18181b',
      },
    },
  },
  {
    name: 'Hale & Whitford Solicitors',
    slug: 'hale-and-whitford-solicitors',
    language: 'React',
    languageDescription: 'MERN',
    description:
      'A family-law and conveyancing practice with two offices. Clients find the right solicitor by practice area, read plain-English guides and request a call back.',
    theme: {
      tagline: 'Clear advice on family law and property',
      motif: 'scales',
      colors: {
        background: '#f8f7f4',
        surface: '#e8e4da',
        primary: '#1e2a4a',
        accent: '#b08d3c',
        ink: '#1e2a4a',
      },
    },
  },
  {
    name: 'Still Water Yoga',
    slug: 'still-water-yoga',
    language: 'React',
    languageDescription: 'React Router',
    description:
      'A small studio with morning and evening classes. The timetable updates weekly, students buy class passes online and beginners get a guide to their first session.',
    theme: {
      tagline: 'Slow flow, breath and balance',
      motif: 'lotus',
      heroSide: 'left',
      colors: {
        background: '#f7f5fb',
        surface: '#e9e3f5',
        primary: '#6d28d9',
        accent: '#f0abfc',
        ink: '#2e1065',
      },
    },
  },
  {
    name: 'Copper Kettle Brewing Co.',
    slug: 'copper-kettle-brewing',
    language: 'React',
    languageDescription: 'MERN',
    description:
      'A craft brewery and taproom. The site lists the beers on tap, sells mixed cases for delivery and checks the visitor’s age before showing the shop.',
    theme: {
      tagline: 'Small-batch ales from the canal side',
      motif: 'beer',
      colors: {
        background: '#fdf8f1',
        surface: '#f3e3cc',
        primary: '#7c2d12',
        accent: '#d97706',
        ink: '#3f1d0b',
      },
    },
  },
]

/** The first entries are featured, so the home page's "Recent work" shows the demo too. */
export const DEMO_FEATURED = 3

export const demoLink = (slug: string) => `https://${slug}.example.com`
