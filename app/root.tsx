import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { pageContext } from './context.ts'
import { useSiteSettings } from './lib/site-settings.ts'
import { STATIC_PAGE_SCRIPT, StaticRenderContext, useIsStaticPage } from './lib/static-page.ts'
import { fontPreloads, iconLinks, themeCss } from './lib/theme.ts'
import stylesheet from './styles/app.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.get(pageContext).cspNonce }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = data?.nonce || undefined
  const isStatic = useIsStaticPage()
  // The owner's look, from the settings every page's layout loads (first-run values on an error page).
  const settings = useSiteSettings()
  return (
    <html lang="en" data-scheme={settings.colorScheme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={settings.accentColor} />
        <Meta />
        {fontPreloads(settings).map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="" />
        ))}
        <Links nonce={nonce} />
        <style dangerouslySetInnerHTML={{ __html: themeCss(settings) }} />
        {iconLinks(settings.logo).map((link) => (
          <link key={link.rel} {...link} />
        ))}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        <StaticRenderContext value={isStatic}>{children}</StaticRenderContext>
        {!isStatic ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STATIC_PAGE_SCRIPT }} />
        )}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong'
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">Please try again, or go back to the home page.</p>
      <a className="mt-6 inline-block text-brand-700 underline" href="/">
        Home
      </a>
    </main>
  )
}
