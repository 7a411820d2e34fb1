/** Reset tokens travel in URLs (/reset-password/TOKEN, ?token=): a logged URL never carries one. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
}
