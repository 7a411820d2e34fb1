/**
 * The one way first-run content (this folder's README) gets into a database: at every start
 * (server/main.ts) and in `npm run seed`, which adds the demo portfolio as well. Each kind is
 * stored only where it was never written, through its own service, so a second run changes
 * nothing and nothing an owner edited or deleted comes back.
 */
import type { PageKey } from '#common/schemas/pages.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { renderPng, siteMockupSvg } from '#server/cli/demo-images.ts'
import { HttpError } from '#server/lib/http-errors.ts'
import type { FaqService } from '#server/modules/faq/faq.service.ts'
import type { PagesService } from '#server/modules/pages/pages.service.ts'
import type { JournalService } from '#server/modules/journal/journal.service.ts'
import type { SettingsService } from '#server/modules/settings/settings.service.ts'
import type { TestimonialsService } from '#server/modules/testimonials/testimonials.service.ts'
import type { UploadsService } from '#server/modules/uploads/uploads.service.ts'
import type { WebsitesService } from '#server/modules/websites/websites.service.ts'
import { DEMO_FEATURED, DEMO_SITES, demoLink } from './demo-portfolio.ts'
import { FIRST_RUN_FAQ } from './faq.ts'
import { FIRST_RUN_POST } from './journal.ts'
import { FIRST_RUN_PAGES } from './pages.ts'
import { FIRST_RUN_TESTIMONIAL } from './testimonials.ts'

export interface FirstRunServices {
  settings: Pick<SettingsService, 'putFirstRun'>
  pages: Pick<PagesService, 'putFirstRun'>
  faq: Pick<FaqService, 'putFirstRun'>
  journal: Pick<JournalService, 'putFirstRun'>
  testimonials: Pick<TestimonialsService, 'putFirstRun'>
}

/** What one run stored: nothing at all once everything was written before. */
export interface FirstRunReport {
  settings: boolean
  pages: PageKey[]
  faqEntries: number
  /** The journal's sample post. */
  samplePost: boolean
  /** The sample testimonial. */
  sampleTestimonial: boolean
}

/**
 * Stores the settings, each page's text, the FAQ, the sample post and the sample testimonial, each
 * only if never written.
 */
export async function putFirstRunContent(services: FirstRunServices): Promise<FirstRunReport> {
  return {
    settings: await services.settings.putFirstRun(SITE_DEFAULTS),
    pages: await services.pages.putFirstRun(FIRST_RUN_PAGES),
    faqEntries: await services.faq.putFirstRun(FIRST_RUN_FAQ),
    samplePost: await services.journal.putFirstRun(FIRST_RUN_POST),
    sampleTestimonial: await services.testimonials.putFirstRun(FIRST_RUN_TESTIMONIAL),
  }
}

/** One line on what a run stored, or undefined when it stored nothing. */
export function describeFirstRun(report: FirstRunReport): string | undefined {
  const stored = [
    report.settings ? 'the site settings' : '',
    report.pages.length > 0 ? `${report.pages.length} page texts (${report.pages.join(', ')})` : '',
    report.faqEntries > 0 ? `${report.faqEntries} FAQ entries` : '',
    report.samplePost ? 'a sample journal post' : '',
    report.sampleTestimonial ? 'a sample testimonial' : '',
  ].filter(Boolean)
  return stored.length > 0 ? `First-run content stored: ${stored.join(', ')}.` : undefined
}

export interface SeedServices extends FirstRunServices {
  websites: Pick<WebsitesService, 'getBySlug' | 'create'>
  uploads: Pick<UploadsService, 'store'>
}

export interface SeedResult {
  firstRun: FirstRunReport
  /** Demo portfolio slugs added, and those already there. */
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

/**
 * `npm run seed`: the first-run content, then every demo portfolio entry whose slug is free, its
 * image drawn and stored as a real upload with all its variants. Running it again adds nothing.
 */
export async function seedSite(services: SeedServices): Promise<SeedResult> {
  const { websites, uploads } = services
  const result: SeedResult = {
    firstRun: await putFirstRunContent(services),
    added: [],
    skipped: [],
  }
  for (const [index, { theme, ...site }] of DEMO_SITES.entries()) {
    if (await exists(websites, site.slug)) {
      result.skipped.push(site.slug)
      continue
    }
    const image = await uploads.store(await renderPng(siteMockupSvg({ name: site.name, ...theme })))
    try {
      await websites.create(
        { ...site, image, link: demoLink(site.slug), featured: index < DEMO_FEATURED },
        { isSample: true },
      )
      result.added.push(site.slug)
    } catch (error) {
      // Another seeding process took the slug between the check and the insert.
      if (!isStatus(error, 409)) throw error
      result.skipped.push(site.slug)
    }
  }
  return result
}
