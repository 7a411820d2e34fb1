import { TEXT_LIMITS } from '#common/constants.ts'
import { InputField } from './field.tsx'

interface VisitorFieldProps {
  defaultValue?: string
  error?: string
}

/** The visitor's name on a public form (a booking, a testimonial): required, at most the schema's length. */
export function VisitorNameField(props: VisitorFieldProps) {
  return (
    <InputField
      label="Name"
      name="name"
      autoComplete="name"
      required
      maxLength={TEXT_LIMITS.name}
      {...props}
    />
  )
}

/** The visitor's e-mail on a public form (a message, a booking, the newsletter): required, at most the schema's length. */
export function VisitorEmailField(props: VisitorFieldProps) {
  return (
    <InputField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={TEXT_LIMITS.email}
      {...props}
    />
  )
}
