import { ResetPasswordFormSchema } from '#common/schemas/users.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { AccountCard, AccountFallback } from '#app/features/users/account-card.tsx'
import { AccountFooterLink, AccountForm } from '#app/features/users/account-form.tsx'
import { PasswordFields } from '#app/features/users/password-fields.tsx'
import { resetPassword } from '#app/features/users/users.api.ts'
import { answerMessage, errorsOf, submitForm } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/reset-password'
import { HYDRATED_PAGE } from '#app/lib/static-page.ts'

/** An account or admin screen runs in the browser (clientLoader): it needs React. */
export const handle = HYDRATED_PAGE

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Reset Password', matches) },
  // The address carries a secret token: keep it out of search results and referrers.
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
]

export function clientLoader() {
  return null
}
clientLoader.hydrate = true as const

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  return submitForm(
    await request.formData(),
    ResetPasswordFormSchema,
    ({ password }) => resetPassword({ password, token: params.token }),
    answerMessage,
  )
}

export function HydrateFallback() {
  return <AccountFallback />
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  if (actionData && 'saved' in actionData) {
    return (
      <AccountCard title="Reset Password">
        <Alert kind="success">{actionData.answer.message}</Alert>
        <ButtonLink to="/signin" size="lg" className="mt-6 w-full">
          Sign In
        </ButtonLink>
      </AccountCard>
    )
  }

  return (
    <AccountCard
      title="Reset Password"
      intro="Choose a new password for your account."
      footer={<AccountFooterLink to="/forget-password">Request a new link</AccountFooterLink>}
    >
      <AccountForm result={actionData} submitLabel="Update Password" busyLabel="Saving...">
        <PasswordFields
          errors={errorsOf(actionData)}
          label="New password"
          confirmLabel="Confirm new password"
        />
      </AccountForm>
    </AccountCard>
  )
}
