/**
 * The public pages with fixed paths: rendered on the server, cacheable by shared caches, listed in
 * the sitemap and measured by the page-weight and Lighthouse scripts. Each portfolio entry adds
 * one more public page at /website/<slug>.
 */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/portfolio',
  '/webdesign',
  '/mernRender',
  '/dns',
  '/privacy',
  '/journal',
] as const

/**
 * Public pages whose form carries a one-time token (the contact form's spam check): each visitor
 * needs a page of their own, so nobody (no shared cache, no browser) keeps a copy.
 */
export const PER_VISITOR_PAGES: readonly string[] = ['/contact']
