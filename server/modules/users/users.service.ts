/**
 * Accounts: sign-in, sign-up, profile, admin management, password reset and the first admin.
 * Every account rule lives here; SQL stays in users.repository.ts, HTTP in users.routes.ts.
 */
import { createBackgroundWork } from '#server/lib/background-work.ts'
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_BREACHED,
  RESET_TOKEN_TTL_MS,
  USERS_PAGE_SIZE,
} from '#common/constants.ts'
import { EmailSchema } from '#common/schemas/common.ts'
import {
  PasswordSchema,
  type ProfileBody,
  type ResetPasswordBody,
  type Session,
  type SignInBody,
  type SignUpBody,
  type UserPublic,
  type UserUpdateBody,
  type UsersPage,
} from '#common/schemas/users.ts'
import type { SignInResult } from '#common/schemas/account-security.ts'
import type { UserRow, UserSessionRow } from '#server/db/schema.ts'
import { badRequest, conflict, notFound, unauthorized } from '#server/lib/http-errors.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import {
  hashNewPassword,
  hashPassword,
  isBreachedPassword,
  timingDummyHash,
  verifyPassword,
} from '#server/lib/passwords.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import { emailChangedMail } from '../mail/templates/email-changed.ts'
import { passwordResetMail } from '../mail/templates/password-reset.ts'
import type { AccountSecurityService } from '../account-security/account-security.service.ts'
import type { RequestOrigin } from '../account-security/security-events.ts'
import { isUniqueViolation, type UserQueries, type UsersRepository } from './users.repository.ts'

const INVALID_CREDENTIALS = 'Invalid email or password'
const EMAIL_TAKEN = 'An account with this email already exists'
const USER_NOT_FOUND = 'User not found'
const LAST_ADMIN_DEMOTE = 'The last admin cannot lose admin rights; make another user admin first'
const LAST_ADMIN_DELETE = 'The last admin cannot be deleted; make another user admin first'
const RESET_MAIL_SENT =
  'If an account exists for this email, a link to reset the password has been sent to it'
const RESET_LINK_INVALID = 'Invalid or expired reset link, please ask for a new one'
const PASSWORD_UPDATED = 'Password updated successfully'
const USER_DELETED = 'user deleted successfully'
const SIGNED_OUT_EVERYWHERE = 'Signed out everywhere: every earlier session has ended'
const ACCOUNT_CHANGED_MEANWHILE =
  'Your account was changed by another request meanwhile; please try again'

const RESET_TOKEN_BYTES = 32
const DEFAULT_ADMIN_NAME = 'Admin'

export interface UsersServiceDeps {
  repo: UsersRepository
  /** Session records, two-factor and the recent-check window. */
  security: AccountSecurityService
  mail: MailService
  /** The owner's look, which every account mail shows. */
  brand: () => Promise<MailBrand>
  publicUrl: string
  now: () => Date
  log: FastifyBaseLogger
}

const toUserPublic = (row: UserRow): UserPublic => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  isAdmin: row.isAdmin,
})

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex')

async function withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN)
    throw error
  }
}

export interface EnsureAdminInput {
  email: string
  password: string
  name?: string
}

/**
 * Normalises and checks an admin's e-mail, password (the whole policy, breached list included) and
 * name; throws a plain Error naming the problem.
 */
export async function parseAdminInput(
  input: EnsureAdminInput,
): Promise<Required<EnsureAdminInput>> {
  const email = EmailSchema.safeParse(input.email)
  if (!email.success) throw new Error(`Admin email is not a valid e-mail address: "${input.email}"`)
  const password = PasswordSchema.safeParse(input.password)
  if (!password.success) {
    throw new Error(`Admin password rejected: ${password.error.issues[0]?.message}`)
  }
  if (await isBreachedPassword(password.data, { keepList: false })) {
    throw new Error(`Admin password rejected: ${PASSWORD_BREACHED}`)
  }
  return {
    email: email.data,
    password: password.data,
    name: input.name?.trim() || DEFAULT_ADMIN_NAME,
  }
}

/**
 * Creates the admin account when no user has this e-mail. An existing admin is left as it is. An
 * existing plain user is promoted only after its password is set to the given one, its sessions
 * ended and its reset links voided: anyone could have signed up with this e-mail before the
 * operator named it, and must not end up an admin. Throws a plain Error when the e-mail or
 * password is unusable.
 */
async function ensureAdminAccount(
  repo: UsersRepository,
  input: EnsureAdminInput,
  now: () => Date = () => new Date(),
  { passwordHash: madeBefore }: { passwordHash?: Promise<string> } = {},
): Promise<{ user: UserPublic; created: boolean; promoted: boolean }> {
  const { email, password, name } = await parseAdminInput(input)
  // Hashed only when needed: a start with the admin already in place costs no hashing. A caller
  // may have begun the hash of this same password earlier (a first start; see server/main.ts).
  let hashed: Promise<string> | undefined = madeBefore
  const passwordHash = () => (hashed ??= hashPassword(password))
  const unchanged = (row: UserRow) => ({ user: toUserPublic(row), created: false, promoted: false })

  const promote = async () => {
    const found = await repo.findByEmail(email)
    if (!found) return undefined
    if (found.isAdmin) return unchanged(found)
    const newHash = await passwordHash()
    return repo.transaction(async (tx) => {
      const existing = await tx.findByIdForUpdate(found.id)
      if (!existing) return undefined
      if (existing.isAdmin) return unchanged(existing)
      const at = now()
      const row = await tx.update(existing.id, { isAdmin: true, passwordHash: newHash }, at)
      await tx.invalidateResetTokens(existing.id, at)
      return row && { user: toUserPublic(row), created: false, promoted: true }
    })
  }

  const promoted = await promote()
  if (promoted) return promoted
  try {
    const row = await repo.insert({
      name,
      email,
      passwordHash: await passwordHash(),
      isAdmin: true,
    })
    return { user: toUserPublic(row), created: true, promoted: false }
  } catch (error) {
    // Another instance starting with the same ADMIN_EMAIL created it first.
    if (!isUniqueViolation(error)) throw error
    const raced = await promote()
    if (!raced) throw error
    return raced
  }
}

export function createUsersService({
  repo,
  security,
  mail,
  brand,
  publicUrl,
  now,
  log,
}: UsersServiceDeps) {
  // Computed up front so the first sign-in with an unknown e-mail is not slower than the others.
  void timingDummyHash()
  // Work done after answering (reset mails, e-mail change notices); closing waits for it before
  // the database closes.
  const background = createBackgroundWork()

  /** Runs mail work after answering; a failure is logged, and closing waits for it. */
  const inBackground = (work: Promise<unknown>, failure: string, userId: string) =>
    background.run(work, log, failure, { userId })

  async function sendResetMail(user: UserRow) {
    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url')
    const at = now()
    await repo.pruneResetTokens(user.id, at)
    await repo.insertResetToken({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
    })
    const link = `${publicUrl}/reset-password/${token}`
    await mail.send({
      kind: 'password-reset',
      to: user.email,
      ...passwordResetMail({ name: user.name, link, brand: await brand() }),
    })
  }

  /** Tells the previous address that the account's e-mail changed (after answering). */
  function sendEmailChangedMail(user: UserRow, previousEmail: string) {
    const send = async () =>
      mail.send({
        kind: 'email-changed',
        to: previousEmail,
        ...emailChangedMail({
          name: user.name,
          newEmail: user.email,
          contactUrl: `${publicUrl}/contact`,
          brand: await brand(),
        }),
      })
    inBackground(send(), 'e-mail change notice could not be sent', user.id)
  }

  /** 400 unless another admin would remain; locks the admin rows so two such changes take turns. */
  async function assertNotLastAdmin(tx: UserQueries, message: string) {
    const admins = await tx.lockAdmins()
    if (admins <= 1) throw badRequest(message)
  }

  return {
    /**
     * 401 for an unknown e-mail or a wrong password, after the same amount of hashing work (and
     * the same log write). With two-factor on, answers the challenge for the second step instead
     * of a session.
     */
    async signIn({ email, password }: SignInBody, origin: RequestOrigin): Promise<SignInResult> {
      const user = await repo.findByEmail(email)
      const isValid = await verifyPassword(
        user?.passwordHash ?? (await timingDummyHash()),
        password,
      )
      if (!user || !isValid) {
        await security.recordFailedSignIn(user, email, origin)
        throw unauthorized(INVALID_CREDENTIALS)
      }
      return security.afterPassword(user, origin)
    },

    /** Creates a plain user (never an admin). 409 when the e-mail is taken. */
    async signUp({ name, email, password }: SignUpBody, origin: RequestOrigin): Promise<Session> {
      const passwordHash = await hashNewPassword(password)
      const row = await withUniqueEmail(() =>
        repo.insert({ name, email, passwordHash, isAdmin: false }),
      )
      return security.startSession(row, origin)
    },

    /**
     * Updates the signed-in user's own name, e-mail and (optionally) password and returns a fresh
     * session. Changing the e-mail or the password needs the current password: 400 when it is
     * missing, 401 when it (or one given for a name-only change) is wrong. Either change ends every earlier session and voids the
     * user's reset links; an e-mail change also sends a notice to the previous address (after
     * answering; a failure is logged). 400 for a common breached password, 409 when the e-mail is
     * taken or when another request changed the e-mail or password in the meantime. The current
     * password entered counts as the session's recent check; the session itself goes on.
     */
    async updateProfile(
      userId: string,
      current: UserSessionRow,
      { name, email, password, currentPassword }: ProfileBody,
    ): Promise<Session> {
      const before = await repo.findById(userId)
      if (!before) throw notFound(USER_NOT_FOUND)
      const isEmailChange = email !== before.email
      // A current password given is always checked, even when the change does not need one.
      if (isEmailChange || password || currentPassword) {
        if (!currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED)
        if (!(await verifyPassword(before.passwordHash, currentPassword))) {
          throw unauthorized(CURRENT_PASSWORD_WRONG)
        }
        await security.markVerified(current)
      }
      const passwordHash = password ? await hashNewPassword(password) : undefined
      const row = await withUniqueEmail(() =>
        repo.transaction(async (tx) => {
          // The checks above ran against `before`: refuse if the e-mail or password moved since.
          const locked = await tx.findByIdForUpdate(userId)
          if (!locked) throw notFound(USER_NOT_FOUND)
          if (locked.email !== before.email || locked.passwordHash !== before.passwordHash) {
            throw conflict(ACCOUNT_CHANGED_MEANWHILE)
          }
          const at = now()
          const endsSessions = isEmailChange || passwordHash !== undefined
          const updated = await tx.update(
            userId,
            { name, email, passwordHash, endSessions: endsSessions },
            at,
          )
          if (endsSessions) await tx.invalidateResetTokens(userId, at)
          return updated
        }),
      )
      if (!row) throw notFound(USER_NOT_FOUND)
      if (row.tokenVersion !== before.tokenVersion) await security.endOtherSessions(row, current.id)
      if (isEmailChange) sendEmailChangedMail(row, before.email)
      return security.resumeSession(row, current.id)
    },

    /** Ends every session of the user, the caller's included: tokens issued before stop working. */
    async signOutEverywhere(userId: string): Promise<{ message: string }> {
      const row = await repo.update(userId, { endSessions: true }, now())
      if (!row) throw notFound(USER_NOT_FOUND)
      await security.endOtherSessions(row, undefined)
      return { message: SIGNED_OUT_EVERYWHERE }
    },

    async listUsers(page: number): Promise<UsersPage> {
      const { limit, offset } = pageWindow(page, USERS_PAGE_SIZE)
      const [rows, totalUsers] = await Promise.all([repo.page(limit, offset), repo.count()])
      return {
        users: rows.map(toUserPublic),
        totalUsers,
        page,
        pages: pageCount(totalUsers, limit),
      }
    },

    /** 404 when there is no such user. */
    async getUser(id: string): Promise<UserPublic> {
      const row = await repo.findById(id)
      if (!row) throw notFound(USER_NOT_FOUND)
      return toUserPublic(row)
    },

    /**
     * Admin edit of a user's name, e-mail and admin flag. 400 when the body's _id names another
     * user or when it would demote the last admin; 404 for an unknown id; 409 when the e-mail is taken.
     * Demoting an admin or changing any account's e-mail calls `requireRecentCheck` first (403
     * when the caller's password or code is not recent). A changed e-mail ends the account's
     * sessions and reset links, as on the profile, and the previous address is told (after
     * answering).
     */
    async updateUser(
      id: string,
      { _id, name, email, isAdmin }: UserUpdateBody,
      requireRecentCheck: () => void,
    ): Promise<UserPublic> {
      if (_id !== undefined && _id !== id)
        throw badRequest('_id does not match the user in the URL')
      let previousEmail: string | undefined
      const row = await withUniqueEmail(() =>
        repo.transaction(async (tx) => {
          // A change that may remove an admin locks the admins first, in id order, as deleting one
          // does: locking the edited row first would let two admins demoting each other at once
          // deadlock (each holding its own row, waiting for the other's).
          if (!isAdmin) await tx.lockAdmins()
          const current = await tx.findByIdForUpdate(id)
          if (!current) throw notFound(USER_NOT_FOUND)
          const isEmailChange = email !== current.email
          if (isEmailChange) requireRecentCheck()
          if (current.isAdmin && !isAdmin) {
            requireRecentCheck()
            await assertNotLastAdmin(tx, LAST_ADMIN_DEMOTE)
          }
          const at = now()
          const updated = await tx.update(
            id,
            { name, email, isAdmin, endSessions: isEmailChange },
            at,
          )
          if (isEmailChange) {
            await tx.invalidateResetTokens(id, at)
            previousEmail = current.email
          }
          return updated
        }),
      )
      if (!row) throw notFound(USER_NOT_FOUND)
      if (previousEmail !== undefined) {
        await security.endOtherSessions(row, undefined)
        sendEmailChangedMail(row, previousEmail)
      }
      return toUserPublic(row)
    },

    /**
     * 404 for an unknown id; 400 when it is the last admin. Deleting an admin calls
     * `requireRecentCheck` first (403 when the caller's password or code is not recent).
     */
    async deleteUser(id: string, requireRecentCheck: () => void): Promise<{ message: string }> {
      await repo.transaction(async (tx) => {
        const current = await tx.findById(id)
        if (!current) throw notFound(USER_NOT_FOUND)
        if (current.isAdmin) {
          requireRecentCheck()
          await assertNotLastAdmin(tx, LAST_ADMIN_DELETE)
        }
        if (!(await tx.deleteById(id))) throw notFound(USER_NOT_FOUND)
      })
      return { message: USER_DELETED }
    },

    /** Resolves when the work started after answering (reset mails, e-mail change notices) has finished. */
    drainBackground: background.settled,

    /**
     * Always answers the same message, and does the token and mail work after answering: neither
     * the body nor the response time may tell whether an account exists for this e-mail.
     * A mail failure is logged; the user can simply ask again.
     */
    async forgetPassword(email: string): Promise<{ message: string }> {
      const user = await repo.findByEmail(email)
      if (user) {
        inBackground(sendResetMail(user), 'password reset mail could not be sent', user.id)
      }
      return { message: RESET_MAIL_SENT }
    },

    /**
     * Sets a new password with a reset token: single use, expiring, and it signs the user out
     * everywhere (token_version bump) and voids the user's other reset links. 400 for a bad token.
     */
    async resetPassword({ token, password }: ResetPasswordBody): Promise<{ message: string }> {
      const tokenHash = hashResetToken(token)
      if (!(await repo.isResetTokenUsable(tokenHash, now()))) throw badRequest(RESET_LINK_INVALID)
      const passwordHash = await hashNewPassword(password)
      await repo.transaction(async (tx) => {
        const at = now()
        const userId = await tx.claimResetToken(tokenHash, at)
        if (!userId) throw badRequest(RESET_LINK_INVALID)
        await tx.update(userId, { passwordHash }, at)
        await tx.invalidateResetTokens(userId, at)
      })
      return { message: PASSWORD_UPDATED }
    },

    /** The oldest admin's e-mail (the default owner address), if there is an admin. */
    firstAdminEmail: (): Promise<string | undefined> => repo.firstAdminEmail(),

    /** See ensureAdminAccount. */
    ensureAdmin: (input: EnsureAdminInput, options?: { passwordHash?: Promise<string> }) =>
      ensureAdminAccount(repo, input, now, options),
  }
}

export type UsersService = ReturnType<typeof createUsersService>
