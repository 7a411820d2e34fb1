import type { ReactNode } from 'react'
import { Spinner } from '#app/components/ui/spinner.tsx'

/** The centred card that frames the sign-in, sign-up, password and profile forms. */
export function AccountCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <main id="main-content" className="flex flex-1 justify-center bg-slate-50 px-4 py-12 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {intro ? <div className="mt-2 text-sm text-slate-600">{intro}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </main>
  )
}

/** What the server renders in place of an account form until the browser has the session. */
export function AccountFallback() {
  return (
    <main id="main-content" className="flex flex-1 justify-center bg-slate-50 px-4 py-12 sm:py-16">
      <Spinner />
    </main>
  )
}
