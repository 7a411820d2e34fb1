import type { ReactNode, RefObject } from 'react'
import { Link, useNavigation, type LinkProps } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { errorsOf } from '#app/lib/form.ts'

/**
 * The form of an account page, posting to its clientAction (`result` is its answer): the fields,
 * then the submit button, which reads `busyLabel` while the post is on its way.
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
  return (
    <FieldsForm errors={errorsOf(result)} ref={formRef} className="space-y-5">
      {children}
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </FieldsForm>
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

const ACCOUNT_FIELDS = {
  name: { label: 'Name', type: 'text', autoComplete: 'name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
} as const

function AccountField({
  name,
  autoComplete,
  ...props
}: AccountFieldProps & { name: keyof typeof ACCOUNT_FIELDS }) {
  const field = ACCOUNT_FIELDS[name]
  return (
    <InputField
      {...field}
      name={name}
      autoComplete={autoComplete ?? field.autoComplete}
      required
      {...props}
    />
  )
}

/** The account's e-mail field, as every account form has it. */
export const EmailField = (props: AccountFieldProps) => <AccountField name="email" {...props} />

/** The account's name field, as sign-up, the profile and the admin's user form have it. */
export const NameField = (props: AccountFieldProps) => <AccountField name="name" {...props} />
