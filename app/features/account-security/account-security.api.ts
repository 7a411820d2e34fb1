import type {
  AccountSecurity,
  Passkey,
  RecoveryCodes,
  ReverifyBody,
  SecurityLog,
  SessionsList,
  SignInResult,
  SignInSecondStepBody,
  TwoFactorDisableBody,
  TwoFactorSetup,
} from '#common/schemas/account-security.ts'
import type { MessageResponse } from '#common/schemas/common.ts'
import type { Session, SignInBody } from '#common/schemas/users.ts'
import { apiRequest } from '#app/lib/api-client.ts'
import { settleEach } from '#app/lib/settle.ts'

/** The password step: the session, or the challenge for the second step when two-factor is on. */
export const signInFirstStep = (body: SignInBody) =>
  apiRequest<SignInResult>('/api/users/signin', { method: 'POST', body })

export const signInSecondStep = (body: SignInSecondStepBody) =>
  apiRequest<Session>('/api/users/signin/2fa', { method: 'POST', body })

const getAccountSecurity = () => apiRequest<AccountSecurity>('/api/users/security')

export const reverify = (body: ReverifyBody) =>
  apiRequest<AccountSecurity>('/api/users/reverify', { method: 'POST', body })

export const setupTwoFactor = () =>
  apiRequest<TwoFactorSetup>('/api/users/2fa/setup', { method: 'POST' })

export const enableTwoFactor = (code: string) =>
  apiRequest<RecoveryCodes>('/api/users/2fa/enable', { method: 'POST', body: { code } })

export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  apiRequest<MessageResponse>('/api/users/2fa/disable', { method: 'POST', body })

export const regenerateRecoveryCodes = () =>
  apiRequest<RecoveryCodes>('/api/users/2fa/recovery-codes', { method: 'POST' })

const listSessions = () => apiRequest<SessionsList>('/api/users/sessions')

export const endSession = (id: string) =>
  apiRequest<MessageResponse>(`/api/users/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  })

export const getSecurityLog = () => apiRequest<SecurityLog>('/api/users/security-log')

const listPasskeys = () => apiRequest<{ passkeys: Passkey[] }>('/api/users/passkeys')

/** What the profile's security sections show, read at once, each part settled on its own. */
export const loadAccountSecurity = () =>
  settleEach({
    status: getAccountSecurity(),
    passkeys: listPasskeys().then((list) => list.passkeys),
    sessions: listSessions().then((list) => list.sessions),
  })

export type AccountSecurityData = Awaited<ReturnType<typeof loadAccountSecurity>>

export const passkeyRegistrationOptions = () =>
  apiRequest<Record<string, unknown>>('/api/users/passkeys/options', { method: 'POST' })

export const addPasskey = (body: { name: string; credential: unknown }) =>
  apiRequest<Passkey>('/api/users/passkeys', { method: 'POST', body })

export const removePasskey = (id: string) =>
  apiRequest<MessageResponse>(`/api/users/passkeys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  })

export const passkeySignInOptions = () =>
  apiRequest<Record<string, unknown>>('/api/users/signin/passkey/options', { method: 'POST' })

export const signInWithPasskey = (credential: unknown) =>
  apiRequest<Session>('/api/users/signin/passkey', { method: 'POST', body: { credential } })
