import { isRouteErrorResponse, Link } from 'react-router'
import { messageOf } from '#app/lib/api-client.ts'
import { Alert } from './alert.tsx'

/** A route's error state: its heading and the server's message in a red alert. */
export function ErrorState({
  title,
  error,
  back,
}: {
  title: string
  error: unknown
  back?: { to: string; label: string }
}) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : messageOf(error)
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <Alert kind="error" className="mt-6">
        {message}
      </Alert>
      {back ? (
        <Link
          to={back.to}
          className="mt-4 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {back.label}
        </Link>
      ) : null}
    </section>
  )
}
