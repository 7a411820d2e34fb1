import { useEffect, useRef } from 'react'
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '#common/constants.ts'
import { ProfileFormSchema } from '#common/schemas/users.ts'
import { CurrentPasswordField } from '#app/components/ui/current-password-field.tsx'
import { loadAccountSecurity } from '#app/features/account-security/account-security.api.ts'
import { AccountSecuritySections } from '#app/features/account-security/account-security-sections.tsx'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import { AccountForm, EmailField, NameField } from '#app/features/users/account-form.tsx'
import { requireSession, withSignIn } from '#app/lib/guards.ts'
import { PasswordFields } from '#app/features/users/password-fields.tsx'
import { SignOutEverywhere } from '#app/features/users/sign-out-everywhere.tsx'
import { updateProfile } from '#app/features/users/users.api.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { errorsOf, FieldRefusal, submitForm } from '#app/lib/form.ts'
import { saveSession } from '#app/lib/session.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { loadShellBadges } from '#app/routes/admin/admin-layout.tsx'
import type { Route } from './+types/profile'
import { HYDRATED_PAGE } from '#app/lib/static-page.ts'

/** An account or admin screen runs in the browser (clientLoader): it needs React. */
export const handle = HYDRATED_PAGE

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('User Profile', matches) },
  { name: 'robots', content: 'noindex' },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { name, email, isAdmin } = requireSession(request)
  const [security, badges] = await Promise.all([
    withSignIn(request, loadAccountSecurity),
    // An admin's profile is drawn in the admin shell, which shows these counts.
    isAdmin ? loadShellBadges() : null,
  ])
  return { name, email, isAdmin, security, badges }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const session = requireSession(request)
  return submitForm(
    await request.formData(),
    ProfileFormSchema,
    async ({ name, email, password, currentPassword }) => {
      if ((password || email !== session.email) && !currentPassword)
        throw new FieldRefusal('currentPassword', CURRENT_PASSWORD_REQUIRED)
      const saved = await updateProfile({ name, email, password, currentPassword }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.message === CURRENT_PASSWORD_WRONG)
            throw new FieldRefusal('currentPassword', CURRENT_PASSWORD_WRONG)
          throw error
        },
      )
      saveSession(saved)
    },
    'Profile updated successfully',
  )
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const errors = errorsOf(actionData)
  useEffect(() => {
    // Clears the password fields once saved; name and email reset to the newly stored values.
    if (actionData && 'saved' in actionData) formRef.current?.reset()
  }, [actionData])

  return (
    <AccountCard
      title="User Profile"
      intro={
        <>
          Signed in as <strong className="font-semibold text-slate-800">{loaderData.email}</strong>
          {loaderData.isAdmin ? ' (administrator)' : ''}.
        </>
      }
    >
      <AccountForm
        result={actionData}
        submitLabel="Update Profile"
        busyLabel="Saving..."
        formRef={formRef}
      >
        <NameField defaultValue={loaderData.name} error={errors?.name} />
        <EmailField defaultValue={loaderData.email} error={errors?.email} />
        <fieldset className="rounded-lg border border-slate-200 px-4 pb-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            Change password (optional)
          </legend>
          <div className="space-y-5">
            <p className="text-sm text-slate-600">
              Leave both fields empty to keep your current password.
            </p>
            <PasswordFields
              errors={errors}
              label="New password"
              confirmLabel="Confirm new password"
              required={false}
            />
          </div>
        </fieldset>
        <CurrentPasswordField
          label="Current password"
          name="currentPassword"
          hint="Needed only to change your e-mail or password."
          error={errors?.currentPassword}
        />
      </AccountForm>
      <div id="security" className="scroll-mt-20">
        <AccountSecuritySections isAdmin={loaderData.isAdmin} security={loaderData.security} />
        <SignOutEverywhere />
      </div>
    </AccountCard>
  )
}
