import { ReverifyBodySchema, type AccountSecurity } from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { CurrentPasswordField } from '#app/components/ui/current-password-field.tsx'
import { useFormSubmit } from '#app/lib/form.ts'
import { reverify } from './account-security.api.ts'
import { ProfileSection } from './profile-section.tsx'

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

/**
 * "Confirm it is you": the password entered again, for the acts that need a recent check (two-factor
 * setup, new recovery codes, adding or removing a passkey, ending another device's session, an
 * admin's changes to other accounts, a backup download).
 */
export function ReverifySection({
  status,
  onChange,
}: {
  status: AccountSecurity
  onChange: (status: AccountSecurity) => void
}) {
  const form = useFormSubmit(ReverifyBodySchema, async (body) => onChange(await reverify(body)))

  return (
    <ProfileSection
      title="Confirm it is you"
      intro="Setting up two-factor, new recovery codes, adding or removing a passkey, ending another device's session, changing an account's e-mail, demoting or deleting an administrator and downloading a backup need your password from the last 10 minutes."
    >
      {status.verifiedUntil ? (
        <Alert kind="success">Confirmed until {timeOf(status.verifiedUntil)}.</Alert>
      ) : (
        <form onSubmit={form.onSubmit} noValidate className="space-y-4">
          {form.errors?.form ? <Alert kind="error">{form.errors.form}</Alert> : null}
          <CurrentPasswordField
            label="Password"
            name="password"
            required
            error={form.errors?.password}
          />
          <Button type="submit" variant="secondary" className="w-full" disabled={form.isBusy}>
            Confirm
          </Button>
        </form>
      )}
    </ProfileSection>
  )
}
