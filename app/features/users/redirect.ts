import { isSameSitePath } from '#common/same-site-path.ts'
import type { Session } from '#common/schemas/users.ts'

export const DEFAULT_REDIRECT = '/'

/**
 * The ?redirect= target to follow after signing in, or the fallback. Only same-site paths are
 * accepted: an open redirect would let a crafted link send a freshly signed-in user to another site.
 */
export function safeRedirect(
  target: string | null | undefined,
  fallback = DEFAULT_REDIRECT,
): string {
  return target && isSameSitePath(target) ? target : fallback
}

/** Where an admin lands after signing in without a ?redirect=: the dashboard, which leads with the setup. */
const ADMIN_LANDING = '/admin/dashboard'

/**
 * Where a session goes once signed in: the ?redirect= target, or for an admin who came without
 * one, the dashboard (a user, the home page).
 */
export function landingAfterSignIn(
  session: Pick<Session, 'isAdmin'>,
  target: string | null | undefined,
) {
  const path = safeRedirect(target)
  return path === DEFAULT_REDIRECT && session.isAdmin ? ADMIN_LANDING : path
}

export const isAdminPath = (path: string) =>
  path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?')

/** Whether this session may open the path, as far as the browser can tell (the server decides). */
export function canVisit(session: Session | null, path: string): boolean {
  if (isAdminPath(path)) return Boolean(session?.isAdmin)
  if (path === '/profile' || path.startsWith('/profile?')) return session !== null
  return true
}
