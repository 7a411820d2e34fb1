/**
 * TOTP two-factor sign-in with recovery codes: setting it up, turning it on and off, checking a
 * code within the account's budget of wrong ones, and replacing the recovery codes.
 */
import {
  CURRENT_PASSWORD_WRONG,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_GUESSES_MAX,
  SECOND_FACTOR_WINDOW_MS,
} from '#common/constants.ts'
import type {
  RecoveryCodes,
  TwoFactorDisableBody,
  TwoFactorSetup,
} from '#common/schemas/account-security.ts'
import type { UserRow, UserSessionRow } from '#server/db/schema.ts'
import { badRequest, conflict, unauthorized } from '#server/lib/http-errors.ts'
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
import type { SecurityPartDeps } from './security-events.ts'

/** The TOTP library, loaded on first use (see loadWebAuthn in passkeys.ts). */
const loadTotp = () => import('otplib')
const loadQrCode = () => import('qrcode')

const TOTP_PERIOD_S = 30

export const WRONG_CODE = 'That code is not right, or it was already used'
const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was already used'
const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on'
const TWO_FACTOR_OFF = 'Two-factor sign-in is not on'
const SETUP_FIRST = 'Start the two-factor setup first'
const TWO_FACTOR_DISABLED = 'Two-factor sign-in is off'
const SECRET_UNREADABLE =
  'The two-factor key cannot be read since the site was restored: use a recovery code instead'

export function createTwoFactor({
  repo,
  secrets,
  siteName,
  now,
  log,
  events: { record, notify },
  requireRecentVerification,
}: SecurityPartDeps & { secrets: SecretBox }) {
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

  return {
    useTotp,
    checkSecondFactor,

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
  }
}
