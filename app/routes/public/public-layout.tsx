import { Outlet } from 'react-router'
import type { Route } from './+types/public-layout'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { Toaster } from '#app/lib/toast.tsx'

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl }
}

// The public URL is fixed for the life of the process: never refetch it on navigation.
export const shouldRevalidate = () => false

export default function PublicLayout() {
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
