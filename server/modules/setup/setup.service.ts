/**
 * The new owner's checklist: which first-run settings still hold the sample identity, and which
 * first-run items (sample post, sample testimonial, demo portfolio, page texts, FAQ entries) are
 * still untouched. Reads other modules' services only; it stores nothing.
 */
import { isDeepStrictEqual } from 'node:util'
import type { Faq, FaqBody } from '#common/schemas/faq.ts'
import { PAGE_CONTENT_SCHEMAS, PAGE_KEYS, PAGE_LABELS, type Page } from '#common/schemas/pages.ts'
import type { Setup, SetupStepKey } from '#common/schemas/setup.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { FIRST_RUN_FAQ } from '#server/first-run/faq.ts'
import { FIRST_RUN_PAGES } from '#server/first-run/pages.ts'

type Sample = { id: string; label: string }

export interface SetupServiceDeps {
  settings: { get: () => Promise<SiteSettings> }
  websites: { listSamples: () => Promise<Sample[]>; hasOwnEntry: () => Promise<boolean> }
  journal: { listSamples: () => Promise<Sample[]> }
  testimonials: { listSamples: () => Promise<Sample[]> }
  pages: { getPage: (key: string) => Promise<Page> }
  faq: { list: () => Promise<Faq[]> }
}

/** Each step's label and whether the settings (or the portfolio) show it done. */
const STEPS: { key: SetupStepKey; label: string; isDone: (s: SiteSettings) => boolean }[] = [
  { key: 'name', label: 'Your name', isDone: (s) => s.ownerName !== SITE_DEFAULTS.ownerName },
  {
    key: 'business',
    label: 'Your business name',
    isDone: (s) => s.businessName !== SITE_DEFAULTS.businessName,
  },
  { key: 'role', label: 'What you do', isDone: (s) => s.ownerRole !== SITE_DEFAULTS.ownerRole },
  {
    key: 'place',
    label: 'Where you work',
    isDone: (s) => s.location !== SITE_DEFAULTS.location,
  },
  { key: 'portrait', label: 'Your portrait', isDone: (s) => s.portrait !== null },
  { key: 'logo', label: 'Your logo', isDone: (s) => s.logo !== null },
  {
    key: 'accent',
    label: 'Your brand colour',
    isDone: (s) => s.accentColor.toLowerCase() !== SITE_DEFAULTS.accentColor,
  },
  { key: 'fonts', label: 'Your fonts', isDone: (s) => s.fontPair !== SITE_DEFAULTS.fontPair },
  {
    key: 'contact',
    label: 'How clients reach you',
    isDone: (s) => s.email !== SITE_DEFAULTS.email,
  },
  {
    // Done once the owner has said where their hours are, or opened booking: the first run's UTC
    // is nobody's choice.
    key: 'booking',
    label: 'Booking calls',
    isDone: (s) => s.booking.enabled || s.booking.timeZone !== SITE_DEFAULTS.booking.timeZone,
  },
]

/** The pages whose text is still the first run's, word for word. */
async function untouchedPages(pages: SetupServiceDeps['pages']): Promise<Sample[]> {
  const untouched = await Promise.all(
    PAGE_KEYS.map(async (key) => {
      const { key: _key, ...content } = await pages.getPage(key)
      return isDeepStrictEqual(content, PAGE_CONTENT_SCHEMAS[key].parse(FIRST_RUN_PAGES[key]))
    }),
  )
  return PAGE_KEYS.filter((_, index) => untouched[index]).map((key) => ({
    id: key,
    label: PAGE_LABELS[key],
  }))
}

const isFirstRunFaq = (entry: FaqBody) =>
  FIRST_RUN_FAQ.some((first) => first.question === entry.question && first.answer === entry.answer)

export function createSetupService({
  settings,
  websites,
  journal,
  testimonials,
  pages,
  faq,
}: SetupServiceDeps) {
  return {
    async get(): Promise<Setup> {
      const [
        current,
        hasOwnEntry,
        sampleWebsites,
        samplePosts,
        sampleTestimonials,
        samplePages,
        faqEntries,
      ] = await Promise.all([
        settings.get(),
        websites.hasOwnEntry(),
        websites.listSamples(),
        journal.listSamples(),
        testimonials.listSamples(),
        untouchedPages(pages),
        faq.list(),
      ])
      return {
        steps: [
          ...STEPS.map(({ key, label, isDone }) => ({ key, label, done: isDone(current) })),
          { key: 'portfolio', label: 'Your first portfolio entry', done: hasOwnEntry },
        ],
        samples: [
          ...sampleTestimonials.map((item) => ({ kind: 'testimonial' as const, ...item })),
          ...samplePosts.map((item) => ({ kind: 'post' as const, ...item })),
          ...sampleWebsites.map((item) => ({ kind: 'website' as const, ...item })),
          ...samplePages.map((item) => ({ kind: 'page' as const, ...item })),
          ...faqEntries
            .filter(isFirstRunFaq)
            .map((entry) => ({ kind: 'faq' as const, id: entry._id, label: entry.question })),
        ],
      }
    },
  }
}

export type SetupService = ReturnType<typeof createSetupService>
