import { Form, data, href } from 'react-router'
import type { Route } from './+types/subscribe'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TokenPageFrame } from '#app/components/layout/token-page-frame.tsx'
import { refusalOf } from '#app/lib/public-form.server.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { tokenPageHeaders } from '#app/lib/token-page.ts'
import { OnwardLink } from '#app/components/layout/onward-link.tsx'
import { pageContext } from '#app/context.ts'

const NOT_FOUND = 404

// The address carries the link's secret token: never in search results.
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Confirm your subscription', matches) },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = tokenPageHeaders

/** Reads the link only: opening it (or a mail scanner prefetching it) confirms nothing. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const link = await services.subscribers.lookUpConfirmation(params.token)
  return data({ link }, { status: link.state === 'invalid' ? NOT_FOUND : 200 })
}

export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context.get(pageContext)
  try {
    const { message } = await services.subscribers.confirm(params.token)
    return data({ ok: true as const, message }, { status: 200 })
  } catch (error) {
    const { status, headers, message } = refusalOf(error)
    return data({ ok: false as const, message }, { status, headers })
  }
}

export default function SubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { businessName } = useSiteSettings()
  const { link } = loaderData
  if (actionData?.ok || link.state === 'confirmed') {
    return (
      <TokenPageFrame eyebrow="Newsletter" title="You are subscribed">
        <p role="status" className="mt-5 text-lg leading-8 text-slate-700">
          Thank you! New journal posts from {businessName} will arrive by e-mail. Every mail has a
          link to unsubscribe.
        </p>
        <OnwardLink to={href('/journal')}>Read the journal</OnwardLink>
      </TokenPageFrame>
    )
  }
  if (link.state === 'invalid') {
    return (
      <TokenPageFrame eyebrow="Newsletter" title="This link is no longer valid">
        <p className="mt-5 text-lg leading-8 text-slate-700">{link.message}</p>
        <OnwardLink to={href('/journal')} variant="primary">
          Go to the journal
        </OnwardLink>
      </TokenPageFrame>
    )
  }
  return (
    <TokenPageFrame eyebrow="Newsletter" title="Confirm your subscription">
      <p className="mt-5 text-lg leading-8 text-slate-700">
        Press the button to receive new journal posts from {businessName} at{' '}
        <strong className="font-semibold text-slate-900">{link.email}</strong>. One e-mail per post,
        nothing else.
      </p>
      <Form
        method="post"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        aria-label="Confirm the subscription"
      >
        {actionData && !actionData.ok ? (
          <div className="mb-5">
            <Alert kind="error">{actionData.message}</Alert>
          </div>
        ) : null}
        <Button type="submit" size="lg">
          Confirm
        </Button>
        <p className="mt-4 text-sm text-slate-600">
          Changed your mind? Close this page: nothing is sent unless you confirm.
        </p>
      </Form>
    </TokenPageFrame>
  )
}
