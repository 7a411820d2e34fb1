/**
 * One-time tokens travel in URLs (/reset-password/TOKEN, /testimonial/TOKEN, ?token=): a logged URL
 * never carries one.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/(?:reset-password|testimonial)\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
}
