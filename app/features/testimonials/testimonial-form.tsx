/**
 * The form a client fills in through the link the owner mailed. Its page ships no React, like every
 * public page (docs/decisions/023): the form posts to its route's action as a plain form, which
 * answers with the thank-you page, or with the fields' messages beside them (the shared schema's).
 * It is multipart, for the optional photo or logo, which the server checks as it checks every
 * uploaded image.
 */
import { useRef } from 'react'
import { Form } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { VisitorNameField } from '#app/components/ui/visitor-fields.tsx'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import { useFocusFirstError } from '#app/lib/form.ts'
import { FILE_TOO_LARGE, UPLOAD_MAX_BYTES } from '#common/constants.ts'
import {
  TESTIMONIAL_FIELD_MAX,
  TESTIMONIAL_PHOTO_FIELD,
  TESTIMONIAL_TEXT_MAX,
  type TestimonialFields,
} from '#common/schemas/testimonials.ts'
import { RatingField } from './rating-field.tsx'

export type TestimonialField = keyof TestimonialFields

export type TestimonialResult =
  | { ok: true; message: string }
  | {
      ok: false
      message: string
      fieldErrors: Partial<Record<TestimonialField | typeof TESTIMONIAL_PHOTO_FIELD, string>>
      values: Partial<Record<TestimonialField, string>>
    }

export function TestimonialForm({
  name,
  failure,
}: {
  /** The name the owner asked, to start from. */
  name: string
  failure: Extract<TestimonialResult, { ok: false }> | undefined
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const errors = failure?.fieldErrors ?? {}
  const values = failure?.values ?? {}
  const field = fieldPropsOf(values, errors)
  useFocusFirstError(formRef, failure?.fieldErrors)
  const rating = Number(values.rating)

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-5"
      aria-label="Testimonial form"
    >
      {failure ? (
        <Alert kind="error">
          <strong className="font-semibold">Testimonial not sent</strong>: {failure.message}
        </Alert>
      ) : null}
      <VisitorNameField defaultValue={values.name ?? name} error={errors.name} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Role"
          autoComplete="organization-title"
          maxLength={TESTIMONIAL_FIELD_MAX}
          hint="Optional, for example Owner or Marketing lead."
          {...field('role')}
        />
        <InputField
          label="Company"
          autoComplete="organization"
          maxLength={TESTIMONIAL_FIELD_MAX}
          hint="Optional."
          {...field('company')}
        />
      </div>
      <TextareaField
        label="Testimonial"
        rows={6}
        required
        maxLength={TESTIMONIAL_TEXT_MAX}
        hint="A few sentences: what the project was, how it went, what changed for you."
        {...field('text')}
      />
      <RatingField
        defaultValue={Number.isInteger(rating) && rating > 0 ? rating : null}
        error={errors.rating}
      />
      <InputField
        label="Photo or logo (optional)"
        className="[&_input]:py-1.5 [&_input::file-selector-button]:mr-3 [&_input::file-selector-button]:rounded-md [&_input::file-selector-button]:border-0 [&_input::file-selector-button]:bg-brand-50 [&_input::file-selector-button]:px-3 [&_input::file-selector-button]:py-1.5 [&_input::file-selector-button]:text-sm [&_input::file-selector-button]:font-semibold [&_input::file-selector-button]:text-brand-800"
        name={TESTIMONIAL_PHOTO_FIELD}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        data-max-bytes={UPLOAD_MAX_BYTES}
        data-too-large={`${FILE_TOO_LARGE}: choose a smaller one. Your words are kept.`}
        hint={`Shown round beside your words. JPEG, PNG, WebP, GIF or AVIF, up to ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.${failure ? ' Choose it again after a correction.' : ''}`}
        error={errors.photo}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        Send testimonial
      </Button>
    </Form>
  )
}
