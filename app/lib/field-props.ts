/**
 * A field's name with the value it starts from and its refusal, both read by that name: spread on
 * an InputField or TextareaField as `{...field('role')}`, so the name is written once.
 */
export function fieldPropsOf<K extends string>(
  values: Partial<Record<K, string>>,
  errors: Partial<Record<NoInfer<K>, string>> | undefined,
) {
  return (name: K) => ({ name, defaultValue: values[name], error: errors?.[name] })
}
