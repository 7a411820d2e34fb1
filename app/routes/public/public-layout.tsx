import {
  Outlet,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/public-layout'
import { AdminShell, type ShellBadges } from '#app/components/layout/admin-shell.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { STATIC_PAGE } from '#app/lib/static-page.ts'
import { Toaster } from '#app/lib/toast.tsx'
import type { clientLoader as adminLoader } from '#app/routes/admin/admin-layout.tsx'
import type { clientLoader as profileLoader } from '#app/routes/account/profile.tsx'
import { pageContext } from '#app/context.ts'

/** Public pages are complete as rendered: they ship no React unless a page asks (see static-page.ts). */
export const handle = STATIC_PAGE

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(pageContext)
  const [settings, hasJournal] = await Promise.all([
    services.settings.getShown(),
    services.journal.hasPublic(),
  ])
  return { publicUrl, settings, hasJournal }
}

// The public URL is fixed and the settings change only by a save: refetch after a form's
// submission (the admin's saves are submissions), never on a plain navigation.
export const shouldRevalidate = ({ formMethod }: ShouldRevalidateFunctionArgs) =>
  formMethod !== undefined && formMethod !== 'GET'

const ADMIN_LAYOUT_ID = 'routes/admin/admin-layout'
const PROFILE_ID = 'routes/account/profile'

/** The admin screens, and the profile of an admin, render in the admin shell. */
function useIsAdminFrame() {
  return useMatches().some(
    (match) =>
      match.id === ADMIN_LAYOUT_ID ||
      (match.id === PROFILE_ID &&
        !!match.loaderData &&
        typeof match.loaderData === 'object' &&
        'isAdmin' in match.loaderData &&
        match.loaderData.isAdmin === true),
  )
}

/** The admin screens' counts come with their layout; an admin's profile, outside it, reads them too. */
function useShellBadges(): ShellBadges {
  const fromLayout = useRouteLoaderData<typeof adminLoader>(ADMIN_LAYOUT_ID)
  const fromProfile = useRouteLoaderData<typeof profileLoader>(PROFILE_ID)?.badges
  return fromLayout ?? fromProfile ?? { unread: null, pending: null }
}

export default function PublicLayout() {
  const isAdminFrame = useIsAdminFrame()
  const badges = useShellBadges()
  if (isAdminFrame)
    return (
      <>
        <AdminShell badges={badges}>
          <Outlet />
        </AdminShell>
        <Toaster />
      </>
    )
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
      <Toaster />
    </div>
  )
}
