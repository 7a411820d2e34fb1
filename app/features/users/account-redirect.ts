/** The ?redirect= that the sign-in and sign-up pages both follow and hand on to each other. */
import { redirect } from 'react-router'
import { getSession } from '#app/lib/session.ts'
import { DEFAULT_REDIRECT, canVisit, landingAfterSignIn, safeRedirect } from './redirect.ts'

/** Where to go once signed in; a user already signed in goes straight there. */
export function redirectTargetOf(request: Request) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirect'))
  const session = getSession()
  // A signed-in user goes straight on, unless the page needs another account (a non-admin sent
  // here by the admin guard), which would otherwise bounce between the two pages.
  if (session && canVisit(session, redirectTo))
    throw redirect(landingAfterSignIn(session, redirectTo))
  return { redirectTo, session }
}

/** The query that carries `redirectTo` to the other page of the pair; none for the default. */
export const redirectQuery = (redirectTo: string) =>
  redirectTo === DEFAULT_REDIRECT ? '' : `?redirect=${encodeURIComponent(redirectTo)}`
