/**
 * The account's security beyond the password: session records (listed, ended one by one, checked
 * on every request), TOTP two-factor with recovery codes, the sign-in step between password and
 * code, passkeys, the recent-check window for dangerous acts, and the security log and notices.
 */
import { createHash, randomBytes } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { FastifyBaseLogger } from 'fastify'
import {
  CURRENT_PASSWORD_WRONG,
  RECOVERY_CODE_COUNT,
  REVERIFY_REQUIRED,
  REVERIFY_WINDOW_MS,
  SECOND_FACTOR_GUESSES_MAX,
  SECOND_FACTOR_WINDOW_MS,
  SECURITY_LOG_PER_KIND,
  SECURITY_LOG_RETENTION_DAYS,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '#common/constants.ts'
import type {
  AccountSecurity,
  Passkey,
  PasskeyAddBody,
  PasskeySignInBody,
  RecoveryCodes,
  ReverifyBody,
  SecurityLog,
  SessionsList,
  SignInResult,
  SignInSecondStepBody,
  TwoFactorDisableBody,
  TwoFactorSetup,
} from '#common/schemas/account-security.ts'
import type { Session } from '#common/schemas/users.ts'
import type { PasskeyRow, UserRow, UserSessionRow } from '#server/db/schema.ts'
import { badRequest, conflict, forbidden, notFound, unauthorized } from '#server/lib/http-errors.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { verifyPassword } from '#server/lib/passwords.ts'
import { tooManyRequests } from '#server/lib/rate-limits.ts'
import {
  hashRecoveryCode,
  lookupOf,
  matchesRecoveryCode,
  newRecoveryCodes,
  type StoredRecoveryCode,
} from '#server/lib/recovery-codes.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { TokenClaims, TokenService } from '#server/lib/tokens.ts'
import { describeDevice } from '#server/lib/user-agent.ts'
import type { MailService } from '../mail/mail.service.ts'
import { securityNoticeMail, type SecurityNoticeKind } from '../mail/templates/security-notice.ts'
import type { AccountSecurityRepository } from './account-security.repository.ts'

/**
 * The two-factor and passkey libraries, loaded on first use: they serve a few sign-ins a day, and
 * loaded at start they would hold about 4.5 MB of every server's heap for nothing.
 */
const loadWebAuthn = () => import('@simplewebauthn/server')
const loadTotp = () => import('otplib')
const loadQrCode = () => import('qrcode')

const TOTP_PERIOD_S = 30
const CHALLENGE_BYTES = 32
/** How stale a session's "last seen" may get before a request writes it again. */
const LAST_SEEN_RESOLUTION_MS = 60 * 1000
const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
/**
 * Failed sign-ins are the one kind of event anyone can cause: the log keeps this many of the newest
 * (each other kind is bounded by what the accounts themselves do).
 */
const FAILED_SIGN_INS_KEPT = 1000

const WRONG_CODE = 'That code is not right, or it was already used'
const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was already used'
const CHALLENGE_EXPIRED = 'This sign-in has expired; enter your e-mail and password again'
const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on'
const TWO_FACTOR_OFF = 'Two-factor sign-in is not on'
const SETUP_FIRST = 'Start the two-factor setup first'
const SESSION_NOT_FOUND = 'Session not found'
const PASSKEY_NOT_FOUND = 'Passkey not found'
const PASSKEY_REFUSED = 'The passkey could not be checked; please try again'
const PASSKEY_UNKNOWN = 'This passkey is not known here'
const SESSION_ENDED = 'Session ended'
const PASSKEY_REMOVED = 'Passkey removed'
const TWO_FACTOR_DISABLED = 'Two-factor sign-in is off'
const PASSKEY_KNOWN = 'This passkey is already registered'
const SECRET_UNREADABLE =
  'The two-factor key cannot be read since the site was restored: use a recovery code instead'

/** The kinds of entry the security log holds. */
export type SecurityEventType =
  | 'sign-in'
  | 'sign-in-failed'
  | 'two-factor-on'
  | 'two-factor-off'
  | 'recovery-code-used'
  | 'recovery-codes-regenerated'
  | 'passkey-added'
  | 'passkey-removed'
  | 'session-ended'
  | 'signed-out-everywhere'
  | 'two-factor-locked'

/** What a request tells about where it comes from. */
export interface RequestOrigin {
  userAgent?: string
  /** An approximate place, from a trusted proxy's header; null when none. */
  place: string | null
}

export interface AccountSecurityDeps {
  repo: AccountSecurityRepository
  tokens: TokenService
  secrets: SecretBox
  mail: MailService
  publicUrl: string
  /** The name authenticator apps and passkey prompts show. */
  siteName: string
  now: () => Date
  log: FastifyBaseLogger
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The notices every account gets; the others go to admins only. */
const NOTICES_FOR_EVERY_ACCOUNT: ReadonlySet<SecurityNoticeKind> = new Set([
  'two-factor-on',
  'two-factor-locked',
])

const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export function createAccountSecurityService({
  repo,
  tokens,
  secrets,
  mail,
  publicUrl,
  siteName,
  now,
  log,
}: AccountSecurityDeps) {
  const site = new URL(publicUrl)
  const rpID = site.hostname
  const expectedOrigin = site.origin
  const profileUrl = `${publicUrl}/profile`
  const background = new Set<Promise<unknown>>()

  function inBackground(work: Promise<unknown>, failure: string) {
    const tracked = work
      .catch((err: unknown) => log.error({ err }, failure))
      .finally(() => background.delete(tracked))
    background.add(tracked)
  }

  async function record(
    user: Pick<UserRow, 'id' | 'email'> | null,
    email: string,
    type: SecurityEventType,
    device: string,
  ) {
    const at = now()
    await repo.insertEvent({ userId: user?.id ?? null, email, type, device, at })
    await repo.pruneEvents(
      new Date(at.getTime() - SECURITY_LOG_RETENTION_DAYS * DAY_MS),
      'sign-in-failed',
      FAILED_SIGN_INS_KEPT,
    )
  }

  /** Mails the account about a change to its security (after answering); most kinds admins only. */
  function notify(user: UserRow, kind: SecurityNoticeKind, device: string) {
    if (!user.isAdmin && !NOTICES_FOR_EVERY_ACCOUNT.has(kind)) return
    const notice = securityNoticeMail({ kind, name: user.name, device, profileUrl })
    inBackground(mail.send({ to: user.email, ...notice }), `security notice (${kind}) not sent`)
  }

  const sign = (user: UserRow, sessionId: string) =>
    tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion, sessionId })

  const sessionAnswer = async (user: UserRow, sessionId: string): Promise<Session> => ({
    _id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    token: await sign(user, sessionId),
  })

  /** Records a new session for a user who proved who they are, and answers its token. */
  async function startSession(user: UserRow, origin: RequestOrigin): Promise<Session> {
    const device = describeDevice(origin.userAgent)
    const isNewDevice =
      (await repo.hasSignedInBefore(user.id)) && !(await repo.hasSignedInFrom(user.id, device))
    const session = await repo.insertSession({
      userId: user.id,
      device,
      place: origin.place,
      at: now(),
    })
    await record(user, user.email, 'sign-in', device)
    if (isNewDevice) notify(user, 'new-device', device)
    return sessionAnswer(user, session.id)
  }

  /** The account's TOTP secret in clear, or undefined (off, or sealed under a secret now gone). */
  function openSecret(user: UserRow, sealed: string | null): string | undefined {
    if (!sealed) return undefined
    const secret = secrets.decrypt(sealed)
    if (secret === undefined) {
      log.error({ userId: user.id }, 'two-factor secret cannot be read with the current secret')
    }
    return secret
  }

  /** The time step `code` belongs to (one step of drift either way), or undefined. */
  async function matchTotp(secret: string, code: string): Promise<number | undefined> {
    const { verify: verifyTotp } = await loadTotp()
    const result = await verifyTotp({
      secret,
      token: code,
      epoch: Math.floor(now().getTime() / 1000),
      epochTolerance: TOTP_PERIOD_S,
      period: TOTP_PERIOD_S,
    })
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  }

  /** True when `code` is the account's current code and was not used before. */
  async function useTotp(user: UserRow, code: string): Promise<boolean> {
    const secret = openSecret(user, user.totpSecret)
    if (!secret) return false
    const step = await matchTotp(secret, code)
    return step !== undefined && (await repo.claimTotpStep(user.id, step))
  }

  /** True when `code` is one of the account's unused recovery codes; it is used up then. */
  async function useRecoveryCode(user: UserRow, code: string): Promise<boolean> {
    for (const stored of await repo.unusedRecoveryCodes(user.id, lookupOf(code))) {
      if (await matchesRecoveryCode(stored, code)) return repo.claimRecoveryCode(stored.id, now())
    }
    return false
  }

  /**
   * The second factor of a sign-in, within the account's budget of wrong codes: 429 once it is
   * spent (whatever the code), until its window passes. The wrong code that spends it mails the
   * account, once a window. A right code is not counted.
   */
  async function checkSecondFactor(
    user: UserRow,
    { code, recoveryCode }: { code?: string; recoveryCode?: string },
    device: string,
  ): Promise<boolean> {
    const at = now()
    const guess = await repo.takeSecondFactorGuess(
      user.id,
      at,
      SECOND_FACTOR_WINDOW_MS,
      SECOND_FACTOR_GUESSES_MAX,
    )
    if (!guess.taken) {
      const windowLeftMs = guess.windowStartedAt.getTime() + SECOND_FACTOR_WINDOW_MS - at.getTime()
      throw tooManyRequests(windowLeftMs, 'wrong codes for this account')
    }
    const isRight = code ? await useTotp(user, code) : await useRecoveryCode(user, recoveryCode!)
    if (isRight) {
      await repo.returnSecondFactorGuess(user.id, guess.windowStartedAt)
      return true
    }
    await record(user, user.email, 'sign-in-failed', device)
    if (
      guess.wrongCodes >= SECOND_FACTOR_GUESSES_MAX &&
      (await repo.claimSecondFactorNotice(user.id, guess.windowStartedAt, now()))
    ) {
      await record(user, user.email, 'two-factor-locked', device)
      notify(user, 'two-factor-locked', device)
    }
    return false
  }

  async function freshRecoveryCodes(): Promise<{ codes: string[]; stored: StoredRecoveryCode[] }> {
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT)
    return { codes, stored: await Promise.all(codes.map(hashRecoveryCode)) }
  }

  /** 403 unless the session's password or code was entered within REVERIFY_WINDOW_MS. */
  function requireRecentVerification(session: UserSessionRow) {
    if (!isRecentlyVerified(session)) throw forbidden(REVERIFY_REQUIRED)
  }

  function isRecentlyVerified(session: UserSessionRow): boolean {
    return now().getTime() - session.verifiedAt.getTime() <= REVERIFY_WINDOW_MS
  }

  async function findUser(userId: string): Promise<UserRow> {
    const found = await repo.findUser(userId)
    if (!found) throw notFound('User not found')
    return found
  }

  async function status(user: UserRow, session: UserSessionRow): Promise<AccountSecurity> {
    const verifiedUntil = new Date(session.verifiedAt.getTime() + REVERIFY_WINDOW_MS)
    return {
      twoFactorEnabled: user.totpSecret !== null,
      recoveryCodesLeft: user.totpSecret ? await repo.countUnusedRecoveryCodes(user.id) : 0,
      verifiedUntil: verifiedUntil > now() ? verifiedUntil.toISOString() : null,
    }
  }

  return {
    startSession,

    /**
     * The user and session a verified token names, when the session still exists and the user's
     * token version matches; writes "last seen" at most once a minute.
     */
    async authenticate(
      claims: TokenClaims,
    ): Promise<{ user: UserRow; session: UserSessionRow } | undefined> {
      const found = await repo.findSessionWithUser(claims.sessionId)
      if (!found) return undefined
      const { user, session } = found
      if (user.id !== claims.userId || user.tokenVersion !== claims.tokenVersion) return undefined
      const at = now()
      if (at.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
        await repo.touchSession(session.id, at)
      }
      return found
    },

    /**
     * After a right password: the session, or (two-factor on) the challenge for the second step.
     * The password counts as the recent check.
     */
    async afterPassword(user: UserRow, origin: RequestOrigin): Promise<SignInResult> {
      if (!user.totpSecret) return startSession(user, origin)
      const challenge = randomBytes(CHALLENGE_BYTES).toString('base64url')
      const at = now()
      await repo.pruneChallenges(at)
      await repo.insertChallenge({
        userId: user.id,
        tokenHash: sha256(challenge),
        expiresAt: new Date(at.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS),
      })
      return { twoFactorRequired: true, challenge }
    },

    /** A failed sign-in, for the log (the e-mail as typed; the account may not exist). */
    async recordFailedSignIn(user: UserRow | undefined, email: string, origin: RequestOrigin) {
      await record(user ?? null, email, 'sign-in-failed', describeDevice(origin.userAgent))
    },

    /**
     * The second step: a code or a recovery code with the challenge from the password step. 401
     * for an unknown or expired challenge (5 minutes), a wrong or reused code, a used recovery
     * code; 429 once the account's wrong codes are spent (see checkSecondFactor).
     */
    async completeSignIn(
      { challenge, code, recoveryCode }: SignInSecondStepBody,
      origin: RequestOrigin,
    ): Promise<Session> {
      const tokenHash = sha256(challenge)
      const userId = await repo.findOpenChallenge(tokenHash, now())
      if (!userId) throw unauthorized(CHALLENGE_EXPIRED)
      const user = await repo.findUser(userId)
      if (!user?.totpSecret) throw unauthorized(CHALLENGE_EXPIRED)
      const device = describeDevice(origin.userAgent)
      if (!(await checkSecondFactor(user, { code, recoveryCode }, device))) {
        throw unauthorized(code ? WRONG_CODE : WRONG_RECOVERY_CODE)
      }
      if (!(await repo.closeChallenge(tokenHash, now()))) throw unauthorized(CHALLENGE_EXPIRED)
      if (recoveryCode) {
        await record(user, user.email, 'recovery-code-used', device)
        notify(user, 'recovery-code-used', device)
      }
      return startSession(user, origin)
    },

    /** A token for the same session after the user row changed (a new token version). */
    resumeSession: sessionAnswer,

    /** Ends every session of the user but `keepId` (every one when undefined). */
    async endOtherSessions(user: UserRow, keepId: string | undefined) {
      await repo.deleteSessions(user.id, keepId)
      if (!keepId) await record(user, user.email, 'signed-out-everywhere', '')
    },

    async listSessions(userId: string, currentId: string): Promise<SessionsList> {
      const rows = await repo.listSessions(userId)
      return {
        sessions: rows.map((row) => ({
          _id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          device: row.device,
          place: row.place,
          current: row.id === currentId,
        })),
      }
    },

    /**
     * Ends one of the user's own sessions: its token is refused from the next request. 404
     * otherwise. Ending another session than `current` needs the recent check (403): a stolen
     * session must not shut the owner's out.
     */
    async endSession(
      user: UserRow,
      current: UserSessionRow,
      sessionId: string,
    ): Promise<{ message: string }> {
      if (sessionId !== current.id) requireRecentVerification(current)
      if (!(await repo.deleteSession(user.id, sessionId))) throw notFound(SESSION_NOT_FOUND)
      await record(user, user.email, 'session-ended', '')
      return { message: SESSION_ENDED }
    },

    status,

    requireRecentVerification,

    /** The password or a current code entered again: the session counts as recently checked. 401 if wrong. */
    async reverify(
      user: UserRow,
      session: UserSessionRow,
      { password, code }: ReverifyBody,
    ): Promise<AccountSecurity> {
      const isRight = password
        ? await verifyPassword(user.passwordHash, password)
        : user.totpSecret !== null && (await useTotp(user, code!))
      if (!isRight) throw unauthorized(password ? CURRENT_PASSWORD_WRONG : WRONG_CODE)
      await repo.markSessionVerified(session.id, now())
      return status(user, { ...session, verifiedAt: now() })
    },

    /** Marks the session as checked now (the current password was entered with a change). */
    markVerified: (session: UserSessionRow) => repo.markSessionVerified(session.id, now()),

    /**
     * A new secret, pending until a code confirms it. 409 when two-factor is already on; 403
     * without the recent check (a stolen session must not put its own key on the account).
     */
    async setupTwoFactor(user: UserRow, session: UserSessionRow): Promise<TwoFactorSetup> {
      if (user.totpSecret) throw conflict(TWO_FACTOR_ALREADY_ON)
      requireRecentVerification(session)
      const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
        loadTotp(),
        loadQrCode(),
      ])
      const secret = generateSecret()
      await repo.setPendingTotp(user.id, secrets.encrypt(secret))
      const otpauthUrl = generateURI({
        issuer: siteName,
        label: user.email,
        secret,
        period: TOTP_PERIOD_S,
      })
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 })
      const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
      return { secret, otpauthUrl, qrCode }
    },

    /**
     * Turns two-factor on when `code` matches the pending secret, and answers the ten recovery
     * codes (shown once); mails the account. 400 for a wrong code or no setup; 409 when already
     * on; 403 without the recent check.
     */
    async enableTwoFactor(
      user: UserRow,
      session: UserSessionRow,
      code: string,
    ): Promise<RecoveryCodes> {
      if (user.totpSecret) throw conflict(TWO_FACTOR_ALREADY_ON)
      requireRecentVerification(session)
      const pending = user.totpPendingSecret
      const secret = pending ? openSecret(user, pending) : undefined
      if (!pending || !secret) throw badRequest(SETUP_FIRST)
      const step = await matchTotp(secret, code)
      if (step === undefined) throw badRequest(WRONG_CODE)
      const { codes, stored } = await freshRecoveryCodes()
      if (!(await repo.enableTotp(user.id, pending, step, stored))) {
        throw conflict(TWO_FACTOR_ALREADY_ON)
      }
      await repo.markSessionVerified(session.id, now())
      await record(user, user.email, 'two-factor-on', session.device)
      notify(user, 'two-factor-on', session.device)
      return { recoveryCodes: codes }
    },

    /**
     * Turns two-factor off: needs the current password and a current code or an unused recovery
     * code (entering them is the recent check; a recovery code is how an account whose key a
     * restore made unreadable gets out). 401 for a wrong password, 400 for a wrong code or when it
     * is off.
     */
    async disableTwoFactor(
      user: UserRow,
      session: UserSessionRow,
      { currentPassword, code, recoveryCode }: TwoFactorDisableBody,
    ): Promise<{ message: string }> {
      if (!user.totpSecret) throw badRequest(TWO_FACTOR_OFF)
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw unauthorized(CURRENT_PASSWORD_WRONG)
      }
      if (code) {
        if (openSecret(user, user.totpSecret) === undefined) throw badRequest(SECRET_UNREADABLE)
        if (!(await useTotp(user, code))) throw badRequest(WRONG_CODE)
      } else if (!(await useRecoveryCode(user, recoveryCode!))) {
        throw badRequest(WRONG_RECOVERY_CODE)
      }
      await repo.disableTotp(user.id)
      await repo.markSessionVerified(session.id, now())
      await record(user, user.email, 'two-factor-off', session.device)
      notify(user, 'two-factor-off', session.device)
      return { message: TWO_FACTOR_DISABLED }
    },

    /** Replaces the recovery codes (recent check needed). 400 when two-factor is off. */
    async regenerateRecoveryCodes(user: UserRow, session: UserSessionRow): Promise<RecoveryCodes> {
      if (!user.totpSecret) throw badRequest(TWO_FACTOR_OFF)
      requireRecentVerification(session)
      const { codes, stored } = await freshRecoveryCodes()
      await repo.replaceRecoveryCodes(user.id, stored)
      await record(user, user.email, 'recovery-codes-regenerated', session.device)
      notify(user, 'recovery-codes-regenerated', session.device)
      return { recoveryCodes: codes }
    },

    async securityLog(): Promise<SecurityLog> {
      const rows = await repo.listEvents(SECURITY_LOG_PER_KIND)
      return {
        events: rows.map((row) => ({
          _id: row.id,
          type: row.type,
          email: row.email,
          device: row.device,
          createdAt: row.createdAt.toISOString(),
        })),
      }
    },

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

    /** Resolves when the notices started after answering have been handed to the mail service. */
    async drainBackground(): Promise<void> {
      await Promise.allSettled([...background])
    },
  }
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>
