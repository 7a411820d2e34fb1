import type { ReactNode } from 'react'
import { href, NavLink, Outlet, useLoaderData, useLocation, useNavigation } from 'react-router'
import { ADMIN_SECTIONS } from '#app/components/layout/admin-sections.ts'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { getUnreadCount } from '#app/features/messages/messages.api.ts'
import { requireAdmin } from '#app/features/users/guards.ts'
import { cn } from '#app/lib/cn.ts'
import type { Route } from './+types/admin-layout'
import { HYDRATED_PAGE } from '#app/lib/static-page.ts'

/** An account or admin screen runs in the browser (clientLoader): it needs React. */
export const handle = HYDRATED_PAGE

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

const MESSAGES_PATH = href('/admin/messages')

/** The unread messages shown beside Messages; the menu still works when they cannot be counted. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  const unread = await getUnreadCount().then(
    (count) => count.unread,
    () => null,
  )
  return { unread }
}
clientLoader.hydrate = true as const

function AdminFrame({
  children,
  isBusy = false,
  unread = null,
}: {
  children: ReactNode
  isBusy?: boolean
  unread?: number | null
}) {
  const { pathname } = useLocation()
  return (
    <main id="main-content" aria-busy={isBusy} className="flex-1 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <nav aria-label="Admin sections" className="mb-8">
          <ul className="flex flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-1 shadow-sm sm:inline-flex">
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-4 py-2 text-sm font-semibold',
                      isActive || (section.editPrefix && pathname.startsWith(section.editPrefix))
                        ? 'bg-brand-700 text-white'
                        : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {section.label}
                  {section.to === MESSAGES_PATH && unread ? (
                    <>
                      {' '}
                      <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {children}
      </div>
    </main>
  )
}

export function HydrateFallback() {
  return (
    <AdminFrame isBusy>
      <Spinner />
    </AdminFrame>
  )
}

export default function AdminLayout() {
  const { unread } = useLoaderData<typeof clientLoader>()
  const navigation = useNavigation()
  const location = useLocation()
  const target = navigation.state === 'loading' ? navigation.location.pathname : null
  const isLoading = target !== null && target.startsWith('/admin/')
  // Another admin screen shows a spinner; a new page or a reload of this list dims the current one.
  const isNewScreen = isLoading && target !== location.pathname
  return (
    <AdminFrame isBusy={isLoading} unread={unread}>
      {isNewScreen ? (
        <Spinner />
      ) : (
        <div className={cn('transition-opacity', isLoading && 'opacity-60')}>
          <Outlet />
        </div>
      )}
    </AdminFrame>
  )
}
