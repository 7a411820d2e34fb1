/**
 * Client-side guards for clientLoaders. They only decide what the browser shows: every API call is
 * still checked by the server, which answers 401 or 403 on its own.
 */
import { redirect } from 'react-router'
import type { Session } from '#common/schemas/users.ts'
import { ApiError } from './api-client.ts'
import { getSession } from './session.ts'

/** The sign-in page that comes back to `path` afterwards; slashes stay readable in the address. */
export const signInPath = (path: string) =>
  `/signin?redirect=${encodeURIComponent(path).replace(/%2F/gi, '/')}`

/** The path and query of a request, the shape ?redirect= carries. */
export function pathOf(request: Request): string {
  const url = new URL(request.url)
  return url.pathname + url.search
}

/** The session, or a redirect to sign in and come back. */
export function requireSession(request: Request): Session {
  const session = getSession()
  if (!session) throw redirect(signInPath(pathOf(request)))
  return session
}

/** An admin session, or a redirect to sign in (with another account) and come back. */
export function requireAdmin(request: Request): Session {
  const session = getSession()
  if (!session?.isAdmin) throw redirect(signInPath(pathOf(request)))
  return session
}

/** Runs a request; when the server no longer accepts the token (the api client has then cleared it), go to sign in. */
export async function withSignIn<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      throw redirect(signInPath(pathOf(request)))
    throw error
  }
}

/** An admin screen's loading: the admin session first, then `load` under `withSignIn`. */
export async function loadAsAdmin<T>(request: Request, load: () => Promise<T>): Promise<T> {
  requireAdmin(request)
  return withSignIn(request, load)
}
