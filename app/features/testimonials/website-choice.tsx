import { SelectField } from '#app/components/ui/field.tsx'
import type { WebsiteChoice } from '#common/schemas/testimonials.ts'

/** The portfolio entry a testimonial is about, or none: its field posts the id, or '' for none. */
export function WebsiteChoiceField({
  websites,
  defaultValue,
  error,
}: {
  websites: WebsiteChoice[]
  defaultValue: string | null | undefined
  error?: string
}) {
  return (
    <SelectField
      label="Portfolio entry"
      name="websiteId"
      hint="Optional: the project it is about. It then shows on that project's page too."
      defaultValue={defaultValue ?? ''}
      error={error}
      options={[
        { value: '', label: 'None (the work in general)' },
        ...websites.map((website) => ({ value: website._id, label: website.name })),
      ]}
    />
  )
}
