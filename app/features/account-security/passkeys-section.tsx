import { useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import type { Passkey } from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import type { Settled } from '#app/lib/settle.ts'
import { toast } from '#app/lib/toast.tsx'
import { removePasskey } from './account-security.api.ts'
import { createPasskey, passkeyErrorMessage } from './passkeys.ts'
import { formatWhen, ProfileSection } from './profile-section.tsx'

/** The account's passkeys: sign in with the device's lock instead of password and code. */
export function PasskeysSection({ list }: { list: Settled<Passkey[]> }) {
  const passkeys = list.ok ? list.value : null
  const [error, setError] = useState<string | null>(list.ok ? null : list.message)
  const [isBusy, setBusy] = useState(false)
  const { revalidate: refresh } = useRevalidator()

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const name = String(new FormData(form).get('name') ?? '').trim()
    if (!name) {
      setError('Give the passkey a label, e.g. "Work laptop"')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await createPasskey(name)
      form.reset()
      toast.success('Passkey added')
      await refresh()
    } catch (err) {
      setError(passkeyErrorMessage(err, messageOf(err)))
    } finally {
      setBusy(false)
    }
  }

  async function remove(passkey: Passkey) {
    try {
      const { message } = await removePasskey(passkey._id)
      toast.success(message)
      await refresh()
    } catch (err) {
      toast.error(messageOf(err))
    }
  }

  return (
    <ProfileSection
      title="Passkeys"
      intro="Sign in with this device's fingerprint, face or PIN instead of password and code."
    >
      {error ? <Alert kind="error">{error}</Alert> : null}
      {passkeys && passkeys.length > 0 ? (
        <ul
          aria-label="Passkeys"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {passkeys.map((passkey) => (
            <li key={passkey._id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">{passkey.name}</p>
                <p className="text-slate-600">
                  Added {formatWhen(passkey.createdAt)}
                  {passkey.lastUsedAt
                    ? `, last used ${formatWhen(passkey.lastUsedAt)}`
                    : ', not used yet'}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove the passkey ${passkey.name}`}
                onClick={() => void remove(passkey)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={(e) => void add(e)} noValidate className="space-y-4">
        <InputField
          label="Passkey label"
          name="name"
          placeholder="e.g. Work laptop"
          maxLength={60}
        />
        <Button type="submit" variant="secondary" className="w-full" disabled={isBusy}>
          {isBusy ? 'Waiting for the passkey...' : 'Add a passkey'}
        </Button>
      </form>
    </ProfileSection>
  )
}
