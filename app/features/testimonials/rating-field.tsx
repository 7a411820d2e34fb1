import { useId } from 'react'
import { TESTIMONIAL_RATING_MAX } from '#common/schemas/testimonials.ts'

const RATINGS = Array.from({ length: TESTIMONIAL_RATING_MAX }, (_, i) => i + 1)

/**
 * The optional rating as a group of radio buttons ("No rating", "1 out of 5" ... "5 out of 5"): a
 * plain form control, so it works without JavaScript and with every assistive technology.
 */
export function RatingField({
  name = 'rating',
  defaultValue,
  error,
}: {
  name?: string
  defaultValue: number | null | undefined
  error?: string
}) {
  const id = useId()
  const choices: { value: string; label: string }[] = [
    { value: '', label: 'No rating' },
    ...RATINGS.map((rating) => ({
      value: String(rating),
      label: `${rating} out of ${TESTIMONIAL_RATING_MAX}`,
    })),
  ]
  const checked = defaultValue ? String(defaultValue) : ''
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-800">Rating (optional)</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              defaultChecked={choice.value === checked}
              className="accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
