import { useId, useState, type ChangeEvent } from 'react'

import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { cn } from '#app/lib/cn.ts'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import type { FieldErrors } from '#app/lib/form.ts'
import {
  TESTIMONIAL_FIELD_MAX,
  TESTIMONIAL_PHOTO_FIELD,
  TESTIMONIAL_TEXT_MAX,
  type AdminTestimonial,
  type WebsiteChoice,
} from '#common/schemas/testimonials.ts'
import { RatingField } from './rating-field.tsx'
import { TestimonialPhoto } from './testimonial-figure.tsx'
import { WebsiteChoiceField } from './website-choice.tsx'

/**
 * The owner's edit of a testimonial's words, rating, project and photo; it posts
 * `{ intent: 'update', id, name, role, company, text, rating, websiteId, photo }` to the route.
 * `uploadPhoto` (the route's) uploads a new photo and resolves to its path.
 */
export function TestimonialEditForm({
  testimonial,
  websites,
  errors,
  isSubmitting,
  uploadPhoto,
  onEdit,
  onCancel,
}: {
  testimonial: AdminTestimonial
  websites: WebsiteChoice[]
  /** The action's refusal: each field's error, `form` for the form's own. */
  errors?: FieldErrors
  isSubmitting: boolean
  uploadPhoto: (file: File) => Promise<string>
  onEdit: () => void
  onCancel: () => void
}) {
  const field = fieldPropsOf<'name' | 'role' | 'company' | 'text'>(testimonial, errors)
  return (
    <FieldsForm errors={errors} onChange={onEdit} className="space-y-4">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={testimonial._id} />
      <InputField label="Name" required maxLength={TESTIMONIAL_FIELD_MAX} {...field('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Role" maxLength={TESTIMONIAL_FIELD_MAX} {...field('role')} />
        <InputField label="Company" maxLength={TESTIMONIAL_FIELD_MAX} {...field('company')} />
      </div>
      <TextareaField
        label="Testimonial"
        required
        rows={5}
        maxLength={TESTIMONIAL_TEXT_MAX}
        {...field('text')}
      />
      <RatingField defaultValue={testimonial.rating} error={errors?.rating} />
      <PhotoField
        testimonial={testimonial}
        uploadPhoto={uploadPhoto}
        onEdit={onEdit}
        error={errors?.photo}
      />
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
    </FieldsForm>
  )
}

/**
 * The client's photo or logo: shown round, replaced by an upload or removed. The form posts its
 * path (empty: none) in a hidden field.
 */
function PhotoField({
  testimonial,
  uploadPhoto,
  onEdit,
  error,
}: {
  testimonial: AdminTestimonial
  uploadPhoto: (file: File) => Promise<string>
  onEdit: () => void
  error?: string
}) {
  const fileId = useId()
  const [photo, setPhoto] = useState(testimonial.photo ?? '')
  const [problem, setProblem] = useState<string | undefined>()
  const [isUploading, setIsUploading] = useState(false)
  const shownProblem = problem ?? error

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setIsUploading(true)
    setProblem(undefined)
    try {
      setPhoto(await uploadPhoto(file))
      onEdit()
    } catch (uploadError) {
      setProblem(messageOf(uploadError))
    } finally {
      input.value = ''
      setIsUploading(false)
    }
  }

  return (
    <fieldset className="rounded-lg border border-slate-200 px-4 pt-1 pb-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Photo or logo</legend>
      <input type="hidden" name={TESTIMONIAL_PHOTO_FIELD} value={photo} />
      <div className="flex flex-wrap items-center gap-4">
        {photo ? (
          <TestimonialPhoto
            testimonial={{ name: testimonial.name, photo }}
            size={64}
            className="h-16 w-16"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 items-center justify-center rounded-full bg-slate-100 text-xl font-semibold text-slate-500"
          >
            {testimonial.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={fileId}
            className={cn(
              buttonClasses('secondary', 'sm'),
              'cursor-pointer focus-within:ring-2 focus-within:ring-brand-600',
              isUploading && 'cursor-wait opacity-70',
            )}
          >
            {isUploading ? 'Uploading...' : photo ? 'Replace photo' : 'Add a photo'}
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              disabled={isUploading}
              aria-describedby={shownProblem ? `${fileId}-problem` : undefined}
              onChange={(event) => void onFile(event)}
              className="sr-only"
            />
          </label>
          {photo ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setPhoto('')
                onEdit()
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </div>
      </div>
      {shownProblem ? (
        <p id={`${fileId}-problem`} role="alert" className="mt-2 text-sm text-red-700">
          {shownProblem}
        </p>
      ) : null}
    </fieldset>
  )
}
