/**
 * The response cache's key for a URL: the path and query as they came, less the parameters that
 * only say where a visitor came from (campaign tags and ad-click ids). No page reads them (a form
 * posts to its path without the query, `action="."`), so `/?utm_source=news` is the page `/` is;
 * the visit counter still reads them from the request's own URL, so the visit keeps its campaign.
 */
const TRACKING_PARAMETER = /^(?:utm_[a-z_]+|fbclid|gclid|msclkid|ref)$/i

export function cacheKeyOf(url: string): string {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return url
  const kept = url
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      let decoded: string
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '))
      } catch {
        return true
      }
      return !TRACKING_PARAMETER.test(decoded)
    })
  const path = url.slice(0, queryAt)
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`
}
