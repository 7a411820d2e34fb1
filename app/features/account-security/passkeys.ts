/** The browser side of the passkey ceremonies, through @simplewebauthn/browser. */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import type { Passkey } from '#common/schemas/account-security.ts'
import type { Session } from '#common/schemas/users.ts'
import {
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  signInWithPasskey,
} from './account-security.api.ts'

type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON']
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON']

/** Makes a passkey on this device and stores it with the account. */
export async function createPasskey(name: string): Promise<Passkey> {
  const optionsJSON = (await passkeyRegistrationOptions()) as unknown as CreationOptions
  const credential = await startRegistration({ optionsJSON })
  return addPasskey({ name, credential })
}

/** Signs in with a passkey this device (or a phone nearby) holds. */
export async function signInUsingPasskey(): Promise<Session> {
  const optionsJSON = (await passkeySignInOptions()) as unknown as RequestOptions
  const credential = await startAuthentication({ optionsJSON })
  return signInWithPasskey(credential)
}

/** The message for a ceremony the person cancelled or the browser refused. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'The passkey prompt was closed or timed out'
  }
  return error instanceof Error && error.message ? error.message : fallback
}
