import type { FieldErrors } from './form.ts'

/**
 * A field's name with the value it starts from and its refusal, both read by that name: spread on
 * an InputField or TextareaField as `{...field('role')}`, so the name is written once. A form that
 * edits one part of a larger value names that part (`prefix`): `field('iban')` is then the field
 * `billing.iban`, its refusal read under that name.
 */
export function fieldPropsOf<K extends string>(
  values: Partial<Record<K, string | number>>,
  errors: FieldErrors | undefined,
  prefix?: string,
) {
  return (name: K) => {
    const path = prefix ? `${prefix}.${name}` : name
    return { name: path, defaultValue: values[name], error: errors?.[path] }
  }
}
