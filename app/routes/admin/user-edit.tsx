import { useRef } from 'react'
import { Form, href, redirect, useNavigation } from 'react-router'
import { CURRENT_PASSWORD_WRONG, REVERIFY_REQUIRED } from '#common/constants.ts'
import { UserUpdateBodySchema, type UserPublic } from '#common/schemas/users.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { CheckboxField, InputField } from '#app/components/ui/field.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { reverify } from '#app/features/account-security/account-security.api.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { getUser, updateUser } from '#app/features/users/users.api.ts'
import { ApiError, messageOf } from '#app/lib/api-client.ts'
import { textFieldsOf, useFocusFirstError, validate } from '#app/lib/form-errors.ts'
import { clearSession, getSession, saveSession } from '#app/lib/session.ts'
import { toast } from '#app/lib/toast.tsx'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/user-edit'

const LIST_PATH = '/admin/users'
const CONFIRM_TO_CHANGE_EMAIL = 'Enter your password to change the e-mail'
const CONFIRM_IT_IS_YOU = 'Confirm it is you: enter your password'

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle(`Edit ${data?.name ?? 'User'}`, matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, () => getUser(params.id))
}
clientLoader.hydrate = true as const

/** The admin's password entered again (the recent check); false when it is wrong. */
const confirmPassword = (password: string) =>
  reverify({ password }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.message === CURRENT_PASSWORD_WRONG) return false
      throw error
    },
  )

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  requireAdmin(request)
  const form = await request.formData()
  const result = validate(UserUpdateBodySchema, {
    ...textFieldsOf(form),
    _id: params.id,
    isAdmin: form.get('isAdmin') === 'on',
  })
  if (!result.ok) return { errors: result.errors }
  // Changing an account's e-mail hands it to whoever reads the new address: the server wants the
  // admin's password from the last few minutes, and this form asks for it every time.
  const password = String(form.get('password') ?? '')
  if (result.data.email !== form.get('currentEmail') && !password) {
    return { errors: { password: CONFIRM_TO_CHANGE_EMAIL } }
  }
  let user: UserPublic
  try {
    if (password && !(await withSignIn(request, () => confirmPassword(password)))) {
      return { errors: { password: CURRENT_PASSWORD_WRONG } }
    }
    user = await withSignIn(request, () => updateUser(params.id, result.data))
  } catch (error) {
    if (error instanceof Response) throw error
    // Demoting an admin long after signing in: the same confirmation, in this form.
    if (error instanceof ApiError && error.message === REVERIFY_REQUIRED) {
      return { errors: { password: CONFIRM_IT_IS_YOU } }
    }
    return { formError: messageOf(error) }
  }
  const session = getSession()
  if (session && session._id === user._id && session.email !== user.email) {
    // A changed e-mail ends every session of the account, this admin's own included.
    clearSession()
    toast.success('E-mail changed: sign in again with the new address')
    return redirect(href('/signin'))
  }
  toast.success('User updated successfully')
  // An admin who edits their own account keeps the stored session in step; without the admin flag
  // the admin screens are closed to them from now on.
  if (session && session._id === user._id) {
    saveSession({ ...session, name: user.name, email: user.email, isAdmin: user.isAdmin })
    if (!user.isAdmin) return redirect('/')
  }
  return redirect(LIST_PATH)
}

export function HydrateFallback() {
  return <Spinner />
}

export default function UserEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const isSubmitting = useNavigation().state === 'submitting'
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstError(formRef, actionData?.errors)

  return (
    <div className="max-w-xl">
      <PageHeader
        title="Edit User"
        subtitle={<span className="font-mono text-xs">ID {loaderData._id}</span>}
      />
      <Form
        key={loaderData._id}
        method="post"
        noValidate
        ref={formRef}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        {actionData?.formError ? <Alert kind="error">{actionData.formError}</Alert> : null}
        <InputField
          label="Name"
          name="name"
          autoComplete="off"
          defaultValue={loaderData.name}
          required
          error={actionData?.errors?.name}
        />
        <InputField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={loaderData.email}
          required
          error={actionData?.errors?.email}
        />
        <input type="hidden" name="currentEmail" value={loaderData.email} />
        <CheckboxField
          label="Is Admin"
          name="isAdmin"
          defaultChecked={loaderData.isAdmin}
          hint="Administrators manage websites, users and messages."
        />
        <InputField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change the e-mail; it ends the account's sessions and tells the old address."
          error={actionData?.errors?.password}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to={LIST_PATH} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Update User'}
          </Button>
        </div>
      </Form>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState title="Edit User" error={error} back={{ to: LIST_PATH, label: 'Back to users' }} />
  )
}
