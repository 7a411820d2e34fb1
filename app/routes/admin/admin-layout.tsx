import type { ReactNode } from 'react'
import { Outlet, useNavigation, useLocation } from 'react-router'
import type { ShellBadges } from '#app/components/layout/admin-shell.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { getUnreadCount } from '#app/features/messages/messages.api.ts'
import { listTestimonialsForAdmin } from '#app/features/testimonials/testimonials.api.ts'
import { requireAdmin } from '#app/lib/guards.ts'
import { cn } from '#app/lib/cn.ts'
import type { Route } from './+types/admin-layout'
import { HYDRATED_PAGE } from '#app/lib/static-page.ts'

/** An account or admin screen runs in the browser (clientLoader): it needs React. */
export const handle = HYDRATED_PAGE

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

/**
 * The counts beside Messages (unread) and Testimonials (waiting for approval) in the admin shell;
 * the navigation still works when they cannot be counted.
 */
export async function loadShellBadges(): Promise<ShellBadges> {
  const [unread, pending] = await Promise.all([
    getUnreadCount().then(
      (count) => count.unread,
      () => null,
    ),
    listTestimonialsForAdmin().then(
      ({ testimonials }) => testimonials.filter((item) => item.status === 'pending').length,
      () => null,
    ),
  ])
  return { unread, pending }
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return loadShellBadges()
}
clientLoader.hydrate = true as const

/** The admin screens' column: the shell (public layout) draws the navigation around it. */
function AdminMain({ children, isBusy = false }: { children: ReactNode; isBusy?: boolean }) {
  return (
    <main id="main-content" aria-busy={isBusy} className="min-w-0 flex-1">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">{children}</div>
    </main>
  )
}

export function HydrateFallback() {
  return (
    <AdminMain isBusy>
      <Spinner />
    </AdminMain>
  )
}

export default function AdminLayout() {
  const navigation = useNavigation()
  const location = useLocation()
  const target = navigation.state === 'loading' ? navigation.location.pathname : null
  const isLoading = target !== null && target.startsWith('/admin/')
  // Another admin screen shows a spinner; a new page or a reload of this list dims the current one.
  const isNewScreen = isLoading && target !== location.pathname
  return (
    <AdminMain isBusy={isLoading}>
      {isNewScreen ? (
        <Spinner />
      ) : (
        <div className={cn('transition-opacity', isLoading && 'opacity-60')}>
          <Outlet />
        </div>
      )}
    </AdminMain>
  )
}
