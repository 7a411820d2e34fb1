import { useCallback, useEffect, useState } from 'react'
import type { AccountSecurity } from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { getAccountSecurity } from './account-security.api.ts'
import { PasskeysSection } from './passkeys-section.tsx'
import { ReverifySection } from './reverify-section.tsx'
import { SessionsSection } from './sessions-section.tsx'
import { TwoFactorSection } from './two-factor-section.tsx'

/** The profile's security parts: two-factor, passkeys, the recent check and signed-in devices. */
export function AccountSecuritySections({ isAdmin }: { isAdmin: boolean }) {
  const [status, setStatus] = useState<AccountSecurity | null>(null)
  const [error, setError] = useState<string | null>(null)
  const refresh = useCallback(
    () => getAccountSecurity().then(setStatus, (err: unknown) => setError(messageOf(err))),
    [],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  if (error)
    return (
      <Alert kind="error" className="mt-8">
        {error}
      </Alert>
    )
  if (!status) return null
  return (
    <>
      <TwoFactorSection status={status} isAdmin={isAdmin} onChange={() => void refresh()} />
      <PasskeysSection />
      <ReverifySection status={status} onChange={setStatus} />
      <SessionsSection />
    </>
  )
}
