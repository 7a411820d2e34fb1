import { useRevalidator } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import type { AccountSecurityData } from './account-security.api.ts'
import { PasskeysSection } from './passkeys-section.tsx'
import { ReverifySection } from './reverify-section.tsx'
import { SessionsSection } from './sessions-section.tsx'
import { TwoFactorSection } from './two-factor-section.tsx'

/**
 * The profile's security parts: two-factor, passkeys, the recent check and signed-in devices, as
 * the profile's loader read them; a change revalidates the route.
 */
export function AccountSecuritySections({
  isAdmin,
  security,
}: {
  isAdmin: boolean
  security: AccountSecurityData
}) {
  const { revalidate } = useRevalidator()
  const refresh = () => void revalidate()
  const { status, passkeys, sessions } = security

  if (!status.ok)
    return (
      <Alert kind="error" className="mt-8">
        {status.message}
      </Alert>
    )
  return (
    <>
      <TwoFactorSection status={status.value} isAdmin={isAdmin} onChange={refresh} />
      <PasskeysSection list={passkeys} />
      <ReverifySection status={status.value} onChange={refresh} />
      <SessionsSection list={sessions} />
    </>
  )
}
