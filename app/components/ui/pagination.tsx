import { cn } from '#app/lib/cn.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'

export type PageLink = { page: number; isCurrent: boolean } | { gap: 'before' | 'after' }

/**
 * The ?page=n links of a list: the first and last pages, the pages around the current one,
 * and a gap marker where pages are left out (so 100 pages never make 100 links).
 */
export function pageLinks(pages: number, current: number, around = 2): PageLink[] {
  const links: PageLink[] = []
  for (let page = 1; page <= pages; page++) {
    const shown = page === 1 || page === pages || Math.abs(page - current) <= around
    if (shown) links.push({ page, isCurrent: page === current })
    else if (page < current && page === 2) links.push({ gap: 'before' })
    else if (page > current && page === pages - 1) links.push({ gap: 'after' })
  }
  return links
}

const linkClasses =
  'inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium'

export function Pagination({
  basePath,
  pages,
  page,
  label = 'Pages',
}: {
  basePath: string
  pages: number
  page: number
  label?: string
}) {
  if (pages <= 1) return null
  // basePath may carry a query of its own (a search, a filter).
  const to = (n: number) => `${basePath}${basePath.includes('?') ? '&' : '?'}page=${n}`
  const step = (n: number, text: string, rel: 'prev' | 'next') => (
    <li>
      <SiteLink
        to={to(n)}
        rel={rel}
        className={cn(linkClasses, 'border-slate-300 text-slate-800 hover:bg-slate-50')}
      >
        {text}
      </SiteLink>
    </li>
  )
  return (
    <nav aria-label={label} className="mt-8 flex justify-center">
      <ul className="flex items-center justify-center gap-2">
        {page > 1 && page <= pages && step(page - 1, 'Previous', 'prev')}
        {pageLinks(pages, page).map((link) =>
          'gap' in link ? (
            <li key={link.gap} aria-hidden="true" className="hidden px-1 text-slate-500 sm:block">
              …
            </li>
          ) : (
            <li key={link.page} className="hidden sm:block">
              <SiteLink
                to={to(link.page)}
                aria-current={link.isCurrent ? 'page' : undefined}
                aria-label={`Page ${link.page}`}
                className={cn(
                  linkClasses,
                  link.isCurrent
                    ? 'border-accent bg-accent text-on-accent'
                    : 'border-slate-300 text-slate-800 hover:bg-slate-50',
                )}
              >
                {link.page}
              </SiteLink>
            </li>
          ),
        )}
        {/* A phone has no room for the page numbers: it gets where it is, and the two steps. */}
        <li className="px-2 text-sm text-slate-700 sm:hidden">
          Page {Math.min(page, pages)} of {pages}
        </li>
        {page < pages && step(page + 1, 'Next', 'next')}
      </ul>
    </nav>
  )
}
