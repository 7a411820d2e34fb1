import { data, href } from 'react-router'
import type { Route } from './+types/unsubscribe'
import { Button } from '#app/components/ui/button.tsx'
import { TokenPageFrame } from '#app/components/layout/token-page-frame.tsx'
import { pageTitle } from '#app/lib/seo.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { tokenPageHeaders } from '#app/lib/token-page.ts'
import { isLinkToken } from '#common/schemas/common.ts'
import { OnwardLink } from '#app/components/layout/onward-link.tsx'
import { pageContext } from '#app/context.ts'

const NOT_FOUND = 404

// The address carries the subscriber's token: never in search results.
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Unsubscribe', matches) },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = tokenPageHeaders

/**
 * Reads the link only: opening it unsubscribes nobody. The button posts to the same address,
 * which the server answers itself (server/modules/subscribers/unsubscribe.routes.ts, the
 * one-click unsubscribe of RFC 8058) and sends the browser back here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const link = isLinkToken(params.token)
    ? await services.subscribers.lookUpUnsubscribe(params.token)
    : ({ state: 'invalid', message: 'This unsubscribe link is not valid.' } as const)
  return data({ link, token: params.token }, { status: link.state === 'invalid' ? NOT_FOUND : 200 })
}

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { businessName } = useSiteSettings()
  const { link, token } = loaderData
  if (link.state === 'invalid') {
    return (
      <TokenPageFrame eyebrow="Newsletter" title="This link is not valid">
        <p className="mt-5 text-lg leading-8 text-slate-700">
          {link.message} Check that the address is complete, or use the link in the newest mail.
        </p>
      </TokenPageFrame>
    )
  }
  if (link.state === 'unsubscribed') {
    return (
      <TokenPageFrame eyebrow="Newsletter" title="You are unsubscribed">
        <p role="status" className="mt-5 text-lg leading-8 text-slate-700">
          No more journal posts will be sent to{' '}
          <strong className="font-semibold text-slate-900">{link.email}</strong>. Changed your mind?
          You can subscribe again on the journal.
        </p>
        <OnwardLink to={href('/journal')}>Go to the journal</OnwardLink>
      </TokenPageFrame>
    )
  }
  return (
    <TokenPageFrame eyebrow="Newsletter" title="Unsubscribe from the journal">
      <p className="mt-5 text-lg leading-8 text-slate-700">
        Press the button to stop receiving new journal posts from {businessName} at{' '}
        <strong className="font-semibold text-slate-900">{link.email}</strong>.
      </p>
      {/* A plain form, also on a hydrated page: the server answers this post itself. */}
      <form
        method="post"
        action={href('/unsubscribe/:token', { token })}
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        aria-label="Unsubscribe"
      >
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <Button type="submit" size="lg">
          Unsubscribe
        </Button>
      </form>
    </TokenPageFrame>
  )
}
