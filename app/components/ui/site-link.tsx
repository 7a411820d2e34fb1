import type { AnchorHTMLAttributes } from 'react'
import { Link, useLocation } from 'react-router'
import { useIsStaticRender } from '#app/lib/static-page.ts'

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  /** On a hydrated page, load the target as a document (a feed, a file) rather than route to it. */
  reloadDocument?: boolean
}

/**
 * A link to a page of the site. Rendered for a page that ships no React (a public page), it is a
 * plain `<a>`: React Router's Link resolves its path and builds a click handler on every render,
 * which such a page never runs, for about a tenth of its render (docs/decisions/029). On a
 * hydrated page it is React Router's Link, for navigation without a page load.
 */
export function SiteLink({ to, reloadDocument, children, ...props }: SiteLinkProps) {
  return useIsStaticRender() ? (
    <a href={to} {...props}>
      {children}
    </a>
  ) : (
    <Link to={to} reloadDocument={reloadDocument} {...props}>
      {children}
    </Link>
  )
}

/**
 * A SiteLink marked `aria-current="page"` while its page is shown: with `end`, only on that very
 * path; without, on the pages under it too (the journal's entry while reading a post).
 */
export function SiteNavLink({ to, end = false, ...props }: SiteLinkProps & { end?: boolean }) {
  const { pathname } = useLocation()
  const target = to.split(/[?#]/)[0]!
  const isCurrent =
    pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`))
  return <SiteLink to={to} aria-current={isCurrent ? 'page' : undefined} {...props} />
}
