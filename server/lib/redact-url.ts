/**
 * A URL as the log shows it: the path only, since a query string carries whatever a link or a
 * visitor put there (campaign ids, search words, `?token=`), and one-time tokens travel in paths
 * too (/reset-password/TOKEN, /testimonial/TOKEN, /subscribe/TOKEN, /unsubscribe/TOKEN, a booked
 * call's /booking/TOKEN and /api/booking/TOKEN/..., the owner's /api/booking/feed/KEY.ics), so those
 * are redacted.
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/)
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  return path
    .replace(/(\/(?:reset-password|testimonial|subscribe|unsubscribe)\/)[^/]+/gi, '$1[redacted]')
    .replace(/(\/booking\/feed\/)[^/]+/gi, '$1[redacted]')
    .replace(/(\/booking\/)(?!(?:slots|admin|feed|busy)(?:\/|$))[^/]+/gi, '$1[redacted]')
}
