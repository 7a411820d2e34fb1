/**
 * The visitor's details for a chosen time: name, e-mail, the contact form's qualifying questions
 * (from the inquiry settings) and a message. It posts to the page's action as a plain form, so it
 * works without JavaScript; with it, the static pages' script posts it in place (enhanceBooking).
 */
import { Alert } from '#app/components/ui/alert.tsx'
import { TextareaField } from '#app/components/ui/field.tsx'
import { InquiryQuestions } from '#app/components/ui/inquiry-questions.tsx'
import { VisitorEmailField, VisitorNameField } from '#app/components/ui/visitor-fields.tsx'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { TEXT_LIMITS } from '#common/constants.ts'

export type BookingField =
  'name' | 'email' | 'projectType' | 'budget' | 'timeline' | 'message' | 'start'

export const BOOKING_FIELDS: BookingField[] = [
  'name',
  'email',
  'projectType',
  'budget',
  'timeline',
  'message',
]

export interface BookingFormFailure {
  ok: false
  /** The slot was taken meanwhile: the page shows the fresh times instead of the form. */
  isTaken: boolean
  message: string
  fieldErrors: Partial<Record<BookingField, string>>
  values: Partial<Record<BookingField, string>>
}

export function BookingForm({
  start,
  duration,
  zone,
  failure,
  backHref,
}: {
  start: string
  duration: number
  zone: string
  failure?: BookingFormFailure
  backHref: string
}) {
  const { inquiry } = useSiteSettings()
  const errors = failure?.fieldErrors ?? {}
  const values = failure?.values ?? {}
  const hasFieldError = Object.keys(errors).length > 0
  const field = fieldPropsOf(values, errors)
  return (
    <form method="post" aria-label="Your details" className="space-y-5" noValidate={false}>
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="duration" value={duration} />
      <input type="hidden" name="timeZone" value={zone} />
      {failure && !hasFieldError ? <Alert kind="error">{failure.message}</Alert> : null}
      <VisitorNameField defaultValue={values.name} error={errors.name} />
      <VisitorEmailField defaultValue={values.email} error={errors.email} />
      <InquiryQuestions
        inquiry={inquiry}
        values={values}
        errors={errors}
        className="sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3"
      />
      <TextareaField
        label="Message (optional)"
        rows={4}
        maxLength={TEXT_LIMITS.message}
        hint="Anything that helps prepare the call: your project, your questions."
        {...field('message')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <a
          href={backHref}
          data-booking-nav
          className="text-center text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900"
        >
          Back to the times
        </a>
        <button
          type="submit"
          data-pending-label="Booking..."
          className="inline-flex items-center justify-center rounded-md bg-accent px-6 py-3 text-base font-semibold text-on-accent transition-colors hover:bg-accent-strong"
        >
          Confirm booking
        </button>
      </div>
    </form>
  )
}
