import { useRef, useState, type ComponentProps } from 'react'
import { Form } from 'react-router'
import type { Website } from '#common/schemas/websites.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { useFocusFirstError, type FieldErrors } from '#app/lib/form-errors.ts'
import { ImageUpload } from './image-upload.tsx'

type WebsiteInput = { name: keyof Website } & Omit<
  ComponentProps<typeof InputField>,
  'name' | 'defaultValue' | 'required' | 'error'
>

const INPUTS: WebsiteInput[] = [
  { label: 'Name', name: 'name' },
  {
    label: 'Slug',
    name: 'slug',
    autoCapitalize: 'none',
    spellCheck: false,
    hint: 'Lowercase letters, digits and dashes; the public page is /website/<slug>.',
  },
  { label: 'Language', name: 'language' },
  {
    label: 'Language description',
    name: 'languageDescription',
    hint: 'The stack group shown on the dashboard chart, e.g. MERN Stack.',
  },
  {
    label: 'Link',
    name: 'link',
    type: 'url',
    inputMode: 'url',
    placeholder: 'https://example.com',
    className: 'sm:col-span-2',
  },
]

/** The admin form for one portfolio entry; it posts to the route's clientAction. */
export function WebsiteForm({
  website,
  errors,
  formError,
  isSubmitting,
  cancelTo,
}: {
  website: Website
  errors?: FieldErrors
  formError?: string
  isSubmitting: boolean
  cancelTo: string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const [image, setImage] = useState(website.image)
  const [isUploading, setIsUploading] = useState(false)
  useFocusFirstError(formRef, errors)

  return (
    <Form
      method="post"
      noValidate
      ref={formRef}
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {INPUTS.map(({ name, ...input }) => (
          <InputField
            key={name}
            name={name}
            defaultValue={website[name]}
            required
            error={errors?.[name]}
            {...input}
          />
        ))}
        <TextareaField
          label="Description"
          name="description"
          defaultValue={website.description}
          required
          rows={5}
          className="sm:col-span-2"
          error={errors?.description}
        />
      </div>
      <ImageUpload
        value={image}
        onChange={setImage}
        onBusyChange={setIsUploading}
        error={errors?.image}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={isSubmitting || isUploading}>
          {isSubmitting ? 'Saving...' : 'Update Website'}
        </Button>
      </div>
    </Form>
  )
}
