/**
 * The owner's app frame around the admin screens and an admin's profile: a fixed side navigation
 * on a laptop, a top bar whose Menu button opens the same navigation as a sheet on a phone. The top
 * bar opens with the business's mark and name and keeps the specification's header menus (Admin
 * and the account menu) on a laptop.
 */
import {
  BookOpen,
  BriefcaseBusiness,
  CalendarClock,
  CircleHelp,
  ExternalLink,
  FileText,
  Inbox,
  LayoutDashboard,
  Contact,
  FileSignature,
  Landmark,
  type LucideIcon,
  Mail,
  Menu,
  MessageSquareQuote,
  ReceiptText,
  Settings,
  ShieldCheck,
  Sparkles,
  UserRound,
  Users,
  X,
} from 'lucide-react'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { href, Link, useLocation } from 'react-router'
import { cn } from '#app/lib/cn.ts'
import { useSession } from '#app/lib/session.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { ADMIN_GROUPS, ADMIN_SECTIONS, isInSection } from './admin-sections.ts'
import { SiteLogo } from './brand-mark.tsx'
import { DropdownMenu } from './header-menus.tsx'
import { AccountMenu, Avatar, SignOutButton } from './session-controls.tsx'
import { ADMIN_NAV } from './site-nav.ts'
import { useCloseMenus } from './use-close-menus.ts'

/** What the navigation counts beside its sections; null where a count could not be had. */
export interface ShellBadges {
  unread: number | null
  pending: number | null
}

const ICONS: Record<string, LucideIcon> = {
  [href('/admin/dashboard')]: LayoutDashboard,
  [href('/admin/setup')]: Sparkles,
  [href('/admin/users')]: Users,
  [href('/admin/websites')]: BriefcaseBusiness,
  [href('/admin/messages')]: Inbox,
  [href('/admin/booking')]: CalendarClock,
  [href('/admin/pages')]: FileText,
  [href('/admin/faq')]: CircleHelp,
  [href('/admin/posts')]: BookOpen,
  [href('/admin/testimonials')]: MessageSquareQuote,
  [href('/admin/subscribers')]: Mail,
  [href('/admin/settings')]: Settings,
  [href('/admin/clients')]: Contact,
  [href('/admin/proposals')]: FileSignature,
  [href('/admin/invoices')]: ReceiptText,
  [href('/admin/billing')]: Landmark,
}

const SECURITY_PATH = `${href('/profile')}#security`

function badgeOf(to: string, badges: ShellBadges) {
  if (to === href('/admin/messages') && badges.unread) return { count: badges.unread, of: 'unread' }
  if (to === href('/admin/testimonials') && badges.pending)
    return { count: badges.pending, of: 'pending' }
  return null
}

const itemClasses = (isCurrent: boolean) =>
  cn(
    'group flex items-center gap-3 rounded-md px-2.5 py-1.5 text-sm font-medium',
    isCurrent
      ? 'bg-brand-50 text-brand-800'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  )

function ShellLink({
  to,
  icon: Icon,
  isCurrent,
  children,
}: {
  to: string
  icon: LucideIcon
  isCurrent: boolean
  children: ReactNode
}) {
  return (
    <Link to={to} aria-current={isCurrent ? 'page' : undefined} className={itemClasses(isCurrent)}>
      <Icon
        aria-hidden="true"
        className={cn(
          'h-4 w-4 shrink-0',
          isCurrent ? 'text-brand-700' : 'text-slate-500 group-hover:text-slate-700',
        )}
      />
      {children}
    </Link>
  )
}

function SectionsNav({ badges }: { badges: ShellBadges }) {
  const { pathname } = useLocation()
  return (
    <nav aria-label="Admin sections" className="space-y-5">
      {ADMIN_GROUPS.map((group) => (
        <div key={group}>
          <p className="px-2.5 pb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {group}
          </p>
          <ul className="space-y-0.5">
            {ADMIN_SECTIONS.filter((section) => section.group === group).map((section) => {
              const badge = badgeOf(section.to, badges)
              return (
                <li key={section.to}>
                  <ShellLink
                    to={section.to}
                    icon={ICONS[section.to] ?? LayoutDashboard}
                    isCurrent={isInSection(section, pathname)}
                  >
                    <span className="min-w-0 flex-1 truncate">{section.label}</span>
                    {badge ? (
                      <>
                        {' '}
                        <span
                          className={cn(
                            'rounded-full px-1.5 py-0.5 text-xs leading-none font-semibold tabular-nums',
                            badge.of === 'unread'
                              ? 'bg-accent text-on-accent'
                              : 'bg-amber-100 text-amber-900',
                          )}
                        >
                          {badge.count}
                          <span className="sr-only"> {badge.of}</span>
                        </span>
                      </>
                    ) : null}
                  </ShellLink>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </nav>
  )
}

/**
 * The business's mark and name (from the settings, as the public header shows them), leading to
 * the dashboard: the owner's own name for their workspace, where a generic "Admin" stood. A long
 * name wraps onto a second line rather than being cut. The link is named by the text it shows, as
 * WCAG 2.5.3 asks (the mark is decoration).
 */
function ShellBrand() {
  const { businessName } = useSiteSettings()
  return (
    <Link to={href('/admin/dashboard')} className="flex min-w-0 items-center gap-2.5 rounded-md">
      <SiteLogo className="h-7 w-7 shrink-0" />
      <span
        data-shell-brand=""
        className="line-clamp-2 min-w-0 text-sm leading-tight font-semibold break-words text-slate-900"
        title={businessName}
      >
        {businessName}
      </span>
    </Link>
  )
}

/** The owner's own part: the site as visitors see it, then their account. */
function AccountPart() {
  const session = useSession()
  const { pathname, hash } = useLocation()
  const isProfile = pathname === href('/profile')
  return (
    <div className="border-t border-slate-200 px-3 py-3">
      <div className="flex items-center gap-2.5 px-2.5 pb-2">
        <Avatar name={session?.name ?? ''} className="h-8 w-8" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900" title={session?.name}>
            {session?.name}
          </p>
          <p className="truncate text-xs text-slate-600" title={session?.email}>
            {session?.email}
          </p>
        </div>
      </div>
      <ul aria-label="Your account" className="space-y-0.5">
        <li>
          <ShellLink
            to={href('/profile')}
            icon={UserRound}
            isCurrent={isProfile && hash !== '#security'}
          >
            Profile
          </ShellLink>
        </li>
        <li>
          <ShellLink
            to={SECURITY_PATH}
            icon={ShieldCheck}
            isCurrent={isProfile && hash === '#security'}
          >
            Security
          </ShellLink>
        </li>
      </ul>
    </div>
  )
}

function Sidebar({ badges }: { badges: ShellBadges }) {
  return (
    <>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        <SectionsNav badges={badges} />
      </div>
      <AccountPart />
    </>
  )
}

/** The phone's Menu button: it opens the navigation sheet. */
function MenuButton({ sheetRef }: { sheetRef: RefObject<HTMLDialogElement | null> }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => sheetRef.current?.showModal()}
      className="flex h-9 shrink-0 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 lg:hidden"
    >
      <Menu aria-hidden="true" className="h-4 w-4" />
      Menu
    </button>
  )
}

/** The phone's navigation: a modal sheet from the left, closed by its button, Escape or a link. */
function MenuSheet({
  sheetRef,
  badges,
}: {
  sheetRef: RefObject<HTMLDialogElement | null>
  badges: ShellBadges
}) {
  const location = useLocation()
  useEffect(() => {
    sheetRef.current?.close()
  }, [location.pathname, location.hash, sheetRef])
  return (
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- Escape closes a modal dialog by itself; the click adds the backdrop
    <dialog
      ref={sheetRef}
      aria-label="Admin menu"
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] flex-col bg-white text-slate-900 shadow-xl backdrop:bg-black/40 open:flex"
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself: it closes the sheet.
        if (event.target === event.currentTarget) event.currentTarget.close()
      }}
    >
      <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-4">
        <ShellBrand />
        <button
          type="button"
          onClick={() => sheetRef.current?.close()}
          className="flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Close the menu</span>
        </button>
      </div>
      <Sidebar badges={badges} />
      <div className="grid grid-cols-2 gap-2 border-t border-slate-200 px-3 py-3">
        <a
          href={href('/')}
          className="flex items-center justify-center gap-1.5 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4 text-slate-500" />
          View site
        </a>
        <SignOutButton className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50" />
      </div>
    </dialog>
  )
}

/** The laptop's top bar menus: the specification's Admin menu and the account menu. */
function HeaderMenus() {
  return (
    <nav aria-label="Main" className="ml-auto hidden items-center gap-1 lg:flex">
      <a href={href('/')} className="nav-link gap-1.5">
        <ExternalLink aria-hidden="true" className="h-4 w-4 text-slate-500" />
        View site
      </a>
      <DropdownMenu label={ADMIN_NAV.label} items={ADMIN_NAV.items} align="right" />
      <AccountMenu />
    </nav>
  )
}

function currentTitle(pathname: string) {
  if (pathname === href('/profile')) return 'Your profile'
  return ADMIN_SECTIONS.find((section) => isInSection(section, pathname))?.label ?? 'Admin'
}

/**
 * The top bar runs the full width: the brand (above the side navigation on a laptop), the screen's
 * name, the header menus; the side navigation sits below it.
 */
export function AdminShell({ badges, children }: { badges: ShellBadges; children: ReactNode }) {
  const headerRef = useRef<HTMLElement>(null)
  const sheetRef = useRef<HTMLDialogElement>(null)
  useCloseMenus(headerRef)
  const { pathname } = useLocation()
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header
        ref={headerRef}
        className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6 lg:pl-0"
      >
        <MenuButton sheetRef={sheetRef} />
        <div className="min-w-0 lg:flex lg:h-full lg:w-56 lg:shrink-0 lg:items-center lg:border-r lg:border-slate-200 lg:px-5">
          <ShellBrand />
        </div>
        <p className="hidden truncate text-sm font-medium text-slate-600 lg:block lg:pl-3">
          {currentTitle(pathname)}
        </p>
        <HeaderMenus />
      </header>
      <aside
        aria-label="Admin"
        className="fixed top-14 bottom-0 left-0 z-20 hidden w-56 flex-col border-r border-slate-200 bg-white lg:flex"
      >
        <Sidebar badges={badges} />
      </aside>
      <div className="flex min-h-[calc(100dvh-3.5rem)] min-w-0 flex-col lg:pl-56">{children}</div>
      <MenuSheet sheetRef={sheetRef} badges={badges} />
    </div>
  )
}
