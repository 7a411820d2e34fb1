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
const ROOT_DATA = '/_root.data'

/**
 * The canonical spelling of a page path (no query), or undefined when it has none: the path
 * itself when it is canonical, another path to redirect to otherwise.
 */
export function canonicalPath(pathname: string): string | undefined {
  if (!pathname.startsWith('/')) return undefined
  if (pathname.endsWith(DATA_SUFFIX)) return canonicalDataPath(pathname)
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
 * React Router's data requests (`/faq.data`, `/_root.data` for the home page) have no redirect:
 * the path before `.data` must be a canonical page path itself.
 */
function canonicalDataPath(pathname: string): string | undefined {
  if (pathname === ROOT_DATA) return pathname
  const page = pathname.slice(0, -DATA_SUFFIX.length)
  if (page === '/' || page.endsWith(DATA_SUFFIX) || RESOURCE_PATHS.has(page)) return undefined
  if (canonicalPath(page) !== page) return undefined
  return pathname
}
