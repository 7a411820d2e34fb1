import { SelectField } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import type { InquirySettings } from '#common/schemas/settings.ts'

/** The qualifying questions the owner asks (Settings), by field name, options and label. */
const QUESTIONS = [
  ['projectType', 'projectTypes', 'Project type'],
  ['budget', 'budgets', 'Budget'],
  ['timeline', 'timelines', 'Timeline'],
] as const

type QuestionName = (typeof QUESTIONS)[number][0]

/**
 * The owner's qualifying questions as optional selects, the same on every form that asks them (the
 * contact form, the booking form); nothing when the owner asks none.
 */
export function InquiryQuestions({
  inquiry,
  values,
  errors,
  className = 'sm:grid-cols-3',
}: {
  inquiry: InquirySettings
  values: Partial<Record<QuestionName, string>>
  errors: Partial<Record<QuestionName, string>>
  /** The grid's columns at each width. */
  className?: string
}) {
  if (!QUESTIONS.some(([, options]) => inquiry[options].length > 0)) return null
  return (
    <div className={cn('grid gap-5', className)}>
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
  )
}
