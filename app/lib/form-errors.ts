import { useEffect, type RefObject } from 'react'
import type { z } from 'zod'

export type FieldErrors = Partial<Record<string, string>>

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors }

/**
 * The first message of each field of a failed parse, keyed by the field's name, or (`isNested`,
 * for a form editing nested content) by its whole path: "steps.1.body".
 */
function fieldErrorsOf(error: z.ZodError, isNested: boolean): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const field = isNested ? issue.path.join('.') || 'form' : String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}

/** The text fields of a submitted form (files and repeated keys are left out). */
export function textFieldsOf(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of formData) {
    if (typeof value === 'string' && !(key in values)) values[key] = value
  }
  return values
}

/** Checks form values with the same schema the server uses. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  { isNested = false }: { isNested?: boolean } = {},
): Validation<z.output<S>> {
  const result = schema.safeParse(values)
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrorsOf(result.error, isNested) }
}

/** After a refused submit, moves focus to the first invalid field so keyboard and screen-reader users land on it. */
export function useFocusFirstError(
  form: RefObject<HTMLFormElement | null>,
  errors: FieldErrors | undefined,
) {
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form, errors])
}
