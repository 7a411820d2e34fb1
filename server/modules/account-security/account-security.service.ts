/**
 * The account's security beyond the password: session records (listed, ended one by one, checked
 * on every request), the sign-in step between password and code, and the recent-check window for
 * dangerous acts; with TOTP two-factor (two-factor.ts), passkeys (passkeys.ts) and the security
 * log and notices (security-events.ts), one service.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  CURRENT_PASSWORD_WRONG,
  REVERIFY_REQUIRED,
  REVERIFY_WINDOW_MS,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '#common/constants.ts'
import type {
  AccountSecurity,
  ReverifyBody,
  SessionsList,
  SignInResult,
  SignInSecondStepBody,
} from '#common/schemas/account-security.ts'
import type { Session } from '#common/schemas/users.ts'
import type { UserRow, UserSessionRow } from '#server/db/schema.ts'
import { forbidden, notFound, unauthorized } from '#server/lib/http-errors.ts'
import { verifyPassword } from '#server/lib/passwords.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { TokenClaims, TokenService } from '#server/lib/tokens.ts'
import { describeDevice } from '#server/lib/user-agent.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import type { AccountSecurityRepository } from './account-security.repository.ts'
import { createPasskeys } from './passkeys.ts'
import {
  createSecurityEvents,
  type RequestOrigin,
  type SecurityPartDeps,
} from './security-events.ts'
import { createTwoFactor, WRONG_CODE } from './two-factor.ts'

const CHALLENGE_BYTES = 32
/** How stale a session's "last seen" may get before a request writes it again. */
const LAST_SEEN_RESOLUTION_MS = 60 * 1000

const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was already used'
const CHALLENGE_EXPIRED = 'This sign-in has expired; enter your e-mail and password again'
const SESSION_NOT_FOUND = 'Session not found'
const SESSION_ENDED = 'Session ended'

export interface AccountSecurityDeps {
  repo: AccountSecurityRepository
  tokens: TokenService
  secrets: SecretBox
  mail: MailService
  /** The owner's look, which every notice mail shows. */
  brand: () => Promise<MailBrand>
  publicUrl: string
  /** The name authenticator apps and passkey prompts show. */
  siteName: string
  now: () => Date
  log: FastifyBaseLogger
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function createAccountSecurityService({
  repo,
  tokens,
  secrets,
  mail,
  brand,
  publicUrl,
  siteName,
  now,
  log,
}: AccountSecurityDeps) {
  const events = createSecurityEvents({ repo, mail, brand, publicUrl, now, log })
  const { record, notify } = events

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

  const parts: SecurityPartDeps = { repo, siteName, now, log, events, requireRecentVerification }
  const twoFactor = createTwoFactor({ ...parts, secrets })
  const passkeys = createPasskeys({ ...parts, publicUrl, startSession, findUser })

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
      if (!(await twoFactor.checkSecondFactor(user, { code, recoveryCode }, device))) {
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
        : user.totpSecret !== null && (await twoFactor.useTotp(user, code!))
      if (!isRight) throw unauthorized(password ? CURRENT_PASSWORD_WRONG : WRONG_CODE)
      await repo.markSessionVerified(session.id, now())
      return status(user, { ...session, verifiedAt: now() })
    },

    /** Marks the session as checked now (the current password was entered with a change). */
    markVerified: (session: UserSessionRow) => repo.markSessionVerified(session.id, now()),

    ...twoFactor,
    ...passkeys,
    securityLog: events.securityLog,
    drainBackground: events.drainBackground,
  }
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>
