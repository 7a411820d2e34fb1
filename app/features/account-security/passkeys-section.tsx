import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { PasskeyAddBodySchema, type Passkey } from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useConfirm } from '#app/components/ui/confirm-dialog.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { ApiError, messageOf } from '#app/lib/api-client.ts'
import { answerMessage, runIntent, useFormSubmit } from '#app/lib/form.ts'
import type { Settled } from '#app/lib/settle.ts'
import { removePasskey } from './account-security.api.ts'
import { createPasskey, passkeyErrorMessage } from './passkeys.ts'
import { formatWhen, ProfileList, ProfileListRow, ProfileSection } from './profile-section.tsx'

/** The passkey's label, the one field the form has; the credential comes from the device. */
const PasskeyNameSchema = PasskeyAddBodySchema.pick({ name: true })

/** The account's passkeys: sign in with the device's lock instead of password and code. */
export function PasskeysSection({ list }: { list: Settled<Passkey[]> }) {
  const passkeys = list.ok ? list.value : null
  const [error, setError] = useState<string | null>(list.ok ? null : list.message)
  const { revalidate: refresh } = useRevalidator()

  // The browser's WebAuthn ceremony runs inside the save; the device's refusal is told in its words.
  const add = useFormSubmit(
    PasskeyNameSchema,
    async ({ name }) => {
      setError(null)
      try {
        await createPasskey(name)
      } catch (err) {
        if (err instanceof ApiError) throw err
        throw new Error(passkeyErrorMessage(err, messageOf(err)), { cause: err })
      }
      await refresh()
    },
    'Passkey added',
  )

  const { confirm, dialog } = useConfirm()
  async function remove(passkey: Passkey) {
    const isSure = await confirm(`Remove the passkey ${passkey.name}?`, {
      detail: 'It no longer signs in to this account.',
      confirmLabel: 'Remove',
      variant: 'danger',
    })
    if (isSure && (await runIntent(() => removePasskey(passkey._id), answerMessage)))
      await refresh()
  }

  return (
    <ProfileSection
      title="Passkeys"
      intro="Sign in with this device's fingerprint, face or PIN instead of password and code."
    >
      {error || add.errors?.form ? <Alert kind="error">{error ?? add.errors?.form}</Alert> : null}
      {passkeys && passkeys.length > 0 ? (
        <ProfileList label="Passkeys">
          {passkeys.map((passkey) => (
            <ProfileListRow
              key={passkey._id}
              title={passkey.name}
              detail={`Added ${formatWhen(passkey.createdAt)}${
                passkey.lastUsedAt
                  ? `, last used ${formatWhen(passkey.lastUsedAt)}`
                  : ', not used yet'
              }`}
              action={
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove the passkey ${passkey.name}`}
                  onClick={() => void remove(passkey)}
                >
                  Remove
                </Button>
              }
            />
          ))}
        </ProfileList>
      ) : null}
      <form onSubmit={add.onSubmit} noValidate className="space-y-4">
        <InputField
          label="Passkey label"
          name="name"
          placeholder="e.g. Work laptop"
          maxLength={60}
          error={add.errors?.name}
        />
        <Button type="submit" variant="secondary" className="w-full" disabled={add.isBusy}>
          {add.isBusy ? 'Waiting for the passkey...' : 'Add a passkey'}
        </Button>
      </form>
      {dialog}
    </ProfileSection>
  )
}
