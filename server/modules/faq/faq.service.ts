/** FAQ entries: the owner's list, in order, and the /faq page's answers rendered from Markdown. */
import { FAQ_MAX_ENTRIES, FaqBodySchema, type Faq, type FaqBody } from '#common/schemas/faq.ts'
import type { FaqRow } from '#server/db/schema.ts'
import { assertCompleteOrder } from '#server/lib/complete-order.ts'
import { badRequest, notFound } from '#server/lib/http-errors.ts'
import { renderMarkdown } from '#common/markdown.ts'
import { fillSiteNames, type SiteNames } from '#common/site-names.ts'
import type { FaqRepository } from './faq.repository.ts'
import type { KeepRead } from '#server/lib/content-changes.ts'

const NOT_FOUND = 'FAQ entry not found'

const toFaq = (row: FaqRow): Faq => ({
  _id: row.id,
  question: row.question,
  answer: row.answer,
  position: row.position,
})

export function createFaqService({
  repo,
  contentChanged,
  keep,
  siteNames,
}: {
  repo: FaqRepository
  /** The owner's names the entries' placeholders are filled with (common/site-names.ts). */
  siteNames: () => Promise<SiteNames>
  /** Called once a change the FAQ page shows is stored. */
  contentChanged: () => void
  /** Keeps a public read until the content changes (server/lib/content-changes.ts). */
  keep: KeepRead
}) {
  return {
    list: async (): Promise<Faq[]> => (await repo.list()).map(toFaq),

    /**
     * The entries for /faq, the owner's names filled in and each answer as sanitised HTML
     * (rendered once per change).
     */
    listForPage: keep(
      async (): Promise<{ _id: string; question: string; answerHtml: string }[]> => {
        const names = await siteNames()
        return (await repo.list()).map((row) => ({
          _id: row.id,
          question: fillSiteNames(row.question, names),
          answerHtml: renderMarkdown(fillSiteNames(row.answer, names)),
        }))
      },
    ),

    /** Appends an entry. 400 once the list holds the most entries allowed. */
    async create(body: FaqBody): Promise<Faq> {
      if ((await repo.count()) >= FAQ_MAX_ENTRIES) {
        throw badRequest(`The FAQ holds at most ${FAQ_MAX_ENTRIES} entries`)
      }
      const faq = toFaq(await repo.insert(body))
      contentChanged()
      return faq
    },

    /** 404 when the entry does not exist. */
    async update(id: string, body: FaqBody): Promise<Faq> {
      const row = await repo.update(id, body)
      if (!row) throw notFound(NOT_FOUND)
      contentChanged()
      return toFaq(row)
    },

    /** 404 when the entry does not exist. */
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(NOT_FOUND)
      contentChanged()
    },

    /**
     * Stores `entries` unless the FAQ was ever written (first-run content): never again once the
     * owner has edited or deleted entries. Returns how many it stored.
     */
    async putFirstRun(entries: FaqBody[]): Promise<number> {
      const stored = await repo.insertFirstRun(entries.map((entry) => FaqBodySchema.parse(entry)))
      if (stored > 0) contentChanged()
      return stored
    },

    /** Sets the order. 400 unless `ids` names every entry exactly once. */
    async reorder(ids: string[]): Promise<Faq[]> {
      const current = await repo.list()
      assertCompleteOrder(
        ids,
        current.map((row) => row.id),
        'FAQ entry',
      )
      await repo.reorder(ids)
      contentChanged()
      return (await repo.list()).map(toFaq)
    },
  }
}

export type FaqService = ReturnType<typeof createFaqService>
