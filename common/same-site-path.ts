/**
 * The one rule for a path of this site that comes from outside the code: the header button the
 * owner sets, the ?redirect= a sign-in link carries. Such a path ends up in an href or a redirect,
 * where anything a browser reads as another host would take the visitor off the site: a second
 * slash or a backslash after the first (`//host`, `/\host`: browsers read a backslash as a slash),
 * a tab or line break between them (browsers drop those), dot segments that leave one
 * (`/..//host`), or the same spelt in percent-escapes (`/%5Chost`, which whatever decodes the path
 * next reads as `/\host`).
 */
const BASE = 'http://site.invalid'

/** Whitespace and control characters, which browsers drop or read differently, and backslashes. */
const UNSAFE_CHARACTER = /[\s\\\p{Cc}]/u

function staysOnSite(path: string): boolean {
  try {
    const url = new URL(path, BASE)
    return url.origin === BASE && !url.pathname.startsWith('//')
  } catch {
    return false
  }
}

/**
 * Whether `path` is a path of this site (a query and a fragment allowed) that no reader takes for
 * another host.
 */
export function isSameSitePath(path: string): boolean {
  if (!path.startsWith('/') || UNSAFE_CHARACTER.test(path)) return false
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return false
  }
  return staysOnSite(path) && staysOnSite(decoded)
}
