import type { ReactNode } from 'react'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { TagFilter } from '#app/components/ui/tag-filter.tsx'
import { tagPath } from '#app/lib/published-pages.ts'
import type { TagCount } from '#common/schemas/tags.ts'

/**
 * The body of a published content type's public list (the portfolio, the journal): the tag filter,
 * how many entries match, the entries (or an empty state) and the page links.
 */
export function PublishedList({
  basePath,
  tags,
  tag,
  total,
  count,
  isEmpty,
  page,
  pages,
  words,
  children,
}: {
  basePath: string
  tags: TagCount[]
  /** The tag the list is filtered by. */
  tag: string | undefined
  /** How many entries there are without a filter. */
  total: number
  /** How many entries match the filter. */
  count: number
  /** Whether this page shows no entry. */
  isEmpty: boolean
  page: number
  pages: number
  words: {
    filter: string
    one: string
    many: string
    /** "tagged", "with": how the count line names the filter. */
    taggedWith: string
    empty: string
    /** The empty state's line under a filter. */
    emptyWith: (tag: string) => string
    pagination: string
  }
  /** The entries, laid out by the page. */
  children: ReactNode
}) {
  return (
    <>
      <div className="mb-8 empty:hidden">
        <TagFilter
          basePath={basePath}
          tags={tags}
          current={tag}
          total={total}
          label={words.filter}
        />
      </div>
      {isEmpty ? (
        <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <p className="text-lg font-semibold text-slate-900">{words.empty}</p>
          {tag ? <p className="mt-2 text-slate-700">{words.emptyWith(tag)}</p> : null}
        </div>
      ) : (
        <>
          <p className="mb-8 text-sm text-slate-600" aria-live="polite">
            {count} {count === 1 ? words.one : words.many}
            {tag ? ` ${words.taggedWith} ${tag}` : ''}
            {pages > 1 ? ` · page ${page} of ${pages}` : ''}
          </p>
          {children}
        </>
      )}
      <Pagination
        basePath={tagPath(basePath, tag)}
        pages={pages}
        page={page}
        label={words.pagination}
      />
    </>
  )
}
