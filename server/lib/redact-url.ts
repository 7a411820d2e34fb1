/**
 * A URL as the log shows it: the path only, since a query string carries whatever a link or a
 * visitor put there (campaign ids, search words, `?token=`), and one-time tokens travel in paths
 * too (/reset-password/TOKEN, /testimonial/TOKEN, /subscribe/TOKEN, /unsubscribe/TOKEN), so those
 * are redacted.
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/)
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  return path.replace(
    /(\/(?:reset-password|testimonial|subscribe|unsubscribe)\/)[^/]+/gi,
    '$1[redacted]',
  )
}
