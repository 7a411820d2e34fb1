import { redirect } from 'react-router'
import { ForgetPasswordBodySchema } from '#common/schemas/users.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import { AccountFooterLink, AccountForm, EmailField } from '#app/features/users/account-form.tsx'
import { requestPasswordReset } from '#app/features/users/users.api.ts'
import { errorsOf, submitForm } from '#app/lib/form.ts'
import { getSession } from '#app/lib/session.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/forget-password'
import { HYDRATED_PAGE } from '#app/lib/static-page.ts'

/** An account or admin screen runs in the browser (clientLoader): it needs React. */
export const handle = HYDRATED_PAGE

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Forgot Password', matches) },
]

export function clientLoader() {
  if (getSession()) throw redirect('/')
  return null
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitForm(
    await request.formData(),
    ForgetPasswordBodySchema,
    requestPasswordReset,
    undefined,
  )
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function ForgetPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <AccountCard
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={<AccountFooterLink to="/signin">Back to sign in</AccountFooterLink>}
    >
      {actionData && 'saved' in actionData ? (
        <Alert kind="success" className="mb-4">
          {actionData.answer.message}
        </Alert>
      ) : null}
      <AccountForm result={actionData} submitLabel="Send Reset Link" busyLabel="Sending...">
        <EmailField error={errorsOf(actionData)?.email} />
      </AccountForm>
    </AccountCard>
  )
}
