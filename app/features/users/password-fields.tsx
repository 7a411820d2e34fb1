import { PASSWORD_RULE_HINT } from '#common/constants.ts'
import { InputField } from '#app/components/ui/field.tsx'
import type { FieldErrors } from '#app/lib/form.ts'

/** A new password and its confirmation; the rule is shown as the placeholder and as a hint. */
export function PasswordFields({
  errors,
  label = 'Password',
  confirmLabel = 'Confirm password',
  required = true,
}: {
  errors?: FieldErrors
  label?: string
  confirmLabel?: string
  required?: boolean
}) {
  return (
    <>
      <InputField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={PASSWORD_RULE_HINT}
        hint={PASSWORD_RULE_HINT}
        required={required}
        error={errors?.password}
      />
      <InputField
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        placeholder="Type the password again"
        required={required}
        error={errors?.confirmPassword}
      />
    </>
  )
}
