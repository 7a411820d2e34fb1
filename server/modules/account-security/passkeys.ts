/** Passkeys: adding and removing them, and signing in with one (both factors at once). */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type {
  Passkey,
  PasskeyAddBody,
  PasskeySignInBody,
} from '#common/schemas/account-security.ts'
import type { Session } from '#common/schemas/users.ts'
import type { PasskeyRow, UserRow, UserSessionRow } from '#server/db/schema.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { badRequest, conflict, notFound, unauthorized } from '#server/lib/http-errors.ts'
import { describeDevice } from '#server/lib/user-agent.ts'
import type { RequestOrigin, SecurityPartDeps } from './security-events.ts'

/**
 * The passkey library, loaded on first use: it serves a few sign-ins a day, and loaded at start it
 * would hold megabytes of every server's heap for nothing (the TOTP library likewise).
 */
const loadWebAuthn = () => import('@simplewebauthn/server')

const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000
const PASSKEY_NOT_FOUND = 'Passkey not found'
const PASSKEY_REFUSED = 'The passkey could not be checked; please try again'
const PASSKEY_UNKNOWN = 'This passkey is not known here'
const PASSKEY_REMOVED = 'Passkey removed'
const PASSKEY_KNOWN = 'This passkey is already registered'

const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export function createPasskeys({
  repo,
  publicUrl,
  siteName,
  now,
  log,
  events: { record, notify },
  requireRecentVerification,
  startSession,
  findUser,
}: SecurityPartDeps & {
  publicUrl: string
  startSession: (user: UserRow, origin: RequestOrigin) => Promise<Session>
  findUser: (userId: string) => Promise<UserRow>
}) {
  const site = new URL(publicUrl)
  const rpID = site.hostname
  const expectedOrigin = site.origin

  return {
    async listPasskeys(userId: string): Promise<{ passkeys: Passkey[] }> {
      return { passkeys: (await repo.listPasskeys(userId)).map(toPasskey) }
    },

    /** Options for adding a passkey (the recent check is needed). */
    async passkeyRegistrationOptions(user: UserRow, session: UserSessionRow) {
      requireRecentVerification(session)
      const existing = await repo.listPasskeys(user.id)
      const { generateRegistrationOptions } = await loadWebAuthn()
      const options = await generateRegistrationOptions({
        rpName: siteName,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      })
      await repo.insertPasskeyChallenge({
        challenge: options.challenge,
        userId: user.id,
        expiresAt: new Date(now().getTime() + PASSKEY_CHALLENGE_TTL_MS),
      })
      return options
    },

    /**
     * Stores a passkey the browser made with the options above. 400 when it does not check out,
     * 409 when its credential is registered already (to this account or another).
     */
    async addPasskey(
      user: UserRow,
      session: UserSessionRow,
      { name, credential }: PasskeyAddBody,
    ): Promise<Passkey> {
      const { verifyRegistrationResponse } = await loadWebAuthn()
      const verification = await verifyRegistrationResponse({
        response: credential as unknown as RegistrationResponseJSON,
        expectedChallenge: (challenge) => repo.claimPasskeyChallenge(challenge, user.id, now()),
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch((err: unknown) => {
        log.info({ err }, 'passkey registration refused')
        return undefined
      })
      if (!verification?.verified) throw badRequest(PASSKEY_REFUSED)
      const { credential: made } = verification.registrationInfo
      const row = await repo
        .insertPasskey({
          userId: user.id,
          credentialId: made.id,
          publicKey: Buffer.from(made.publicKey),
          counter: made.counter,
          transports: made.transports ?? [],
          name,
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(PASSKEY_KNOWN) : error
        })
      await record(user, user.email, 'passkey-added', session.device)
      notify(user, 'passkey-added', session.device)
      return toPasskey(row)
    },

    /** 404 for no such passkey of the user's; 403 without the recent check. */
    async removePasskey(user: UserRow, session: UserSessionRow, id: string) {
      requireRecentVerification(session)
      if (!(await repo.deletePasskey(user.id, id))) throw notFound(PASSKEY_NOT_FOUND)
      await record(user, user.email, 'passkey-removed', session.device)
      return { message: PASSKEY_REMOVED }
    },

    /** Options for signing in with a passkey (a discoverable credential: no e-mail needed). */
    async passkeySignInOptions() {
      const at = now()
      await repo.pruneChallenges(at)
      const { generateAuthenticationOptions } = await loadWebAuthn()
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' })
      await repo.insertPasskeyChallenge({
        challenge: options.challenge,
        userId: null,
        expiresAt: new Date(at.getTime() + PASSKEY_CHALLENGE_TTL_MS),
      })
      return options
    },

    /**
     * Signs in with a passkey: both factors at once. 401 when it does not check out, logged as a
     * failed sign-in to the passkey's account.
     */
    async signInWithPasskey({ credential }: PasskeySignInBody, origin: RequestOrigin) {
      const passkey = await repo.findPasskey(credential.id)
      if (!passkey) throw unauthorized(PASSKEY_UNKNOWN)
      const { verifyAuthenticationResponse } = await loadWebAuthn()
      const verification = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: (challenge) => repo.claimPasskeyChallenge(challenge, null, now()),
        expectedOrigin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }).catch((err: unknown) => {
        log.info({ err }, 'passkey sign-in refused')
        return undefined
      })
      if (!verification?.verified) {
        // A known passkey that did not check out is a failed sign-in to its account, like a wrong
        // password or code; an unknown one names no account.
        const owner = await repo.findUser(passkey.userId)
        if (owner) {
          await record(owner, owner.email, 'sign-in-failed', describeDevice(origin.userAgent))
        }
        throw unauthorized(PASSKEY_REFUSED)
      }
      await repo.usePasskey(passkey.id, verification.authenticationInfo.newCounter, now())
      return startSession(await findUser(passkey.userId), origin)
    },
  }
}
