/**
 * Every Cache-Control the site sends, named once. A response takes its policy from here; nothing
 * else writes the header. The public response cache (server/plugins/response-cache.ts) keeps the
 * `public` answers of anonymous reads until the content changes (server/lib/content-changes.ts).
 */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export const CACHE_POLICY = {
  /**
   * A public page read anonymously: any cache may keep it but asks the site each time (a 304 with
   * the ETag), so every view reaches the site and is counted once by the visit statistics
   * (decision 025); the in-process response cache keeps that cheap.
   */
  publicPage: 'public, no-cache',
  /** A public page fetched with credentials: the browser may keep it but must revalidate, nobody else. */
  credentialedPage: 'private, no-cache',
  /** Account and admin shells, error pages, pages with a one-time token, form answers: kept by nobody. */
  privatePage: 'private, no-store',
  /**
   * A public API read of what the owner edits (settings, FAQ, the portfolio): every cache
   * revalidates each time (the ETag makes that cheap), so an edit shows on the next read.
   */
  publicRead: 'public, no-cache',
  /** Every other API answer (the default under /api): personal or admin data, kept by nobody. */
  privateRead: 'private, no-store',
  /** Files whose name changes with their content (the build's hashed assets, uploaded images). */
  immutableAsset: `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
  /** The build's files with fixed names (favicon, manifest): an hour. */
  staticFile: 'public, max-age=3600',
} as const
