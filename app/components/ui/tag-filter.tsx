import type { TagCount } from '#common/schemas/tags.ts'
import { cn } from '#app/lib/cn.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'
import { tagPath } from '#app/lib/published-pages.ts'

const chip =
  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

/**
 * Links filtering a list by tag, each with its count, and one for everything: plain links, so the
 * filter works without JavaScript; the current one is marked for assistive technology.
 */
export function TagFilter({
  basePath,
  tags,
  current,
  total,
  label,
}: {
  basePath: string
  tags: TagCount[]
  current: string | undefined
  /** How many entries there are without a filter. */
  total?: number
  label: string
}) {
  if (tags.length === 0) return null
  const isCurrent = (tag: string | undefined) =>
    tag === undefined ? current === undefined : tag.toLowerCase() === current?.toLowerCase()
  const item = (tag: string | undefined, text: string, count?: number) => (
    <li key={tag ?? ''}>
      <SiteLink
        to={tagPath(basePath, tag)}
        aria-current={isCurrent(tag) ? 'page' : undefined}
        className={cn(
          chip,
          isCurrent(tag)
            ? 'border-accent bg-accent text-on-accent'
            : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700',
        )}
      >
        {text}
        {count !== undefined ? (
          <>
            <span
              aria-hidden="true"
              className={cn('text-xs', isCurrent(tag) ? 'text-on-accent' : 'text-slate-600')}
            >
              {count}
            </span>
            <span className="sr-only">({count})</span>
          </>
        ) : null}
      </SiteLink>
    </li>
  )
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {item(undefined, 'All', total)}
        {tags.map(({ tag, count }) => item(tag, tag, count))}
      </ul>
    </nav>
  )
}

/** A list of tags, each a link to the list filtered by it. */
export function TagLinks({
  basePath,
  tags,
  label,
}: {
  basePath: string
  tags: string[]
  label: string
}) {
  if (tags.length === 0) return null
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <SiteLink
            to={tagPath(basePath, tag)}
            className={cn(
              chip,
              'border-slate-200 bg-slate-50 py-1 text-slate-800 hover:border-brand-600 hover:text-brand-700',
            )}
          >
            {tag}
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}
