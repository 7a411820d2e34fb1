import { Link, redirect } from 'react-router'
import { SignInBodySchema } from '#common/schemas/users.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import { AccountFooterLink, AccountForm, EmailField } from '#app/features/users/account-form.tsx'
import { redirectQuery, redirectTargetOf } from '#app/features/users/account-redirect.ts'
import { safeRedirect } from '#app/features/users/redirect.ts'
import { signIn } from '#app/features/users/users.api.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { textFieldsOf, validate } from '#app/lib/form-errors.ts'
import { saveSession } from '#app/lib/session.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/signin'
import { HYDRATED_PAGE } from '#app/lib/static-page.ts'

/** An account or admin screen runs in the browser (clientLoader): it needs React. */
export const handle = HYDRATED_PAGE

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Sign In', matches) }]

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { redirectTo, session } = redirectTargetOf(request)
  return { redirectTo, signedInAs: session?.name ?? null }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = textFieldsOf(await request.formData())
  const result = validate(SignInBodySchema, values)
  if (!result.ok) return { errors: result.errors }
  try {
    saveSession(await signIn(result.data))
  } catch (error) {
    return { formError: messageOf(error) }
  }
  return redirect(safeRedirect(values.redirect))
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, signedInAs } = loaderData
  const query = redirectQuery(redirectTo)
  const { signupsOpen } = useSiteSettings()

  return (
    <AccountCard
      title="Sign In"
      intro="Welcome back. Sign in to manage your profile."
      footer={
        signupsOpen ? (
          <>
            New here?{' '}
            <AccountFooterLink to={`/signup${query}`}>Create an account</AccountFooterLink>
          </>
        ) : undefined
      }
    >
      {signedInAs ? (
        <Alert className="mb-4">
          You are signed in as {signedInAs}, but that page needs an administrator account. Sign in
          with one to continue.
        </Alert>
      ) : null}
      <AccountForm result={actionData} submitLabel="Sign In" busyLabel="Signing in...">
        <input type="hidden" name="redirect" value={redirectTo} />
        <EmailField error={actionData?.errors?.email} />
        <InputField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={actionData?.errors?.password}
        />
        <div className="flex justify-end">
          <Link
            to="/forget-password"
            className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Forgot your password?
          </Link>
        </div>
      </AccountForm>
    </AccountCard>
  )
}
