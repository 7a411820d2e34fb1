import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import type { FieldErrors } from '#app/lib/form.ts'
import { TEXT_LIMITS } from '#common/constants.ts'
import { TESTIMONIAL_FIELD_MAX, type WebsiteChoice } from '#common/schemas/testimonials.ts'
import { WebsiteChoiceField } from './website-choice.tsx'

/**
 * "Request a testimonial": whom to ask and, optionally, about which project. It posts
 * `{ intent: 'request', name, email, websiteId }` to the route, which mails the client a link.
 */
export function TestimonialRequestForm({
  websites,
  errors,
  isSubmitting,
  onEdit,
}: {
  websites: WebsiteChoice[]
  /** The action's refusal: each field's error, `form` for the form's own. */
  errors?: FieldErrors
  isSubmitting: boolean
  onEdit: () => void
}) {
  return (
    <FieldsForm
      errors={errors}
      onChange={onEdit}
      className="space-y-4"
      aria-label="Request a testimonial"
    >
      <input type="hidden" name="intent" value="request" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Client name"
          name="name"
          required
          maxLength={TESTIMONIAL_FIELD_MAX}
          error={errors?.name}
        />
        <InputField
          label="Client e-mail"
          name="email"
          type="email"
          required
          maxLength={TEXT_LIMITS.email}
          error={errors?.email}
        />
      </div>
      <WebsiteChoiceField websites={websites} defaultValue="" error={errors?.websiteId} />
      <div className="flex sm:justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Request'}
        </Button>
      </div>
    </FieldsForm>
  )
}
