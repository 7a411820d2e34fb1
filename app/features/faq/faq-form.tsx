import type { Faq } from '#common/schemas/faq.ts'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import type { FieldErrors } from '#app/lib/form.ts'

/** One FAQ entry's question and answer; it posts `{ intent, id?, question, answer }` to the route. */
export function FaqForm({
  faq,
  intent,
  submitLabel,
  errors,
  isSubmitting,
  onEdit,
  onCancel,
}: {
  faq?: Pick<Faq, '_id' | 'question' | 'answer'>
  intent: 'create' | 'update'
  submitLabel: string
  /** The action's refusal: each field's error, `form` for the form's own. */
  errors?: FieldErrors
  isSubmitting: boolean
  onEdit: () => void
  onCancel?: () => void
}) {
  const field = fieldPropsOf<'question' | 'answer'>(faq ?? {}, errors)
  return (
    <FieldsForm errors={errors} onChange={onEdit} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {faq ? <input type="hidden" name="id" value={faq._id} /> : null}
      <InputField label="Question" required {...field('question')} />
      <TextareaField
        label="Answer"
        required
        rows={5}
        hint="Markdown: **bold**, *italic*, [a link](https://example.com), lists with - . HTML shows as text."
        {...field('answer')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </FieldsForm>
  )
}
