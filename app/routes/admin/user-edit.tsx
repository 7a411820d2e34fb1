import { href, redirect, useNavigation } from 'react-router'
import { CURRENT_PASSWORD_WRONG, REVERIFY_REQUIRED } from '#common/constants.ts'
import { UserUpdateBodySchema, type UserPublic } from '#common/schemas/users.ts'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { CurrentPasswordField } from '#app/components/ui/current-password-field.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { reverify } from '#app/features/account-security/account-security.api.ts'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { getUser, updateUser } from '#app/features/users/users.api.ts'
import { EmailField, NameField } from '#app/features/users/account-form.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { adminPost, errorsOf, FieldRefusal, submitForm } from '#app/lib/form.ts'
import { clearSession, getSession, saveSession } from '#app/lib/session.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/user-edit'

const LIST_PATH = '/admin/users'
const CONFIRM_TO_CHANGE_EMAIL = 'Enter your password to change the e-mail'
const CONFIRM_IT_IS_YOU = 'Confirm it is you: enter your password'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Edit ${loaderData?.name ?? 'User'}`, matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () => getUser(params.id))
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
  const { formData } = await adminPost(request)
  const session = getSession()
  const isOwnEmailChanged = (user: UserPublic) =>
    session?._id === user._id && session.email !== user.email
  const result = await submitForm(
    formData,
    UserUpdateBodySchema,
    (body) =>
      withSignIn(request, async () => {
        // Changing an account's e-mail hands it to whoever reads the new address: the server wants
        // the admin's password from the last few minutes, and this form asks for it every time.
        const password = String(formData.get('password') ?? '')
        if (body.email !== formData.get('currentEmail') && !password)
          throw new FieldRefusal('password', CONFIRM_TO_CHANGE_EMAIL)
        if (password && !(await confirmPassword(password)))
          throw new FieldRefusal('password', CURRENT_PASSWORD_WRONG)
        return updateUser(params.id, body).catch((error: unknown) => {
          // Demoting an admin long after signing in: the same confirmation, in this form.
          if (error instanceof ApiError && error.message === REVERIFY_REQUIRED)
            throw new FieldRefusal('password', CONFIRM_IT_IS_YOU)
          throw error
        })
      }),
    (user) =>
      isOwnEmailChanged(user)
        ? 'E-mail changed: sign in again with the new address'
        : 'User updated successfully',
  )
  if (!('saved' in result)) return result
  const user = result.answer
  if (session?._id === user._id) {
    // A changed e-mail ends every session of the account, this admin's own included.
    if (isOwnEmailChanged(user)) {
      clearSession()
      return redirect(href('/signin'))
    }
    // An admin who edits their own account keeps the stored session in step; without the admin
    // flag the admin screens are closed to them from now on.
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
  const errors = errorsOf(actionData)

  return (
    <div className="max-w-xl">
      <PageHeader
        title="Edit User"
        subtitle={<span className="font-mono text-xs">ID {loaderData._id}</span>}
      />
      <FieldsForm
        errors={errors}
        key={loaderData._id}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <NameField autoComplete="off" defaultValue={loaderData.name} error={errors?.name} />
        <EmailField autoComplete="off" defaultValue={loaderData.email} error={errors?.email} />
        <input type="hidden" name="currentEmail" value={loaderData.email} />
        <CheckboxField
          label="Is Admin"
          name="isAdmin"
          defaultChecked={loaderData.isAdmin}
          hint="Administrators manage websites, users and messages."
        />
        <CurrentPasswordField
          label="Your password"
          name="password"
          hint="Needed to change the e-mail; it ends the account's sessions and tells the old address."
          error={errors?.password}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to={LIST_PATH} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Update User'}
          </Button>
        </div>
      </FieldsForm>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState title="Edit User" error={error} back={{ to: LIST_PATH, label: 'Back to users' }} />
  )
}
