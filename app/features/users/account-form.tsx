import { useRef, type ReactNode, type RefObject } from 'react'
import { Form, Link, useNavigation, type LinkProps } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { useFocusFirstError, type FieldErrors } from '#app/lib/form-errors.ts'

/**
 * The form of an account page, posting to its clientAction: the server's refusal (`result`, the
 * action data) above it, then the fields, then the submit button, which reads `busyLabel` while the
 * post is on its way. After a refused submit, focus moves to the first invalid field.
 */
export function AccountForm({
  result,
  submitLabel,
  busyLabel,
  formRef,
  children,
}: {
  result: { errors?: FieldErrors; formError?: string } | undefined
  submitLabel: string
  busyLabel: string
  formRef?: RefObject<HTMLFormElement | null>
  children: ReactNode
}) {
  const isSubmitting = useNavigation().state === 'submitting'
  const ownRef = useRef<HTMLFormElement>(null)
  const ref = formRef ?? ownRef
  useFocusFirstError(ref, result?.errors)

  return (
    <>
      {result?.formError ? (
        <Alert kind="error" className="mb-4">
          {result.formError}
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

/** The account e-mail field, as every account form has it. */
export function EmailField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <InputField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  )
}
