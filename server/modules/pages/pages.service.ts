/**
 * The editable texts of the public pages: each key answers its stored content, or its first-run
 * text (server/first-run/pages.ts) while none is stored or the stored one no longer fits.
 */
import { renderMarkdownFields } from '#common/markdown.ts'
import {
  isPageKey,
  PAGE_CONTENT_SCHEMAS,
  PAGE_KEYS,
  type Page,
  type PageContent,
  type PageKey,
} from '#common/schemas/pages.ts'
import { FIRST_RUN_PAGES } from '#server/first-run/pages.ts'
import { fillSiteNamesIn, type SiteNames } from '#common/site-names.ts'
import { badRequest, notFound } from '#server/lib/http-errors.ts'
import type { PagesRepository } from './pages.repository.ts'
import type { KeepRead } from '#server/lib/content-changes.ts'

export function createPagesService({
  repo,
  contentChanged,
  keep,
  siteNames,
}: {
  repo: PagesRepository
  /** The owner's names the texts' placeholders are filled with (common/site-names.ts). */
  siteNames: () => Promise<SiteNames>
  /** Called once a page's new content is stored. */
  contentChanged: () => void
  /** Keeps a public read until the content changes (server/lib/content-changes.ts). */
  keep: KeepRead
}) {
  function requireKey(key: string): PageKey {
    if (!isPageKey(key)) throw notFound('Page not found')
    return key
  }

  async function get<K extends PageKey>(key: K): Promise<Page<K>> {
    const stored = PAGE_CONTENT_SCHEMAS[key].safeParse(await repo.findContent(key))
    // A row written under an older shape falls back to the first-run text rather than break the page.
    const content = (stored.success ? stored.data : FIRST_RUN_PAGES[key]) as PageContent<K>
    return { ...content, key }
  }

  return {
    /** The page's content. Throws 404 for an unknown key. */
    getPage: (key: string) => get(requireKey(key)),

    /**
     * The page as its public route shows it: the owner's names filled in, Markdown fields turned
     * into safe HTML, once per change.
     */
    getRendered: keep(
      async (key: PageKey) =>
        renderMarkdownFields(fillSiteNamesIn(await get(key), await siteNames())),
      (key) => key,
    ) as <K extends PageKey>(key: K) => Promise<Page<K>>,

    /**
     * Replaces the page's content. Throws 404 for an unknown key, 400 naming the first invalid field.
     */
    async updatePage(key: string, body: unknown): Promise<Page> {
      const pageKey = requireKey(key)
      const parsed = PAGE_CONTENT_SCHEMAS[pageKey].safeParse(body)
      if (!parsed.success) {
        const [issue] = parsed.error.issues
        const field = issue?.path.join('.')
        throw badRequest(issue?.message ?? 'Invalid page', { field })
      }
      await repo.upsert(pageKey, parsed.data)
      contentChanged()
      return { ...parsed.data, key: pageKey } as Page
    },

    /** Stores each page's text unless that page was ever stored (first-run content); the keys it stored. */
    async putFirstRun(texts: typeof FIRST_RUN_PAGES): Promise<PageKey[]> {
      const stored: PageKey[] = []
      for (const key of PAGE_KEYS) {
        if (await repo.insertIfAbsent(key, PAGE_CONTENT_SCHEMAS[key].parse(texts[key]))) {
          stored.push(key)
        }
      }
      if (stored.length > 0) contentChanged()
      return stored
    },
  }
}

export type PagesService = ReturnType<typeof createPagesService>
