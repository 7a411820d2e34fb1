/**
 * The contact form. It posts to the contact route's action as a plain form, so it works without
 * JavaScript. With JavaScript it posts in place, shows Sending..., toasts the outcome and clears
 * itself on success: on the page as the server sends it, through the static pages' script
 * (`data-submit-in-place`, submitFormsInPlace in page-behaviour.ts); rendered by React (reached by a
 * link from a signed-in screen), through a fetcher. Validation here is only the browser's own
 * (required, type=email): the action validates with the shared schema and its messages are shown
 * beside the fields.
 */
import { useEffect, useRef } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { toast } from '#app/lib/toast.tsx'
import { CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD, TEXT_LIMITS } from '#common/constants.ts'
import type { ContactBody } from '#common/schemas/messages.ts'

export const CONTACT_SUCCESS = 'Success, message sent!'
export const CONTACT_FAILURE = 'Message not sent'

export type ContactField = 'fullName' | 'email' | 'subject' | 'message'
export type InquiryField = 'projectType' | 'budget' | 'timeline' | 'website'
export const INQUIRY_FIELDS: InquiryField[] = ['projectType', 'budget', 'timeline', 'website']

const QUESTIONS = [
  ['projectType', 'projectTypes', 'Project type'],
  ['budget', 'budgets', 'Budget'],
  ['timeline', 'timelines', 'Timeline'],
] as const

const MAX_LENGTH: Record<ContactField, number> = {
  fullName: TEXT_LIMITS.name,
  email: TEXT_LIMITS.email,
  subject: TEXT_LIMITS.subject,
  message: TEXT_LIMITS.message,
}

export type ContactResult =
  | { ok: true; message: string }
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
export function ContactForm({ formToken }: { formToken: string }) {
  const { inquiry } = useSiteSettings()
  const fetcher = useFetcher<ContactResult>()
  // A post without JavaScript comes back as the page's action data and is shown in an alert; a
  // fetcher post is announced by a toast instead, so the message never appears twice.
  const documentResult = useActionData<ContactResult>()
  const result = fetcher.data ?? documentResult
  const formRef = useRef<HTMLFormElement>(null)
  const isSending = fetcher.state !== 'idle'

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) {
      toast.success(CONTACT_SUCCESS)
      formRef.current?.reset()
    } else {
      toast.error(
        fetcher.data.detail ? `${CONTACT_FAILURE}: ${fetcher.data.detail}` : CONTACT_FAILURE,
      )
    }
  }, [fetcher.state, fetcher.data])

  const failure = result && !result.ok ? result : undefined
  const errors = failure?.fieldErrors ?? {}
  const values = failure?.values ?? {}
  const fieldProps = (name: ContactField) => ({
    name,
    required: true,
    maxLength: MAX_LENGTH[name],
    defaultValue: values[name],
    error: errors[name],
  })

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="relative space-y-5"
      aria-label="Contact form"
      data-submit-in-place="contact"
    >
      {!fetcher.data && documentResult?.ok ? (
        <div data-outcome="success">
          <Alert kind="success">{CONTACT_SUCCESS}</Alert>
        </div>
      ) : null}
      {!fetcher.data && failure ? (
        <div data-outcome="error">
          <Alert kind="error">
            <strong className="font-semibold">{CONTACT_FAILURE}</strong>
            {failure.detail ? <span>: {failure.detail}</span> : null}
          </Alert>
        </div>
      ) : null}
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
        <InputField label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
      </div>
      <InputField label="Subject" {...fieldProps('subject')} />
      {QUESTIONS.some(([, options]) => inquiry[options].length > 0) ? (
        <div className="grid gap-5 sm:grid-cols-3">
          {QUESTIONS.map(([name, options, label]) =>
            inquiry[options].length > 0 ? (
              <SelectField
                key={name}
                label={`${label} (optional)`}
                name={name}
                defaultValue={values[name] ?? ''}
                error={errors[name]}
                options={[
                  { value: '', label: 'Choose…' },
                  ...inquiry[options].map((option) => ({ value: option, label: option })),
                ]}
              />
            ) : null,
          )}
        </div>
      ) : null}
      {inquiry.askWebsite ? (
        <InputField
          label="Current website (optional)"
          name="website"
          type="url"
          inputMode="url"
          placeholder="https://"
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
        disabled={isSending}
        data-pending-label="Sending..."
        className="w-full sm:w-auto"
      >
        {isSending ? 'Sending...' : 'Send message'}
      </Button>
    </fetcher.Form>
  )
}
