/**
 * The journal's newsletter sign-up, on /journal and on each post. It posts to its page's action as
 * a plain form, so it works without JavaScript; with JavaScript it posts in place and shows the
 * answer in the form as the page without JavaScript does, a brief one as a toast
 * (`data-submit-in-place` on a page rendered without React, a fetcher on a hydrated one).
 * The answer is the same whether or not the address was already subscribed.
 */
import { useActionData } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { InPlaceForm, useInPlaceForm } from '#app/components/ui/in-place-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { VisitorEmailField } from '#app/components/ui/visitor-fields.tsx'

/** The hidden field that says which form a page's post came from. */
export const SUBSCRIBE_INTENT = 'subscribe'

export type SubscribeResult =
  | { intent: typeof SUBSCRIBE_INTENT; ok: true; message: string }
  | {
      intent: typeof SUBSCRIBE_INTENT
      ok: false
      message: string
      fieldErrors: Partial<Record<'email', string>>
      email: string
    }

const messageOf = (result: SubscribeResult) => result.message

export function SubscribeForm({ heading = 'Get new posts by e-mail' }: { heading?: string }) {
  const inPlace = useInPlaceForm(messageOf)
  const { fetcher } = inPlace
  const documentResult = useActionData<SubscribeResult | undefined>()
  const pageResult = documentResult?.intent === SUBSCRIBE_INTENT ? documentResult : undefined

  const result = fetcher.data ?? pageResult
  // The answer stays in the form, as without JavaScript; a brief one of a fetcher post is a toast.
  const shown = result && !inPlace.isToasted ? result : undefined
  const failure = result && !result.ok ? result : undefined
  const emailError = failure?.fieldErrors.email
  return (
    <section
      aria-labelledby="subscribe-heading"
      className="rounded-2xl border border-brand-100 bg-brand-50/60 p-6 sm:p-8"
    >
      <h2 id="subscribe-heading" className="text-xl font-bold tracking-tight text-slate-900">
        {heading}
      </h2>
      <p className="mt-2 text-slate-700">
        One e-mail when a new post comes out, nothing else. Confirm once by e-mail; every mail has
        an unsubscribe link, and no mail is tracked.
      </p>
      <InPlaceForm
        inPlace={inPlace}
        name="subscribe"
        className="mt-5"
        aria-label="Subscribe to the journal"
      >
        {shown ? (
          <div data-outcome={shown.ok ? 'success' : 'error'} className="mb-4">
            <Alert kind={shown.ok ? 'success' : 'error'}>{shown.message}</Alert>
          </div>
        ) : null}
        <input type="hidden" name="intent" value={SUBSCRIBE_INTENT} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <VisitorEmailField
              defaultValue={!fetcher.data ? failure?.email : undefined}
              error={emailError}
            />
          </div>
          <Button
            type="submit"
            size="lg"
            disabled={inPlace.isSending}
            data-pending-label="Subscribing..."
          >
            {inPlace.isSending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </div>
      </InPlaceForm>
    </section>
  )
}
