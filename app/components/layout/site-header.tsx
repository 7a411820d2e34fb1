/**
 * The site header. Menus are <details> disclosures, so they open without JavaScript and with the
 * keyboard; once hydrated, a click outside, Escape, leaving the menu or navigating closes them.
 * The header keeps a fixed height so the session's menus appearing after hydration move nothing.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Link, NavLink, href, useLocation, useNavigate } from 'react-router'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'
import { clearSession, useSession } from '#app/lib/session.ts'
import { BrandLink } from './brand-mark.tsx'

interface NavItem {
  label: string
  to: string
}
interface NavGroup {
  label: string
  items: NavItem[]
}

const MAIN_NAV: (NavItem | NavGroup)[] = [
  {
    label: 'About Us',
    items: [
      { label: 'About', to: href('/about') },
      { label: 'Contact', to: href('/contact') },
      { label: 'FAQ', to: href('/faq') },
    ],
  },
  { label: 'Portfolio', to: href('/portfolio') },
  { label: 'Web Design', to: href('/webdesign') },
  {
    label: 'Deployment',
    items: [
      { label: 'Mern Render', to: href('/mernRender') },
      { label: 'DNS Transfer Domain', to: href('/dns') },
    ],
  },
]

const ADMIN_NAV: NavGroup = {
  label: 'Admin',
  items: [
    { label: 'Website Dashboard', to: href('/admin/dashboard') },
    { label: 'Users', to: href('/admin/users') },
    { label: 'Websites', to: href('/admin/websites') },
    { label: 'Messages', to: href('/admin/messages') },
  ],
}

const PROFILE_ITEM: NavItem = { label: 'User Profile', to: href('/profile') }

const isGroup = (entry: NavItem | NavGroup): entry is NavGroup => 'items' in entry

const MOBILE_SECTIONS = MAIN_NAV.reduce<{ title?: string; items: NavItem[] }[]>(
  (sections, entry) => {
    const last = sections.at(-1)
    if (isGroup(entry)) sections.push({ title: entry.label, items: entry.items })
    else if (last && !last.title) last.items.push(entry)
    else sections.push({ items: [entry] })
    return sections
  },
  [],
)

function Chevron() {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
    >
      <path
        d="M5.5 7.5 10 12l4.5-4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function DropdownMenu({
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
            <NavLink to={item.to} end className="menu-item">
              {item.label}
            </NavLink>
          </li>
        ))}
        {children}
      </ul>
    </details>
  )
}

function SignOutButton({ className }: { className?: string }) {
  const navigate = useNavigate()
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        clearSession()
        void navigate(href('/signin'))
      }}
    >
      Sign Out
    </button>
  )
}

function UserSummary({ name }: { name: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <span className="max-w-36 truncate">{name}</span>
    </>
  )
}

function useCloseMenus(ref: RefObject<HTMLElement | null>) {
  const location = useLocation()

  useEffect(() => {
    const root = ref.current
    if (!root) return
    const openMenus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>('details[open]'))
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      const menus = openMenus()
      const innermost = menus[menus.length - 1]
      if (!innermost) return
      const hadFocus = innermost.contains(document.activeElement)
      innermost.open = false
      if (hadFocus) innermost.querySelector('summary')?.focus()
    }
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement
      if (!opened.open) return
      for (const menu of openMenus())
        if (menu !== opened && !menu.contains(opened)) menu.open = false
    }
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget
      if (!(next instanceof Node)) return
      for (const menu of openMenus()) if (!menu.contains(next)) menu.open = false
    }
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest('a')) for (const menu of openMenus()) menu.open = false
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    root.addEventListener('toggle', onToggle, true)
    root.addEventListener('focusout', onFocusOut)
    root.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
      root.removeEventListener('toggle', onToggle, true)
      root.removeEventListener('focusout', onFocusOut)
      root.removeEventListener('click', onClick)
    }
  }, [ref])

  useEffect(() => {
    for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? [])
      menu.open = false
  }, [location.pathname, location.search, ref])
}

function MobileSection({ title, items }: { title?: string; items: NavItem[] }) {
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
            <NavLink to={item.to} end className="menu-item py-2.5 text-base">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  )
}

export function SiteHeader() {
  const session = useSession()
  const ref = useRef<HTMLElement>(null)
  useCloseMenus(ref)

  return (
    <header ref={ref} className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-6 px-4 sm:px-6">
        <BrandLink />

        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          {MAIN_NAV.map((entry) =>
            isGroup(entry) ? (
              <DropdownMenu key={entry.label} label={entry.label} items={entry.items} />
            ) : (
              <NavLink key={entry.to} to={entry.to} className="nav-link">
                {entry.label}
              </NavLink>
            ),
          )}
          <div className="ml-auto flex w-72 items-center justify-end gap-1">
            {session?.isAdmin ? (
              <DropdownMenu label={ADMIN_NAV.label} items={ADMIN_NAV.items} align="right" />
            ) : null}
            {session ? (
              <DropdownMenu
                label="Account"
                summary={<UserSummary name={session.name} />}
                items={[PROFILE_ITEM]}
                align="right"
              >
                <li>
                  <SignOutButton className="menu-item" />
                </li>
              </DropdownMenu>
            ) : (
              <Link to={href('/signin')} className={buttonClasses('primary', 'sm', 'h-10 px-4')}>
                Sign In
              </Link>
            )}
          </div>
        </nav>

        <details className="group ml-auto lg:hidden">
          <summary className="flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 select-none hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5">
              <path
                className="group-open:hidden"
                d="M3 5.5h14M3 10h14M3 14.5h14"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
              <path
                className="hidden group-open:block"
                d="M5 5l10 10M15 5 5 15"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            Menu
          </summary>
          <nav
            aria-label="Main"
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-lg sm:px-6"
          >
            <ul className="divide-y divide-slate-100">
              {MOBILE_SECTIONS.map((section) => (
                <MobileSection
                  key={section.items[0]?.to}
                  title={section.title}
                  items={section.items}
                />
              ))}
              {session?.isAdmin ? (
                <MobileSection title={ADMIN_NAV.label} items={ADMIN_NAV.items} />
              ) : null}
              {session ? (
                <li className="py-2">
                  <p className="truncate px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {session.name}
                  </p>
                  <ul>
                    <li>
                      <NavLink to={PROFILE_ITEM.to} end className="menu-item py-2.5 text-base">
                        {PROFILE_ITEM.label}
                      </NavLink>
                    </li>
                    <li>
                      <SignOutButton className="menu-item py-2.5 text-base" />
                    </li>
                  </ul>
                </li>
              ) : (
                <li className="pt-4">
                  <Link
                    to={href('/signin')}
                    className={buttonClasses('primary', 'md', 'w-full py-2.5 text-base')}
                  >
                    Sign In
                  </Link>
                </li>
              )}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  )
}
