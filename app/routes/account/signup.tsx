import { redirect } from 'react-router'
import { SignUpFormSchema } from '#common/schemas/users.ts'
import { InputField } from '#app/components/ui/field.tsx'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import { AccountFooterLink, AccountForm, EmailField } from '#app/features/users/account-form.tsx'
import { redirectQuery, redirectTargetOf } from '#app/features/users/account-redirect.ts'
import { PasswordFields } from '#app/features/users/password-fields.tsx'
import { safeRedirect } from '#app/features/users/redirect.ts'
import { signUp } from '#app/features/users/users.api.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { textFieldsOf, validate } from '#app/lib/form-errors.ts'
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
  const values = textFieldsOf(await request.formData())
  const result = validate(SignUpFormSchema, values)
  if (!result.ok) return { errors: result.errors }
  const { name, email, password } = result.data
  try {
    saveSession(await signUp({ name, email, password }))
  } catch (error) {
    return { formError: messageOf(error) }
  }
  return redirect(safeRedirect(values.redirect))
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function SignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData
  const query = redirectQuery(redirectTo)
  const { signupsOpen } = useSiteSettings()

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
          <InputField
            label="Name"
            name="name"
            autoComplete="name"
            required
            error={actionData?.errors?.name}
          />
          <EmailField error={actionData?.errors?.email} />
          <PasswordFields errors={actionData?.errors} />
        </AccountForm>
      ) : (
        <Alert>{SIGNUPS_CLOSED}: new accounts cannot be created at the moment.</Alert>
      )}
    </AccountCard>
  )
}
