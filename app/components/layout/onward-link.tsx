import type { ReactNode } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { SiteLink } from '#app/components/ui/site-link.tsx'

/**
 * The way on from a page or a section: one link drawn as a button, on its own line under the
 * text (to the journal from a newsletter link's page, to the full portfolio under the home page's).
 */
export function OnwardLink({
  to,
  variant = 'secondary',
  size = 'lg',
  children,
}: {
  to: string
  variant?: 'primary' | 'secondary'
  size?: 'md' | 'lg'
  children: ReactNode
}) {
  return (
    <p className="mt-8">
      <SiteLink to={to} className={buttonClasses(variant, size)}>
        {children}
      </SiteLink>
    </p>
  )
}
