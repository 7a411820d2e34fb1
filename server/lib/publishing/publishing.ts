/**
 * The rules every published content type shares, whatever it publishes: a new draft's slug, the
 * slug following the title until the owner sets one or publishes, old slugs leading to the current
 * one, a taken slug answered 409, paging and "not found". A content type's service keeps only its
 * own rules (the journal's scheduling, the portfolio's order).
 */
import { SLUG_PATTERN } from '#common/schemas/publishing.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { conflict, notFound, type HttpError } from '#server/lib/http-errors.ts'
import { pageCount, pageWindow, type PageWindow } from '#server/lib/pagination.ts'
import { isSlugStillAutomatic, nextFreeSlug } from '#server/lib/slugs.ts'
import { slugify } from '#common/slugs.ts'

/** How often creating a draft retries when another one took its slug at the same moment. */
const DRAFT_ATTEMPTS = 5

interface SlugLookups<Row> {
  findBySlug: (slug: string) => Promise<Row | undefined>
  findByPreviousSlug: (slug: string) => Promise<Row | undefined>
  slugsStartingWith: (base: string) => Promise<string[]>
}

/** Where a public slug leads: the row itself, or (after a rename) its current slug. */
export type SlugLookup<Entry> = Entry | { movedTo: string }

export function createPublishing<Row extends { slug: string; isSlugAutomatic: boolean }>({
  noun,
  defaultSlug,
  rows,
}: {
  /** What the content type calls one entry, as a message starts it: "Post", "Website". */
  noun: string
  /** The slug a draft without a title starts from ("new-post"). */
  defaultSlug: string
  rows: SlugLookups<Row>
}) {
  const slugTaken = `Slug is already used by another ${noun.toLowerCase()}`

  /** A free slug made from `title` (else the default); `ownSlug` counts as free. */
  async function freeSlugFor(title: string, ownSlug?: string): Promise<string> {
    const base = slugify(title, defaultSlug)
    const taken = await rows.slugsStartingWith(base)
    return nextFreeSlug(
      base,
      taken.filter((slug) => slug !== ownSlug),
    )
  }

  const notFoundError = (): HttpError => notFound(`${noun} not found`)

  async function publicRow(slug: string, isPublic: (row: Row) => boolean): Promise<Row> {
    const row = SLUG_PATTERN.test(slug)
      ? ((await rows.findBySlug(slug)) ?? (await rows.findByPreviousSlug(slug)))
      : undefined
    if (!row || !isPublic(row)) throw notFoundError()
    return row
  }

  return {
    notFound: notFoundError,

    /** The write's result; a slug another entry holds answers 409. */
    async stored<T>(write: Promise<T>): Promise<T> {
      try {
        return await write
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(slugTaken)
        throw error
      }
    },

    /**
     * Inserts a draft under the first free slug made from `title` (else the default), which then
     * follows the title. Two admins creating at once both succeed: a lost race retries.
     */
    async insertDraft(title: string, insert: (slug: string) => Promise<Row>): Promise<Row> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await insert(await freeSlugFor(title))
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= DRAFT_ATTEMPTS) throw error
        }
      }
    },

    /**
     * The slug a save stores: the one asked for, unless the entry's slug still follows its title
     * (then a free one made from the new title, following it while the entry stays a draft).
     */
    async slugOnSave(
      current: Row,
      requested: string,
      title: string,
      staysDraft: boolean,
    ): Promise<{ slug: string; isSlugAutomatic: boolean }> {
      if (!isSlugStillAutomatic(current, requested))
        return { slug: requested, isSlugAutomatic: false }
      return { slug: await freeSlugFor(title, current.slug), isSlugAutomatic: staysDraft }
    },

    /** The entry a visitor may see at `slug` (an old slug finds it too). Throws 404. */
    publicRow,

    /**
     * For an entry's public page: what `build` makes of the entry at `slug`, or where a renamed
     * entry now lives. Throws 404.
     */
    async lookUpPublic<Entry>(
      slug: string,
      isPublic: (row: Row) => boolean,
      build: (row: Row) => Promise<Entry>,
    ): Promise<SlugLookup<Entry>> {
      const row = await publicRow(slug, isPublic)
      return row.slug === slug ? build(row) : { movedTo: row.slug }
    },
  }
}

/** One page of rows and how many pages there are, read at once. */
export async function readPage<Row>(
  page: number,
  size: number,
  read: (window: PageWindow) => Promise<Row[]>,
  countAll: () => Promise<number>,
): Promise<{ rows: Row[]; total: number; page: number; pages: number }> {
  const [rows, total] = await Promise.all([read(pageWindow(page, size)), countAll()])
  return { rows, total, page, pages: pageCount(total, size) }
}
