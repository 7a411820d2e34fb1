import { redirect } from 'react-router'
import { SignUpFormSchema } from '#common/schemas/users.ts'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import {
  AccountFooterLink,
  AccountForm,
  EmailField,
  NameField,
} from '#app/features/users/account-form.tsx'
import { redirectQuery, redirectTargetOf } from '#app/features/users/account-redirect.ts'
import { PasswordFields } from '#app/features/users/password-fields.tsx'
import { safeRedirect } from '#app/features/users/redirect.ts'
import { signUp } from '#app/features/users/users.api.ts'
import { errorsOf, submitForm } from '#app/lib/form.ts'
import { saveSession } from '#app/lib/session.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { SIGNUPS_CLOSED } from '#common/schemas/settings.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/signup'
import { HYDRATED_PAGE } from '#app/lib/static-page.ts'

/** An account or admin screen runs in the browser (clientLoader): it needs React. */
export const handle = HYDRATED_PAGE

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Create an Account', matches) },
]

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { redirectTo } = redirectTargetOf(request)
  return { redirectTo }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const formData = await request.formData()
  const result = await submitForm(
    formData,
    SignUpFormSchema,
    async ({ name, email, password }) => saveSession(await signUp({ name, email, password })),
    undefined,
  )
  if ('errors' in result) return result
  return redirect(safeRedirect(String(formData.get('redirect') ?? '')))
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function SignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData
  const query = redirectQuery(redirectTo)
  const { signupsOpen } = useSiteSettings()
  const errors = errorsOf(actionData)

  return (
    <AccountCard
      title="Create an Account"
      intro="Sign up to keep your contact details up to date."
      footer={
        <>
          Already have an account?{' '}
          <AccountFooterLink to={`/signin${query}`}>Sign in</AccountFooterLink>
        </>
      }
    >
      {signupsOpen ? (
        <AccountForm result={actionData} submitLabel="Sign Up" busyLabel="Creating account...">
          <input type="hidden" name="redirect" value={redirectTo} />
          <NameField error={errors?.name} />
          <EmailField error={errors?.email} />
          <PasswordFields errors={errors} />
        </AccountForm>
      ) : (
        <Alert>{SIGNUPS_CLOSED}: new accounts cannot be created at the moment.</Alert>
      )}
    </AccountCard>
  )
}
