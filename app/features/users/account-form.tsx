import { useRef, type ReactNode, type RefObject } from 'react'
import { Form, Link, useNavigation, type LinkProps } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { errorsOf, useFocusFirstError } from '#app/lib/form.ts'

/**
 * The form of an account page, posting to its clientAction: the refusal of the form as a whole
 * (`errors.form` of `result`, the action data) above it, then the fields, then the submit button,
 * which reads `busyLabel` while the post is on its way. After a refused submit, focus moves to the
 * first invalid field.
 */
export function AccountForm({
  result,
  submitLabel,
  busyLabel,
  formRef,
  children,
}: {
  result: object | undefined
  submitLabel: string
  busyLabel: string
  formRef?: RefObject<HTMLFormElement | null>
  children: ReactNode
}) {
  const isSubmitting = useNavigation().state === 'submitting'
  const ownRef = useRef<HTMLFormElement>(null)
  const ref = formRef ?? ownRef
  const errors = errorsOf(result)
  useFocusFirstError(ref, errors)

  return (
    <>
      {errors?.form ? (
        <Alert kind="error" className="mb-4">
          {errors.form}
        </Alert>
      ) : null}
      <Form method="post" noValidate ref={ref} className="space-y-5">
        {children}
        <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </Form>
    </>
  )
}

/** A link in the line under an account card, such as "Back to sign in". */
export function AccountFooterLink(props: LinkProps) {
  return (
    <Link
      className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      {...props}
    />
  )
}

interface AccountFieldProps {
  error?: string
  defaultValue?: string
  /** "off" where an admin edits another account. */
  autoComplete?: 'off'
}

/** The account e-mail field, as every account form has it. */
export function EmailField({ error, defaultValue, autoComplete }: AccountFieldProps) {
  return (
    <InputField
      label="Email"
      name="email"
      type="email"
      autoComplete={autoComplete ?? 'email'}
      required
      defaultValue={defaultValue}
      error={error}
    />
  )
}

/** The account's name field, as sign-up, the profile and the admin's user form have it. */
export function NameField({ error, defaultValue, autoComplete }: AccountFieldProps) {
  return (
    <InputField
      label="Name"
      name="name"
      autoComplete={autoComplete ?? 'name'}
      required
      defaultValue={defaultValue}
      error={error}
    />
  )
}
