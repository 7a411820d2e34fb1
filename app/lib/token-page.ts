/**
 * The headers of every page a mailed link opens (a proposal, an invoice, a booking, a testimonial
 * request, a newsletter confirmation): the address carries the link's secret token, so no answer
 * is indexed or kept by a cache, and a refused post's own headers (Retry-After) reach the client.
 */
export function tokenPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers(actionHeaders)
  headers.set('x-robots-tag', 'noindex')
  headers.set('cache-control', 'private, no-store')
  return headers
}
