import type { ComponentProps } from 'react'
import { InputField } from './field.tsx'

/** The password a person has now, asked to prove it is them: the browser offers the saved one. */
export function CurrentPasswordField(
  props: Omit<ComponentProps<typeof InputField>, 'type' | 'autoComplete'>,
) {
  return <InputField type="password" autoComplete="current-password" {...props} />
}
