import { useEffect, useId, useRef, useState, type ComponentProps } from 'react'
import { DEFAULT_WEBSITE, FEATURED_WEBSITES_MAX, TEXT_LIMITS } from '#common/constants.ts'
import { slugify } from '#common/slugs.ts'
import { TAGS_MAX } from '#common/schemas/tags.ts'
import { CASE_STUDY_MAX_LENGTH, type Website } from '#common/schemas/websites.ts'
import { MarkdownField } from '#app/components/ui/markdown-field.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { SaveBar } from '#app/components/ui/editor-shell.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { useUnsavedFormChanges } from '#app/components/ui/unsaved-changes.tsx'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import type { FieldErrors } from '#app/lib/form.ts'
import { GalleryFields, ResultsFields } from './case-study-extras.tsx'
import { ImageUpload } from '#app/components/ui/image-upload.tsx'
import { uploadTextImage } from '#app/lib/upload-image.ts'

/** A new entry's first slug (DEFAULT_WEBSITE.slug, or with a number when taken). */
const FIRST_SLUG = /^new-website(?:-\d+)?$/

type WebsiteInput = {
  name: 'name' | 'slug' | 'language' | 'languageDescription' | 'link'
} & Omit<ComponentProps<typeof InputField>, 'name' | 'defaultValue' | 'required' | 'error'>

/** The entry's other fields the form types as text. */
type WebsiteText = 'description' | 'client' | 'role' | 'year' | 'tags' | 'caseStudy' | 'imageAlt'

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

/**
 * The button that sent the form. A draft is published or saved as a draft; a published entry is
 * updated (`publish` again) or unpublished (saved as a draft).
 */
export const SAVE_INTENT = { publish: 'publish', draft: 'draft', unpublish: 'unpublish' } as const

const BUTTONS = {
  draft: {
    main: { intent: SAVE_INTENT.publish, label: 'Publish', pending: 'Publishing...' },
    other: { intent: SAVE_INTENT.draft, label: 'Save as draft', pending: 'Saving...' },
  },
  published: {
    main: { intent: SAVE_INTENT.publish, label: 'Update', pending: 'Updating...' },
    other: { intent: SAVE_INTENT.unpublish, label: 'Unpublish', pending: 'Unpublishing...' },
  },
}

/**
 * The admin form for one portfolio entry; it posts to the route's clientAction with the intent of
 * the button pressed, and warns before the page is left with unsaved changes.
 */
export function WebsiteForm({
  website,
  errors,
  pendingIntent,
  cancelTo,
}: {
  website: Website
  /** The action's refusal: each field's error, `form` for the form's own. */
  errors?: FieldErrors
  /** The intent on its way, while the form is being saved. */
  pendingIntent: string | undefined
  cancelTo: string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const featuredId = useId()
  const [image, setImage] = useState(website.image)
  const [isUploading, setIsUploading] = useState(false)
  const [isUploadingGallery, setIsUploadingGallery] = useState(false)
  // A draft's slug follows its name as the owner types, until they type a slug of their own.
  // The API's website keeps the specification's shape, so the editor tells as the server does: a
  // draft whose slug is still the one made from its name (or the first one, new-website-N).
  const isSlugFollowing = useRef(
    !website.published &&
      (website.slug === slugify(website.name, DEFAULT_WEBSITE.slug) ||
        FIRST_SLUG.test(website.slug)),
  )
  const field = fieldPropsOf<WebsiteInput['name'] | WebsiteText>(
    { ...website, year: String(website.year ?? ''), tags: website.tags.join(', ') },
    errors,
  )
  const unsaved = useUnsavedFormChanges(formRef)
  const { check, setSaving } = unsaved
  useEffect(check, [check, image])
  useEffect(() => {
    if (errors) setSaving(false)
  }, [errors, setSaving])
  const isBusy = pendingIntent !== undefined || isUploading || isUploadingGallery
  const { main, other } = website.published ? BUTTONS.published : BUTTONS.draft
  // Enter in a field presses the form's first submit button: one that leaves the entry as public
  // as it is (an update, or a draft saved), never the one that publishes or unpublishes it.
  const keepIntent = website.published ? SAVE_INTENT.publish : SAVE_INTENT.draft

  return (
    <FieldsForm
      errors={errors}
      ref={formRef}
      onChange={check}
      onInput={(event) => {
        const field = event.target as HTMLInputElement
        if (field.name === 'slug') isSlugFollowing.current = false
        const slug = formRef.current?.elements.namedItem('slug')
        if (field.name === 'name' && isSlugFollowing.current && slug instanceof HTMLInputElement) {
          slug.value = slugify(field.value, DEFAULT_WEBSITE.slug)
        }
      }}
      onSubmit={() => setSaving(true)}
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <button type="submit" name="intent" value={keepIntent} disabled={isBusy} hidden />
      <p className="text-sm text-slate-700">
        Status:{' '}
        <strong className="font-semibold text-slate-900">
          {website.published ? 'Published' : 'Draft'}
        </strong>
        {website.published
          ? ' (visitors see it in the portfolio).'
          : ' (only admins see it until you publish it).'}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {INPUTS.map(({ name, ...input }) => (
          <InputField key={name} required {...field(name)} {...input} />
        ))}
        <TextareaField
          label="Description"
          required
          rows={5}
          className="sm:col-span-2"
          {...field('description')}
        />
      </div>
      <fieldset className="space-y-5 border-t border-slate-200 pt-6">
        <legend className="text-base font-semibold text-slate-900">Case study</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          <InputField label="Client" maxLength={TEXT_LIMITS.name} {...field('client')} />
          <InputField label="My role" maxLength={TEXT_LIMITS.name} {...field('role')} />
          <InputField
            label="Year"
            type="number"
            inputMode="numeric"
            min={1990}
            max={2100}
            {...field('year')}
          />
        </div>
        <InputField
          label="Technologies"
          hint={`Separated by commas, e.g. React, Node.js, PostgreSQL (at most ${TAGS_MAX}). Visitors filter the portfolio by them.`}
          {...field('tags')}
        />
        <MarkdownField
          label="Case study (Markdown)"
          {...field('caseStudy')}
          onUploadImage={uploadTextImage}
          rows={14}
          maxLength={CASE_STUDY_MAX_LENGTH}
          hint="The problem, what you built and the result. ## for headings; ![description](/uploads/…) shows an uploaded image."
        />
        <ResultsFields results={website.results} errors={errors} onEdit={check} />
        <GalleryFields
          gallery={website.gallery}
          onBusyChange={setIsUploadingGallery}
          errors={errors}
        />
      </fieldset>
      <ImageUpload
        value={image}
        onChange={setImage}
        onBusyChange={setIsUploading}
        error={errors?.image}
      />
      <InputField
        label="Image description"
        maxLength={TEXT_LIMITS.short}
        hint="What the screenshot shows, for screen readers and search engines. Left empty, it reads “Screenshot of the <name> website”."
        {...field('imageAlt')}
      />
      <div className="flex items-start gap-3">
        {/* Unticked, the box sends nothing: this says false, and a ticked box's true comes after. */}
        <input type="hidden" name="featured" value="false" />
        <input
          id={featuredId}
          type="checkbox"
          name="featured"
          value="true"
          defaultChecked={website.featured}
          aria-describedby={`${featuredId}-hint`}
          className="mt-0.5 h-5 w-5 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <div>
          <label htmlFor={featuredId} className="text-sm font-medium text-slate-800">
            Feature on the home page
          </label>
          <p id={`${featuredId}-hint`} className="text-xs text-slate-600">
            Published featured entries appear under “Recent work”, the first {FEATURED_WEBSITES_MAX}{' '}
            in portfolio order.
          </p>
        </div>
      </div>
      <SaveBar isDirty={unsaved.isDirty}>
        <Button type="submit" name="intent" value={main.intent} disabled={isBusy}>
          {pendingIntent === main.intent ? main.pending : main.label}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={other.intent}
          variant="secondary"
          disabled={isBusy}
        >
          {pendingIntent === other.intent ? other.pending : other.label}
        </Button>
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
      </SaveBar>
      {unsaved.dialog}
    </FieldsForm>
  )
}
