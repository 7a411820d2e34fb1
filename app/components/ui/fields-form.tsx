import { useRef, type RefObject } from 'react'
import { Form, type FetcherWithComponents, type FormProps } from 'react-router'
import { useFocusFirstError, type FieldErrors } from '#app/lib/form.ts'
import { Alert } from './alert.tsx'

/**
 * An admin or account form (app/lib/form.ts): it posts to the route's clientAction, or with
 * `fetcher` beside the page, and leaves the checks to the server's schema (noValidate). The
 * refusal of the form as a whole (`errors.form`) shows first; after a refused submit, focus moves
 * to the first invalid field.
 */
export function FieldsForm({
  errors,
  fetcher,
  ref,
  children,
  ...props
}: Omit<FormProps, 'method' | 'noValidate' | 'ref'> & {
  /** The action's answer's errors (`errorsOf`): each field's, `form` for the form's own. */
  errors: FieldErrors | undefined
  fetcher?: FetcherWithComponents<unknown>
  /** The form, for a page that reads its fields (a preview) or resets it. */
  ref?: RefObject<HTMLFormElement | null>
}) {
  const ownRef = useRef<HTMLFormElement>(null)
  const formRef = ref ?? ownRef
  useFocusFirstError(formRef, errors)
  const FormOf = fetcher?.Form ?? Form
  return (
    <FormOf method="post" noValidate ref={formRef} {...props}>
      {errors?.form ? <Alert kind="error">{errors.form}</Alert> : null}
      {children}
    </FormOf>
  )
}
