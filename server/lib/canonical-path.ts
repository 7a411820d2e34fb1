/**
 * One spelling per page. React Router resolves `.` and `..` segments, reads a backslash as a slash,
 * decodes percent-escapes before it matches, and ignores empty segments and a trailing slash, so
 * `/contact`, `/./contact`, `//contact/`, `/%63ontact` and `/x/../contact` would all run the same
 * loader and action. Every rule that hangs on a path (limits, caching, security checks) would then
 * have to know every spelling; instead, only the canonical one reaches the pages. Letter case is
 * the route table's to enforce (every route is case-sensitive, see app/routes.ts).
 */

/** `%XX` escapes of characters that never need one (RFC 3986 unreserved): written plainly. */
const ESCAPED_UNRESERVED = /%(?:4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3\d|2D|2E|5F|7E)/gi

/** Resource routes: their paths have no `.data` form. */
const RESOURCE_PATHS = new Set(['/sitemap.xml', '/robots.txt'])
const DATA_SUFFIX = '.data'
/** What follows a path that ends in a slash in its data request (`/faq/_.data` for `/faq/`). */
const SLASH_DATA_SUFFIX = '_.data'
/** The home page's data request. */
const ROOT_DATA = `/${SLASH_DATA_SUFFIX}`

/** A request path read as the page it is for. */
export interface PagePath {
  /** The page's own path: the request path itself, or the page whose data it asks for. */
  page: string
  /** True for React Router's data request (single fetch) rather than the page's document. */
  isData: boolean
}

/**
 * The page a request path is for. React Router asks for a page's data at its path and `.data`
 * (`/faq.data`), and for a path that ends in a slash at `_.data` after it: `/_.data` for the home
 * page, `/faq/_.data` for `/faq/` (a spelling no page has: canonicalPath refuses it).
 */
export function pagePathOf(pathname: string): PagePath {
  if (pathname.endsWith(`/${SLASH_DATA_SUFFIX}`))
    return { page: pathname.slice(0, -SLASH_DATA_SUFFIX.length), isData: true }
  if (pathname.endsWith(DATA_SUFFIX))
    return { page: pathname.slice(0, -DATA_SUFFIX.length), isData: true }
  return { page: pathname, isData: false }
}

/**
 * The canonical spelling of a page path (no query), or undefined when it has none: the path
 * itself when it is canonical, another path to redirect to otherwise.
 */
export function canonicalPath(pathname: string): string | undefined {
  if (!pathname.startsWith('/')) return undefined
  const { page, isData } = pagePathOf(pathname)
  if (isData) return canonicalDataPath(pathname, page)
  const segments: string[] = []
  for (const raw of pathname.replaceAll('\\', '/').split('/')) {
    const segment = raw.replace(ESCAPED_UNRESERVED, (escape) =>
      String.fromCharCode(parseInt(escape.slice(1), 16)),
    )
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/**
 * React Router's data requests (`/faq.data`, `/_.data` for the home page) have no redirect: the
 * page they are for must be a canonical page path itself, and the home page's is `/_.data` only.
 */
function canonicalDataPath(pathname: string, page: string): string | undefined {
  if (page === '/') return pathname === ROOT_DATA ? pathname : undefined
  if (page.endsWith(DATA_SUFFIX) || RESOURCE_PATHS.has(page)) return undefined
  if (canonicalPath(page) !== page) return undefined
  return pathname
}
