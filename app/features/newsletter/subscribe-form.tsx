/**
 * The journal's newsletter sign-up, on /journal and on each post. It posts to its page's action as
 * a plain form, so it works without JavaScript; with JavaScript it posts in place and shows the
 * answer in the form as the page without JavaScript does, a brief one as a toast
 * (`data-submit-in-place` on a page rendered without React, a fetcher on a hydrated one).
 * The answer is the same whether or not the address was already subscribed.
 */
import { useEffect, useRef } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { InPlaceForm } from '#app/components/ui/in-place-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { isBriefMessage, toast } from '#app/lib/toast.tsx'
import { TEXT_LIMITS } from '#common/constants.ts'

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

export function SubscribeForm({ heading = 'Get new posts by e-mail' }: { heading?: string }) {
  const fetcher = useFetcher<SubscribeResult>()
  const documentResult = useActionData<SubscribeResult | undefined>()
  const pageResult = documentResult?.intent === SUBSCRIBE_INTENT ? documentResult : undefined
  const formRef = useRef<HTMLFormElement>(null)
  const isSending = fetcher.state !== 'idle'

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) formRef.current?.reset()
    if (isBriefMessage(fetcher.data.message))
      toast[fetcher.data.ok ? 'success' : 'error'](fetcher.data.message)
  }, [fetcher.state, fetcher.data])

  const result = fetcher.data ?? pageResult
  // The answer stays in the form, as without JavaScript; a brief one of a fetcher post is a toast.
  const shown = result && !(fetcher.data && isBriefMessage(result.message)) ? result : undefined
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
        fetcher={fetcher}
        name="subscribe"
        ref={formRef}
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
            <InputField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={TEXT_LIMITS.email}
              defaultValue={!fetcher.data ? failure?.email : undefined}
              error={emailError}
            />
          </div>
          <Button type="submit" size="lg" disabled={isSending} data-pending-label="Subscribing...">
            {isSending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </div>
      </InPlaceForm>
    </section>
  )
}
