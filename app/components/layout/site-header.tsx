/**
 * The site header: the brand, the menus (`site-nav.ts` lists them, `header-menus.tsx` draws them,
 * `use-close-menus.ts` closes them) and the session's entries. On a page that ships no React the
 * session's entries are inert templates that the page's script puts in place (showStoredSession in
 * page-behaviour.ts). It keeps a fixed height so the session's menus appearing move nothing.
 */
import { useRef, type ReactNode } from 'react'
import { href } from 'react-router'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useSession } from '#app/lib/session.ts'
import { useIsStaticPage } from '#app/lib/static-page.ts'
import { BrandLink } from './brand-mark.tsx'
import { DropdownMenu, MobileSection } from './header-menus.tsx'
import { useJournalLinks, useSiteSettings } from '#app/lib/site-settings.ts'
import { ADMIN_NAV, PROFILE_ITEM, isGroup, mainNav, mobileSections } from './site-nav.ts'
import { AccountMenu, SignOutButton } from './session-controls.tsx'
import { useCloseMenus } from './use-close-menus.ts'
import { SiteLink, SiteNavLink } from '#app/components/ui/site-link.tsx'

/**
 * Entries for a signed-in visitor (or an admin). React shows them from the session; a static page's
 * server render cannot know the session, so it keeps them in a template for the page's script.
 */
function SessionOnly({ when, children }: { when: 'signed-in' | 'admin'; children: ReactNode }) {
  const session = useSession()
  if (useIsStaticPage()) return <template data-session={when}>{children}</template>
  return (when === 'admin' ? session?.isAdmin : session) ? children : null
}

/** The owner's one filled button (settings `headerButton`): a page of the site, or an address. */
function HeaderButton({
  label,
  href: to,
  className,
}: {
  label: string
  href: string
  className: string
}) {
  return to.startsWith('/') ? (
    <SiteLink to={to} className={className}>
      {label}
    </SiteLink>
  ) : (
    <a href={to} className={className}>
      {label}
    </a>
  )
}

export function SiteHeader() {
  const session = useSession()
  const ref = useRef<HTMLElement>(null)
  useCloseMenus(ref)
  const { menu, headerButton } = useSiteSettings()
  const nav = mainNav(menu, useJournalLinks().header)

  return (
    <header ref={ref} className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-4 px-4 sm:px-6 xl:gap-6">
        <BrandLink />

        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          {nav.map((entry) =>
            isGroup(entry) ? (
              <DropdownMenu key={entry.label} label={entry.label} items={entry.items} />
            ) : (
              <SiteNavLink key={entry.to} to={entry.to} className="nav-link">
                {entry.label}
              </SiteNavLink>
            ),
          )}
          <div className="ml-auto flex w-80 items-center justify-end gap-1 xl:w-96">
            <SessionOnly when="admin">
              <DropdownMenu label={ADMIN_NAV.label} items={ADMIN_NAV.items} align="right" />
            </SessionOnly>
            <SessionOnly when="signed-in">
              <AccountMenu />
            </SessionOnly>
            {session ? null : (
              <SiteLink to={href('/signin')} className="nav-link" data-session="signed-out">
                Sign In
              </SiteLink>
            )}
            <HeaderButton
              {...headerButton}
              className={buttonClasses('primary', 'sm', 'ml-2 h-10 px-4 whitespace-nowrap')}
            />
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
              {mobileSections(nav).map((section) => (
                <MobileSection
                  key={section.items[0]?.to}
                  title={section.title}
                  items={section.items}
                />
              ))}
              <SessionOnly when="admin">
                <MobileSection title={ADMIN_NAV.label} items={ADMIN_NAV.items} />
              </SessionOnly>
              <SessionOnly when="signed-in">
                <li className="py-2">
                  <p
                    className="truncate px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                    data-session-name=""
                  >
                    {session?.name}
                  </p>
                  <ul>
                    <li>
                      <SiteNavLink to={PROFILE_ITEM.to} end className="menu-item py-2.5 text-base">
                        {PROFILE_ITEM.label}
                      </SiteNavLink>
                    </li>
                    <li>
                      <SignOutButton className="menu-item py-2.5 text-base" />
                    </li>
                  </ul>
                </li>
              </SessionOnly>
              {session ? null : (
                <li className="py-2" data-session="signed-out">
                  <SiteLink to={href('/signin')} className="menu-item py-2.5 text-base">
                    Sign In
                  </SiteLink>
                </li>
              )}
              <li className="pt-4">
                <HeaderButton
                  {...headerButton}
                  className={buttonClasses('primary', 'md', 'w-full py-2.5 text-base')}
                />
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  )
}
