/**
 * Demo portfolio entries for a fresh install (`npm run seed`, the browser tests). Each image is
 * drawn here and stored through the uploads service, so it is a real upload with all its variants.
 */
import type { WebsiteUpdateBody } from '#common/schemas/websites.ts'
import { HttpError } from '#server/lib/http-errors.ts'
import type { UploadsService } from '#server/modules/uploads/uploads.service.ts'
import type { WebsitesService } from '#server/modules/websites/websites.service.ts'
import { renderPng, siteMockupSvg, type MockupTheme } from './demo-images.ts'

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

const DEMO_FEATURED = 3

export const demoLink = (slug: string) => `https://${slug}.example.com`

export interface SeedServices {
  websites: Pick<WebsitesService, 'getBySlug' | 'create'>
  uploads: Pick<UploadsService, 'store'>
}

export interface SeedResult {
  added: string[]
  skipped: string[]
}

const isStatus = (error: unknown, status: number) =>
  error instanceof HttpError && error.statusCode === status

async function exists(websites: SeedServices['websites'], slug: string): Promise<boolean> {
  try {
    await websites.getBySlug(slug)
    return true
  } catch (error) {
    if (isStatus(error, 404)) return false
    throw error
  }
}

/** Adds every demo site whose slug is free; running it again adds nothing. */
export async function seedDemoContent(
  { websites, uploads }: SeedServices,
  sites: DemoSite[] = DEMO_SITES,
): Promise<SeedResult> {
  const result: SeedResult = { added: [], skipped: [] }
  for (const [index, { theme, ...site }] of sites.entries()) {
    if (await exists(websites, site.slug)) {
      result.skipped.push(site.slug)
      continue
    }
    const image = await uploads.store(await renderPng(siteMockupSvg({ name: site.name, ...theme })))
    try {
      // The first few are featured, so the home page's "Recent work" shows the demo too.
      await websites.create({
        ...site,
        image,
        link: demoLink(site.slug),
        featured: index < DEMO_FEATURED,
      })
      result.added.push(site.slug)
    } catch (error) {
      // Another seeding process took the slug between the check and the insert.
      if (!isStatus(error, 409)) throw error
      result.skipped.push(site.slug)
    }
  }
  return result
}
