/** Entity tags (RFC 9110 section 8.8.3): made one way, compared one way, for every route and cache. */
import { createHash } from 'node:crypto'

/** A weak tag over the content: equal tags mean the same content, not the same bytes. */
export const weakEtag = (content: string | Buffer) =>
  `W/"${createHash('sha1').update(content).digest('base64url')}"`

/**
 * `weakEtag` of `body` with every occurrence of `omit` (a page's per-render nonce) left out,
 * hashed part by part rather than decoded and rewritten as a string.
 */
export function weakEtagWithout(body: Buffer, omit: string): string {
  const hash = createHash('sha1')
  const needle = Buffer.from(omit)
  let from = 0
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    hash.update(body.subarray(from, at))
    from = at + needle.length
  }
  hash.update(body.subarray(from))
  return `W/"${hash.digest('base64url')}"`
}

/**
 * True when an If-None-Match header names the tag: weak comparison (section 13.1.2), so `W/`
 * prefixes are ignored; a list and `*` are understood.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}
