import { useState, type FormEvent } from 'react'
import type { AccountSecurity } from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
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
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const password = String(new FormData(form).get('password') ?? '')
    setBusy(true)
    setError(null)
    try {
      onChange(await reverify({ password }))
      form.reset()
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <ProfileSection
      title="Confirm it is you"
      intro="Setting up two-factor, new recovery codes, adding or removing a passkey, ending another device's session, changing an account's e-mail, demoting or deleting an administrator and downloading a backup need your password from the last 10 minutes."
    >
      {status.verifiedUntil ? (
        <Alert kind="success">Confirmed until {timeOf(status.verifiedUntil)}.</Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          {error ? <Alert kind="error">{error}</Alert> : null}
          <InputField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Button type="submit" variant="secondary" className="w-full" disabled={isBusy}>
            Confirm
          </Button>
        </form>
      )}
    </ProfileSection>
  )
}
