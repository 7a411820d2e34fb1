/**
 * The new owner's checklist: which first-run settings still hold the sample identity, and which
 * first-run items (sample post, sample testimonial, demo portfolio) are still untouched. Reads
 * other modules' services only; it stores nothing.
 */
import type { Setup, SetupStepKey } from '#common/schemas/setup.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'

type Sample = { id: string; label: string }

export interface SetupServiceDeps {
  settings: { get: () => Promise<SiteSettings> }
  websites: { listSamples: () => Promise<Sample[]>; hasOwnEntry: () => Promise<boolean> }
  journal: { listSamples: () => Promise<Sample[]> }
  testimonials: { listSamples: () => Promise<Sample[]> }
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
]

export function createSetupService({ settings, websites, journal, testimonials }: SetupServiceDeps) {
  return {
    async get(): Promise<Setup> {
      const [current, hasOwnEntry, sampleWebsites, samplePosts, sampleTestimonials] =
        await Promise.all([
          settings.get(),
          websites.hasOwnEntry(),
          websites.listSamples(),
          journal.listSamples(),
          testimonials.listSamples(),
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
        ],
      }
    },
  }
}

export type SetupService = ReturnType<typeof createSetupService>
