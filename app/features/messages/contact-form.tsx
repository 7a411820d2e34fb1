/**
 * The contact form. It posts to the contact route's action as a plain form, so it works without
 * JavaScript. With JavaScript it posts in place, shows Sending..., toasts a brief outcome (a longer
 * one stays in the form, as without JavaScript) and clears itself on success: on the page as the server sends it, through the static pages' script
 * (`data-submit-in-place`, submitFormsInPlace in page-behaviour.ts); rendered by React (reached by a
 * link from a signed-in screen), through a fetcher. Validation here is only the browser's own
 * (required, type=email): the action validates with the shared schema and its messages are shown
 * beside the fields.
 */
import { useId, useState, type ReactNode } from 'react'
import { useActionData } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { InPlaceForm, useInPlaceForm } from '#app/components/ui/in-place-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { CheckBadge } from '#app/components/ui/check-badge.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { InquiryQuestions } from '#app/components/ui/inquiry-questions.tsx'
import { VisitorEmailField } from '#app/components/ui/visitor-fields.tsx'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD, TEXT_LIMITS } from '#common/constants.ts'
import type { ContactBody } from '#common/schemas/messages.ts'
import { StepNumber } from '#app/components/ui/step-number.tsx'

export const CONTACT_SUCCESS = 'Success, message sent!'
export const CONTACT_FAILURE = 'Message not sent'

/** What the visitor reads when a message is refused. */
const failureText = (result: { detail?: string }) =>
  result.detail ? `${CONTACT_FAILURE}: ${result.detail}` : CONTACT_FAILURE

/** The answer's words, as a toast says them. */
const outcomeText = (result: ContactResult) => (result.ok ? CONTACT_SUCCESS : failureText(result))

export type ContactField = 'fullName' | 'email' | 'subject' | 'message'
export type InquiryField = 'projectType' | 'budget' | 'timeline' | 'website'
export const INQUIRY_FIELDS: InquiryField[] = ['projectType', 'budget', 'timeline', 'website']

/** The fields of the form's own; the e-mail is every public form's VisitorEmailField. */
type TextField = Exclude<ContactField, 'email'>

const MAX_LENGTH: Record<TextField, number> = {
  fullName: TEXT_LIMITS.name,
  subject: TEXT_LIMITS.subject,
  message: TEXT_LIMITS.message,
}

export type ContactResult =
  | {
      ok: true
      message: string
      fullName: string
      email: string
      /** Whether an acknowledgement with a copy of the message goes to `email`. */
      acknowledged: boolean
    }
  | {
      ok: false
      message: string
      detail?: string
      fieldErrors: Partial<Record<ContactField | InquiryField, string>>
      values: Partial<ContactBody>
    }

/**
 * `formToken` is the signed time the page was served (see the server's contact-token.ts); it goes
 * back in a hidden field, with the honeypot, so both work without JavaScript.
 */
export function ContactForm({
  formToken,
  nextTitle = 'What happens next',
  nextSteps = [],
}: {
  formToken: string
  /** What happens after a message, as the contact page's texts say it. */
  nextTitle?: string
  nextSteps?: string[]
}) {
  const { inquiry, ownerName, responseTime, booking } = useSiteSettings()
  // "Send another message" on a page React renders: the confirmation of the last result goes.
  const [dismissed, setDismissed] = useState<ContactResult | undefined>()
  const inPlace = useInPlaceForm(outcomeText)
  const { fetcher } = inPlace
  // A post without JavaScript comes back as the page's action data and is shown in an alert; a
  // fetcher post's brief outcome is announced by a toast instead, so it never appears twice.
  const documentResult = useActionData<ContactResult>()
  const result = fetcher.data ?? documentResult

  const success = result?.ok && result !== dismissed ? result : undefined
  const failure = result && !result.ok ? result : undefined
  const isFailureShown = !!failure && !inPlace.isToasted
  const errors = failure?.fieldErrors ?? {}
  const values = failure?.values ?? {}
  const field = fieldPropsOf(values, errors)
  const fieldProps = (name: TextField) => ({
    ...field(name),
    required: true,
    maxLength: MAX_LENGTH[name],
  })

  return (
    <InPlaceForm
      inPlace={inPlace}
      name="contact"
      className="relative space-y-5"
      aria-label="Contact form"
    >
      {success ? (
        <ContactConfirmation
          fullName={success.fullName}
          email={success.email}
          acknowledged={success.acknowledged}
          ownerName={ownerName}
          responseTime={responseTime}
          nextTitle={nextTitle}
          nextSteps={nextSteps}
          canBook={booking.enabled}
          onSendAnother={() => setDismissed(success)}
        >
          {!fetcher.data ? (
            <div data-outcome="success">
              <Alert kind="success">{CONTACT_SUCCESS}</Alert>
            </div>
          ) : null}
        </ContactConfirmation>
      ) : null}
      {failure && isFailureShown ? (
        <div data-outcome="error">
          <Alert kind="error">
            <strong className="font-semibold">{CONTACT_FAILURE}</strong>
            {failure.detail ? <span>: {failure.detail}</span> : null}
          </Alert>
        </div>
      ) : null}
      {/* After a success the emptied form stays, hidden behind the confirmation, for another message. */}
      <div hidden={!!success} data-form-fields className="space-y-5">
        <input type="hidden" name={CONTACT_TOKEN_FIELD} value={formToken} />
        {/* A trap for bots that fill every field: off-screen, out of the tab order and hidden from
            screen readers, so people never see it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            Leave this field empty
            <input
              type="text"
              name={CONTACT_HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </label>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField label="Full name" autoComplete="name" {...fieldProps('fullName')} />
          <VisitorEmailField defaultValue={values.email} error={errors.email} />
        </div>
        <InputField label="Subject" {...fieldProps('subject')} />
        <InquiryQuestions inquiry={inquiry} values={values} errors={errors} />
        {inquiry.askWebsite ? (
          <InputField
            label="Current website (optional)"
            name="website"
            // Text, not type=url: the browser's own check would refuse a bare domain.
            type="text"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="yourbusiness.com"
            maxLength={TEXT_LIMITS.url}
            defaultValue={values.website ?? ''}
            error={errors.website}
          />
        ) : null}
        <TextareaField
          label="Message"
          rows={7}
          hint="A few lines about your business, what you need and when you would like it live."
          {...fieldProps('message')}
        />
        <Button
          type="submit"
          size="lg"
          disabled={inPlace.isSending}
          data-pending-label="Sending..."
          className="w-full sm:w-auto"
        >
          {inPlace.isSending ? 'Sending...' : 'Send message'}
        </Button>
      </div>
    </InPlaceForm>
  )
}

/**
 * What the visitor sees once their message is stored, in place of the form: that it arrived, who
 * answers and when, and what follows. "Send another message" is a link to the page, so it works
 * without JavaScript; the static pages' script and React show the emptied form again instead.
 */
function ContactConfirmation({
  fullName,
  email,
  acknowledged,
  ownerName,
  responseTime,
  nextTitle,
  nextSteps,
  canBook,
  onSendAnother,
  children,
}: {
  fullName: string
  email: string
  acknowledged: boolean
  ownerName: string
  responseTime: string
  nextTitle: string
  nextSteps: string[]
  /** Booking is on: the confirmation offers a call. */
  canBook: boolean
  onSendAnother: () => void
  children: ReactNode
}) {
  const titleId = useId()
  const firstName = fullName.trim().split(/\s+/)[0]
  return (
    <section
      aria-labelledby={titleId}
      tabIndex={-1}
      data-confirmation
      className="scroll-mt-24 space-y-6 focus:outline-none"
    >
      {children}
      <div className="flex items-center gap-4">
        <CheckBadge isSmall />
        <h3 id={titleId} className="text-xl font-semibold text-slate-900">
          Thank you{firstName ? `, ${firstName}` : ''}. Your message is in.
        </h3>
      </div>
      <p className="text-slate-700">
        {ownerName} reads every message personally and replies {responseTime}.{' '}
        {acknowledged ? (
          'A confirmation with a copy of your message is on its way to your inbox.'
        ) : (
          <>
            We’ll reply to <strong className="font-semibold wrap-anywhere">{email}</strong>.
          </>
        )}
      </p>
      {nextSteps.length > 0 ? (
        <div className="rounded-lg bg-slate-50 p-5 ring-1 ring-slate-200">
          <h4 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
            {nextTitle}
          </h4>
          <ol className="mt-3 space-y-3">
            {nextSteps.map((step, i) => (
              <li key={i} className="flex gap-3 text-sm leading-6 text-slate-700">
                <StepNumber number={i + 1} className="h-6 w-6 shrink-0 text-xs font-semibold" />
                <span>{step}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {canBook ? (
        <div className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm leading-6 text-slate-800">
            <strong className="font-semibold text-slate-900">Rather talk it through?</strong> Pick a
            time for a short call with {ownerName}.
          </p>
          <a
            href="/book"
            className="inline-flex shrink-0 items-center justify-center rounded-md bg-accent px-4 py-2 text-sm font-semibold text-on-accent hover:bg-accent-strong"
          >
            Book a call
          </a>
        </div>
      ) : null}
      <a
        href="/contact"
        data-send-another
        onClick={(event) => {
          event.preventDefault()
          onSendAnother()
        }}
        className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Send another message
      </a>
    </section>
  )
}
