/**
 * The editable texts of the public pages, one shape per page key. Fields named in
 * MARKDOWN_FIELDS hold Markdown (rendered with raw HTML escaped by common/markdown.ts); every other
 * string is plain text that React escapes.
 */
import { z } from 'zod'
import { requiredText, text } from './common.ts'

export const PAGE_KEYS = ['home', 'about', 'webdesign', 'mernRender', 'dns', 'contact'] as const
export type PageKey = (typeof PAGE_KEYS)[number]

export const PAGE_LABELS: Record<PageKey, string> = {
  home: 'Home',
  about: 'About',
  webdesign: 'Web Design',
  mernRender: 'Mern Render guide',
  dns: 'DNS guide',
  contact: 'Contact',
}

/** The keys whose strings are Markdown, wherever they appear in a page's content. */
export const MARKDOWN_FIELDS: ReadonlySet<string> = new Set([
  'intro',
  'text',
  'body',
  'story',
  'note',
  'servicesLead',
  'processLead',
  'toolsLead',
  'pricingLead',
  'pricingNote',
])

const TITLE_MAX = 200
const MARKDOWN_MAX = 10_000
const MAX_ITEMS = 20

const plain = (label: string, max = TITLE_MAX) => requiredText(label, max)
const markdown = (label: string) => requiredText(label, MARKDOWN_MAX)
const list = <T extends z.ZodType>(label: string, item: T) =>
  z
    .array(item, { error: `${label} must be a list` })
    .min(1, { error: `${label} needs at least one entry` })
    .max(MAX_ITEMS, { error: `${label} may have at most ${MAX_ITEMS} entries` })

const ItemSchema = z.object({ title: plain('Title'), text: markdown('Text') })
const items = (label: string) => list(label, ItemSchema)

/**
 * A site image: an upload (/uploads/...) or a file shipped under /images/, maybe in folders; no
 * segment starts with a dot. A segment starts after a slash and holds none, so a string can match
 * only one way: the pattern runs in linear time.
 */
const ImageSrcSchema = plain('Image').regex(/^\/(?:uploads|images)(?:\/[\w-][\w.-]*)+$/, {
  error: 'Image must be an uploaded image path',
})

/** What every page has: its search title and description, its heading and introduction. */
const base = {
  title: plain('Title', 70),
  description: plain('Description', 300),
  heading: plain('Heading'),
  intro: markdown('Intro'),
}

const HomeSchema = z.object({
  ...base,
  servicesTitle: plain('Services title'),
  servicesLead: markdown('Services lead'),
  services: items('Services'),
  processTitle: plain('Process title'),
  processLead: markdown('Process lead'),
  process: items('Process'),
})

const AboutSchema = z.object({
  ...base,
  storyTitle: plain('Story title'),
  story: markdown('Story'),
  valuesTitle: plain('Values title'),
  values: items('Values'),
  toolsTitle: plain('Tools title'),
  toolsLead: markdown('Tools lead'),
  tools: items('Tools'),
  ctaTitle: plain('Call to action title'),
  ctaText: plain('Call to action text', 500),
})

const WebdesignSchema = z.object({
  ...base,
  stepsTitle: plain('Steps title'),
  steps: list(
    'Steps',
    z.object({
      title: plain('Title'),
      duration: plain('Duration'),
      text: markdown('Text'),
      deliverables: list('Deliverables', plain('Deliverable')),
    }),
  ),
  principlesTitle: plain('Principles title'),
  principles: items('Principles'),
  pricingTitle: plain('Pricing title'),
  pricingLead: markdown('Pricing lead'),
  pricing: items('Pricing'),
  pricingNote: markdown('Pricing note'),
  ctaTitle: plain('Call to action title'),
})

const GuideSchema = z.object({
  ...base,
  steps: list(
    'Steps',
    z.object({
      title: plain('Title'),
      body: markdown('Body'),
      image: z.object({
        src: ImageSrcSchema,
        alt: plain('Alt text', 1000),
        caption: plain('Caption', 500),
      }),
    }),
  ),
  noteTitle: plain('Note title'),
  note: markdown('Note'),
  ctaTitle: plain('Call to action title'),
  ctaText: plain('Call to action text', 500),
})

const ContactSchema = z.object({
  ...base,
  formTitle: plain('Form title'),
  formNote: plain('Form note'),
  nextTitle: plain('Next steps title'),
  nextSteps: list('Next steps', plain('Next step', 500)),
})

/** The body of PUT /api/pages/{key}, per key; unknown fields are dropped. */
export const PAGE_CONTENT_SCHEMAS = {
  home: HomeSchema,
  about: AboutSchema,
  webdesign: WebdesignSchema,
  mernRender: GuideSchema,
  dns: GuideSchema,
  contact: ContactSchema,
} as const

export type GuideContent = z.infer<typeof GuideSchema>
export type PageContent<K extends PageKey = PageKey> = z.infer<(typeof PAGE_CONTENT_SCHEMAS)[K]>

/** The answer of GET and PUT /api/pages/{key}: the content plus its key. */
export type Page<K extends PageKey = PageKey> = PageContent<K> & { key: K }

export const PageKeyParamsSchema = z.object({ key: text('Key', TITLE_MAX, { trim: false }) })

export const isPageKey = (key: string): key is PageKey =>
  (PAGE_KEYS as readonly string[]).includes(key)

/** Checked loosely on the way out: each key's own fields follow the three every page has. */
export const PageResponseSchema = z.looseObject({
  key: z.string(),
  title: z.string(),
  description: z.string(),
})
