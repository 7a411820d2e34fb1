import { useId } from 'react'
import { InputField } from './field.tsx'

/** The owner's time zone, typed with `zones` offered as it is typed (a datalist). */
export function TimeZoneField({
  name,
  zones,
  defaultValue,
  hint,
  error,
}: {
  name: string
  zones: readonly string[]
  defaultValue: string
  hint: string
  error: string | undefined
}) {
  const listId = useId()
  return (
    <div>
      <InputField
        label="Time zone"
        name={name}
        list={listId}
        autoComplete="off"
        required
        defaultValue={defaultValue}
        hint={hint}
        error={error}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </div>
  )
}
