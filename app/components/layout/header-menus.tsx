/**
 * The header's menus: a dropdown is a <details> disclosure, so it opens without JavaScript and with
 * the keyboard; the phone menu lists the same entries in sections.
 */
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { cn } from '#app/lib/cn.ts'
import type { NavItem } from './site-nav.ts'
import { LineIcon } from '#app/components/ui/line-icon.tsx'
import { SiteNavLink } from '#app/components/ui/site-link.tsx'

function Chevron() {
  return (
    <LineIcon
      d="M5.5 7.5 10 12l4.5-4.5"
      strokeWidth={1.8}
      hasRoundJoins
      className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
    />
  )
}

export function DropdownMenu({
  label,
  summary,
  items,
  align = 'left',
  children,
}: {
  label: string
  summary?: ReactNode
  items: NavItem[]
  align?: 'left' | 'right'
  children?: ReactNode
}) {
  const { pathname } = useLocation()
  const isActive = items.some((item) => item.to === pathname)
  return (
    <details className="group relative">
      <summary className={cn('nav-summary', isActive && 'text-brand-700')}>
        {summary ?? label}
        <Chevron />
      </summary>
      <ul aria-label={label} className={cn('menu-panel', align === 'right' ? 'right-0' : 'left-0')}>
        {items.map((item) => (
          <li key={item.to}>
            <SiteNavLink to={item.to} end className="menu-item">
              {item.label}
            </SiteNavLink>
          </li>
        ))}
        {children}
      </ul>
    </details>
  )
}

export function MobileSection({ title, items }: { title?: string; items: NavItem[] }) {
  return (
    <li className="py-2">
      {title ? (
        <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </p>
      ) : null}
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <SiteNavLink to={item.to} end className="menu-item py-2.5 text-base">
              {item.label}
            </SiteNavLink>
          </li>
        ))}
      </ul>
    </li>
  )
}
