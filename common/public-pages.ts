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
] as const
