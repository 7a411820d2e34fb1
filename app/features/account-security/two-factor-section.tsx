import { useState } from 'react'
import {
  TwoFactorCodeBodySchema,
  TwoFactorDisableBodySchema,
  type AccountSecurity,
  type TwoFactorSetup,
} from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { CurrentPasswordField } from '#app/components/ui/current-password-field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { answerMessage, useFormSubmit } from '#app/lib/form.ts'
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
} from './account-security.api.ts'
import { ProfileSection } from './profile-section.tsx'
import { RecoveryCodesList } from './recovery-codes.tsx'

/** The six-digit code input, as authenticator apps and password managers expect it. */
export function CodeField({
  error,
  label = 'Code from your app',
}: {
  error?: string
  label?: string
}) {
  return (
    <InputField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      error={error}
    />
  )
}

/** Two-factor sign-in: set up with a QR code, turn on with a code, recovery codes, turn off. */
export function TwoFactorSection({
  status,
  isAdmin,
  onChange,
}: {
  status: AccountSecurity
  isAdmin: boolean
  onChange: () => void
}) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setBusy] = useState(false)
  const [isRecoveryCode, setRecoveryCode] = useState(false)

  async function run(work: () => Promise<void>) {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  const start = () => run(async () => setSetup(await setupTwoFactor()))
  const enable = useFormSubmit(
    TwoFactorCodeBodySchema,
    async ({ code }) => {
      const { recoveryCodes } = await enableTwoFactor(code)
      setSetup(null)
      setCodes(recoveryCodes)
    },
    'Two-factor sign-in is on',
  )
  const regenerate = () =>
    run(async () => setCodes((await regenerateRecoveryCodes()).recoveryCodes))
  // The code field the form does not show is left out, so the body has the one the owner typed.
  const disable = useFormSubmit(
    TwoFactorDisableBodySchema,
    async (body) => {
      const answer = await disableTwoFactor(body)
      onChange()
      return answer
    },
    answerMessage,
  )
  const formError = error ?? enable.errors?.form ?? disable.errors?.form
  const isWorking = isBusy || enable.isBusy || disable.isBusy

  const intro = status.twoFactorEnabled
    ? `Two-factor sign-in is on: signing in asks for a code from your authenticator app. ${status.recoveryCodesLeft} recovery code${status.recoveryCodesLeft === 1 ? '' : 's'} left.`
    : isAdmin
      ? 'Your account can change the whole site: protect it with a code from an authenticator app as well as the password.'
      : 'Ask for a code from an authenticator app as well as the password when signing in.'

  return (
    <ProfileSection title="Two-factor sign-in" intro={intro}>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      {codes ? (
        <RecoveryCodesList
          codes={codes}
          onDone={() => {
            setCodes(null)
            onChange()
          }}
        />
      ) : status.twoFactorEnabled ? (
        <>
          <Button
            variant="secondary"
            className="w-full"
            disabled={isWorking}
            onClick={() => void regenerate()}
          >
            Make new recovery codes
          </Button>
          <form
            onSubmit={disable.onSubmit}
            noValidate
            className="space-y-4 rounded-lg border border-slate-200 p-4"
          >
            <h3 className="text-sm font-semibold text-slate-800">Turn two-factor off</h3>
            <CurrentPasswordField
              label="Current password"
              name="currentPassword"
              required
              error={disable.errors?.currentPassword}
            />
            {isRecoveryCode ? (
              <InputField
                label="Recovery code"
                name="recoveryCode"
                autoComplete="off"
                hint="One of the codes you saved; it works once."
                required
                error={disable.errors?.recoveryCode}
              />
            ) : (
              <CodeField error={disable.errors?.code} />
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRecoveryCode(!isRecoveryCode)}
              disabled={isWorking}
            >
              {isRecoveryCode ? 'Use a code from the app instead' : 'Use a recovery code instead'}
            </Button>
            <Button type="submit" variant="danger" className="w-full" disabled={isWorking}>
              Turn off two-factor
            </Button>
          </form>
        </>
      ) : setup ? (
        <form onSubmit={enable.onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            Scan this code with an authenticator app (1Password, Bitwarden, Google Authenticator
            ...), or enter the key by hand, then type the six-digit code it shows.
          </p>
          <img
            src={setup.qrCode}
            alt="QR code of the two-factor key for your authenticator app"
            width={200}
            height={200}
            className="mx-auto rounded-lg border border-slate-200 bg-white p-2"
          />
          <p className="text-sm text-slate-700">
            Key:{' '}
            <code
              aria-label="Two-factor key"
              className="font-mono break-all text-slate-900 select-all"
            >
              {setup.secret}
            </code>
          </p>
          <CodeField error={enable.errors?.code} />
          <Button type="submit" className="w-full" disabled={isWorking}>
            Turn on two-factor
          </Button>
        </form>
      ) : (
        <Button className="w-full" disabled={isWorking} onClick={() => void start()}>
          Set up two-factor
        </Button>
      )}
    </ProfileSection>
  )
}
