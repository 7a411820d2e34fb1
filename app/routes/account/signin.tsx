import { useState } from 'react'
import { Link, redirect, useNavigate } from 'react-router'
import { SignInSecondStepBodySchema } from '#common/schemas/account-security.ts'
import { SignInBodySchema, type Session } from '#common/schemas/users.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { CurrentPasswordField } from '#app/components/ui/current-password-field.tsx'
import {
  signInFirstStep,
  signInSecondStep,
} from '#app/features/account-security/account-security.api.ts'
import { passkeyErrorMessage, signInUsingPasskey } from '#app/features/account-security/passkeys.ts'
import { CodeField } from '#app/features/account-security/two-factor-section.tsx'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import { AccountFooterLink, AccountForm, EmailField } from '#app/features/users/account-form.tsx'
import { redirectQuery, redirectTargetOf } from '#app/features/users/account-redirect.ts'
import { landingAfterSignIn } from '#app/features/users/redirect.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { errorsOf, submitForm } from '#app/lib/form.ts'
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
  const formData = await request.formData()
  const landing = (session: Session) =>
    redirect(landingAfterSignIn(session, String(formData.get('redirect') ?? '')))
  // The code (or recovery code) step, with the challenge the password step answered.
  const challenge = formData.get('challenge')
  if (typeof challenge === 'string') {
    const result = await submitForm(
      formData,
      SignInSecondStepBodySchema,
      signInSecondStep,
      undefined,
    )
    if ('errors' in result) return { challenge, ...result }
    saveSession(result.answer)
    return landing(result.answer)
  }
  const result = await submitForm(formData, SignInBodySchema, signInFirstStep, undefined)
  if ('errors' in result) return result
  // Two-factor is on: the page asks for the code next.
  if ('twoFactorRequired' in result.answer) return { challenge: result.answer.challenge }
  saveSession(result.answer)
  return landing(result.answer)
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, signedInAs } = loaderData
  const query = redirectQuery(redirectTo)
  const { signupsOpen } = useSiteSettings()
  const errors = errorsOf(actionData)

  if (actionData && 'challenge' in actionData) {
    return (
      <SecondStep challenge={actionData.challenge} redirectTo={redirectTo} result={actionData} />
    )
  }

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
        <EmailField error={errors?.email} />
        <CurrentPasswordField label="Password" name="password" required error={errors?.password} />
        <div className="flex justify-end">
          <Link
            to="/forget-password"
            className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Forgot your password?
          </Link>
        </div>
      </AccountForm>
      <PasskeySignIn redirectTo={redirectTo} />
    </AccountCard>
  )
}

/** The second step when two-factor is on: a code from the app, or a recovery code. */
function SecondStep({
  challenge,
  redirectTo,
  result,
}: {
  challenge: string
  redirectTo: string
  result: object
}) {
  const errors = errorsOf(result)
  const [mode, setMode] = useState<'code' | 'recovery'>('code')
  return (
    <AccountCard
      title="Two-factor sign-in"
      intro={
        mode === 'code'
          ? 'Enter the six-digit code your authenticator app shows for this site.'
          : 'Enter one of the recovery codes you saved when you turned two-factor on. Each works once.'
      }
      footer={
        <AccountFooterLink to={`/signin${redirectQuery(redirectTo)}`}>
          Start again
        </AccountFooterLink>
      }
    >
      <AccountForm result={result} submitLabel="Verify" busyLabel="Checking...">
        <input type="hidden" name="redirect" value={redirectTo} />
        <input type="hidden" name="challenge" value={challenge} />
        <input type="hidden" name="mode" value={mode} />
        {mode === 'code' ? (
          <CodeField label="Authentication code" error={errors?.code} />
        ) : (
          <InputField
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            spellCheck={false}
            required
            error={errors?.recoveryCode}
          />
        )}
      </AccountForm>
      <Button
        variant="ghost"
        className="mt-3 w-full"
        onClick={() => setMode(mode === 'code' ? 'recovery' : 'code')}
      >
        {mode === 'code' ? 'Use a recovery code instead' : 'Use a code from the app instead'}
      </Button>
    </AccountCard>
  )
}

/** Signs in with a passkey (both factors at once), outside the password form. */
function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)

  async function start() {
    setBusy(true)
    setError(null)
    try {
      const session = await signInUsingPasskey()
      saveSession(session)
      await navigate(landingAfterSignIn(session, redirectTo))
    } catch (err) {
      setError(passkeyErrorMessage(err, messageOf(err)))
      setBusy(false)
    }
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      {error ? (
        <Alert kind="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <Button variant="secondary" className="w-full" disabled={isBusy} onClick={() => void start()}>
        {isBusy ? 'Waiting for the passkey...' : 'Use a passkey'}
      </Button>
    </div>
  )
}
