import { data, redirect } from 'react-router'
import type { Route } from './+types/sign-in'
import { pageContext } from '#app/context.ts'
import { TokenPageFrame } from '#app/components/layout/token-page-frame.tsx'
import { SignInLinkForm } from '#app/features/client-room/sign-in-link-form.tsx'
import { refusalOf } from '#app/lib/public-form.server.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { tokenPageHeaders } from '#app/lib/token-page.ts'

// The address carries the link's secret token: never in search results, never kept.
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Sign in to your client room', matches) },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = tokenPageHeaders

/** Opening the mailed link spends it and opens the room; a used or expired one says so. */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const { cookie } = await context.get(pageContext).services.clientRoom.signIn(params.token)
    return redirect('/client', { status: 303, headers: { 'set-cookie': cookie } })
  } catch (error) {
    const { status, message } = refusalOf(error)
    return data({ message }, { status })
  }
}

export default function ClientSignInPage({ loaderData }: Route.ComponentProps) {
  return (
    <TokenPageFrame eyebrow="Client room" title="This sign-in link no longer works">
      <p className="mt-5 text-lg leading-8 text-slate-700">{loaderData.message}</p>
      <SignInLinkForm className="mt-8" />
    </TokenPageFrame>
  )
}
