import { useRef } from 'react'
import { Form } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { useFocusFirstError, type FieldErrors } from '#app/lib/form-errors.ts'
import {
  TESTIMONIAL_FIELD_MAX,
  TESTIMONIAL_TEXT_MAX,
  type AdminTestimonial,
  type WebsiteChoice,
} from '#common/schemas/testimonials.ts'
import { RatingField } from './rating-field.tsx'
import { WebsiteChoiceField } from './website-choice.tsx'

/**
 * The owner's edit of a testimonial's words, rating and project; it posts
 * `{ intent: 'update', id, name, role, company, text, rating, websiteId }` to the route.
 */
export function TestimonialEditForm({
  testimonial,
  websites,
  errors,
  formError,
  isSubmitting,
  onEdit,
  onCancel,
}: {
  testimonial: AdminTestimonial
  websites: WebsiteChoice[]
  errors?: FieldErrors
  formError?: string
  isSubmitting: boolean
  onEdit: () => void
  onCancel: () => void
}) {
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstError(formRef, errors)
  return (
    <Form method="post" noValidate ref={formRef} onChange={onEdit} className="space-y-4">
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={testimonial._id} />
      <InputField
        label="Name"
        name="name"
        required
        maxLength={TESTIMONIAL_FIELD_MAX}
        defaultValue={testimonial.name}
        error={errors?.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Role"
          name="role"
          maxLength={TESTIMONIAL_FIELD_MAX}
          defaultValue={testimonial.role}
          error={errors?.role}
        />
        <InputField
          label="Company"
          name="company"
          maxLength={TESTIMONIAL_FIELD_MAX}
          defaultValue={testimonial.company}
          error={errors?.company}
        />
      </div>
      <TextareaField
        label="Testimonial"
        name="text"
        required
        rows={5}
        maxLength={TESTIMONIAL_TEXT_MAX}
        defaultValue={testimonial.text}
        error={errors?.text}
      />
      <RatingField defaultValue={testimonial.rating} error={errors?.rating} />
      <WebsiteChoiceField
        websites={websites}
        defaultValue={testimonial.websiteId}
        error={errors?.websiteId}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Testimonial'}
        </Button>
      </div>
    </Form>
  )
}
