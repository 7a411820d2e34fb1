/**
 * The one list of what is public. Everything that treats public pages alike reads it: the server's
 * cache headers and ETags and its response cache (server/plugins/web.ts), the visit counter
 * (server/lib/countable-view.ts), the sitemap, the admin's page list, the page-weight budgets and
 * the Lighthouse routes (scripts/lib/public-routes.ts). A new public page is one line here.
 */
import type { PageKey } from './schemas/pages.ts'

/** Public pages with fixed paths: rendered on the server, listed in the sitemap, counted. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/book',
  '/faq',
  '/portfolio',
  '/webdesign',
  '/mernRender',
  '/dns',
  '/privacy',
  '/journal',
] as const

/**
 * Public pages with one page per published entry (`<prefix><slug>`), and the public read that
 * lists them (its first page holds at least one entry's slug when any is public).
 */
export const PUBLIC_ENTRY_PAGES = [
  { prefix: '/website/', list: '/api/websites/search?page=1', field: 'websites' },
  { prefix: '/journal/', list: '/api/posts?page=1', field: 'posts' },
] as const

/** Public documents that are not pages a visitor reads: cached like pages, never counted. */
const PUBLIC_FILES = ['/sitemap.xml', '/robots.txt', '/journal/feed.xml'] as const

/**
 * The header by which a public page's route says the page is made for each visitor (the server
 * reads it and removes it: it never leaves the site). Nobody outside the site keeps such a page
 * (`Cache-Control: private, no-store`).
 * - `now`: the page shows something as it is at this moment (/book's free times, while booking is
 *   on), and is rendered for each request.
 * - `token=<token>`: the page is the same for everyone but for one fresh one-time token (the
 *   contact form's spam check): the response cache keeps it and puts a new token in each copy.
 */
export const VISITOR_PAGE_HEADER = 'x-visitor-page'

/** The value of VISITOR_PAGE_HEADER for a page that holds `token`. */
export const holdsToken = (token: string) => `token=${token}`

/** The token a VISITOR_PAGE_HEADER value says its page holds, if it says so. */
export const tokenHeld = (value: string | null) => /^token=(.+)$/.exec(value ?? '')?.[1]

/** Where each page the owner edits in the admin is shown. */
export const PAGE_PATHS: Record<PageKey, (typeof PUBLIC_PAGES)[number]> = {
  home: '/',
  about: '/about',
  webdesign: '/webdesign',
  mernRender: '/mernRender',
  dns: '/dns',
  contact: '/contact',
}

const FIXED = new Set<string>(PUBLIC_PAGES)
const FILES = new Set<string>(PUBLIC_FILES)

/** True for a page a visitor reads: a fixed public page or one entry's page (a canonical path). */
export function isPublicPage(pathname: string): boolean {
  if (FIXED.has(pathname)) return true
  if (FILES.has(pathname)) return false
  return PUBLIC_ENTRY_PAGES.some(({ prefix }) => {
    if (!pathname.startsWith(prefix)) return false
    const slug = pathname.slice(prefix.length)
    return slug.length > 0 && !slug.includes('/')
  })
}

/** True for everything public: the pages and the public files. */
export function isPublicPath(pathname: string): boolean {
  return FILES.has(pathname) || isPublicPage(pathname)
}
