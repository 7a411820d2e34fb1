import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/public-layout'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { STATIC_PAGE } from '#app/lib/static-page.ts'
import { Toaster } from '#app/lib/toast.tsx'

/** Public pages are complete as rendered: they ship no React unless a page asks (see static-page.ts). */
export const handle = STATIC_PAGE

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, hasJournal] = await Promise.all([
    context.services.settings.getShown(),
    context.services.journal.hasPublic(),
  ])
  return { publicUrl: context.publicUrl, settings, hasJournal }
}

// The public URL is fixed and the settings change only by a save: refetch after a form's
// submission (the admin's saves are submissions), never on a plain navigation.
export const shouldRevalidate = ({ formMethod }: ShouldRevalidateFunctionArgs) =>
  formMethod !== undefined && formMethod !== 'GET'

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
