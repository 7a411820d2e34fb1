import { useEffect, useRef } from 'react'
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '#common/constants.ts'
import { ProfileFormSchema } from '#common/schemas/users.ts'
import { InputField } from '#app/components/ui/field.tsx'
import { loadAccountSecurity } from '#app/features/account-security/account-security.api.ts'
import { AccountSecuritySections } from '#app/features/account-security/account-security-sections.tsx'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import { AccountForm, EmailField } from '#app/features/users/account-form.tsx'
import { requireSession, withSignIn } from '#app/lib/guards.ts'
import { PasswordFields } from '#app/features/users/password-fields.tsx'
import { SignOutEverywhere } from '#app/features/users/sign-out-everywhere.tsx'
import { updateProfile } from '#app/features/users/users.api.ts'
import { ApiError, messageOf } from '#app/lib/api-client.ts'
import { textFieldsOf, validate } from '#app/lib/form-errors.ts'
import { saveSession } from '#app/lib/session.ts'
import { toast } from '#app/lib/toast.tsx'
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
  const result = validate(ProfileFormSchema, textFieldsOf(await request.formData()))
  if (!result.ok) return { errors: result.errors }
  const { name, email, password, currentPassword } = result.data
  if ((password || email !== session.email) && !currentPassword) {
    return { errors: { currentPassword: CURRENT_PASSWORD_REQUIRED } }
  }
  try {
    saveSession(await updateProfile({ name, email, password, currentPassword }))
  } catch (error) {
    if (error instanceof ApiError && error.message === CURRENT_PASSWORD_WRONG) {
      return { errors: { currentPassword: CURRENT_PASSWORD_WRONG } }
    }
    return { formError: messageOf(error) }
  }
  toast.success('Profile updated successfully')
  return { savedAt: Date.now() }
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const savedAt = actionData?.savedAt
  useEffect(() => {
    // Clears the password fields once saved; name and email reset to the newly stored values.
    if (savedAt) formRef.current?.reset()
  }, [savedAt])

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
        <InputField
          label="Name"
          name="name"
          autoComplete="name"
          required
          defaultValue={loaderData.name}
          error={actionData?.errors?.name}
        />
        <EmailField defaultValue={loaderData.email} error={actionData?.errors?.email} />
        <fieldset className="rounded-lg border border-slate-200 px-4 pb-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            Change password (optional)
          </legend>
          <div className="space-y-5">
            <p className="text-sm text-slate-600">
              Leave both fields empty to keep your current password.
            </p>
            <PasswordFields
              errors={actionData?.errors}
              label="New password"
              confirmLabel="Confirm new password"
              required={false}
            />
          </div>
        </fieldset>
        <InputField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint="Needed only to change your e-mail or password."
          error={actionData?.errors?.currentPassword}
        />
      </AccountForm>
      <div id="security" className="scroll-mt-20">
        <AccountSecuritySections isAdmin={loaderData.isAdmin} security={loaderData.security} />
        <SignOutEverywhere />
      </div>
    </AccountCard>
  )
}
