/**
 * Accounts: sign-in, sign-up, profile, admin management, password reset and the first admin.
 * Every account rule lives here; SQL stays in users.repository.ts, HTTP in users.routes.ts.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { RESET_TOKEN_TTL_MS, USERS_PAGE_SIZE } from '#common/constants.ts'
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
import type { UserRow } from '#server/db/schema.ts'
import { badRequest, conflict, notFound, unauthorized } from '#server/lib/http-errors.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import { hashPassword, timingDummyHash, verifyPassword } from '#server/lib/passwords.ts'
import type { TokenService } from '#server/lib/tokens.ts'
import type { MailService } from '../mail/mail.service.ts'
import { passwordResetMail } from '../mail/templates/password-reset.ts'
import { isUniqueViolation, type UserQueries, type UsersRepository } from './users.repository.ts'

export const INVALID_CREDENTIALS = 'Invalid email or password'
export const EMAIL_TAKEN = 'An account with this email already exists'
export const USER_NOT_FOUND = 'User not found'
export const LAST_ADMIN_DEMOTE =
  'The last admin cannot lose admin rights; make another user admin first'
export const LAST_ADMIN_DELETE = 'The last admin cannot be deleted; make another user admin first'
export const RESET_MAIL_SENT =
  'If an account exists for this email, a link to reset the password has been sent to it'
export const RESET_LINK_INVALID = 'Invalid or expired reset link, please ask for a new one'
export const PASSWORD_UPDATED = 'Password updated successfully'
export const USER_DELETED = 'user deleted successfully'

const RESET_TOKEN_BYTES = 32
const DEFAULT_ADMIN_NAME = 'Admin'

export interface UsersServiceDeps {
  repo: UsersRepository
  tokens: TokenService
  mail: MailService
  publicUrl: string
  now: () => Date
  log: FastifyBaseLogger
}

export const toUserPublic = (row: UserRow): UserPublic => ({
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

/** Normalises and checks an admin's e-mail, password and name; throws a plain Error naming the problem. */
export function parseAdminInput(input: EnsureAdminInput): Required<EnsureAdminInput> {
  const email = EmailSchema.safeParse(input.email)
  if (!email.success) throw new Error(`Admin email is not a valid e-mail address: "${input.email}"`)
  const password = PasswordSchema.safeParse(input.password)
  if (!password.success) {
    throw new Error(`Admin password rejected: ${password.error.issues[0]?.message}`)
  }
  return {
    email: email.data,
    password: password.data,
    name: input.name?.trim() || DEFAULT_ADMIN_NAME,
  }
}

/**
 * Creates the admin account when no user has this e-mail, else gives that user admin rights
 * (its password stays as it is). Throws a plain Error when the e-mail or password is unusable.
 */
export async function ensureAdminAccount(
  repo: UserQueries,
  input: EnsureAdminInput,
  now: () => Date = () => new Date(),
): Promise<{ user: UserPublic; created: boolean }> {
  const { email, password, name } = parseAdminInput(input)

  const promote = async () => {
    const existing = await repo.findByEmail(email)
    if (!existing) return undefined
    const row = existing.isAdmin
      ? existing
      : await repo.update(existing.id, { isAdmin: true }, now())
    return row && { user: toUserPublic(row), created: false }
  }

  const promoted = await promote()
  if (promoted) return promoted
  const passwordHash = await hashPassword(password)
  try {
    const row = await repo.insert({ name, email, passwordHash, isAdmin: true })
    return { user: toUserPublic(row), created: true }
  } catch (error) {
    // Another instance starting with the same ADMIN_EMAIL created it first.
    if (!isUniqueViolation(error)) throw error
    const raced = await promote()
    if (!raced) throw error
    return raced
  }
}

export function createUsersService({ repo, tokens, mail, publicUrl, now, log }: UsersServiceDeps) {
  // Computed up front so the first sign-in with an unknown e-mail is not slower than the others.
  void timingDummyHash()
  // Work done after answering (reset mails); closing waits for it before the database closes.
  const background = new Set<Promise<unknown>>()

  async function session(row: UserRow): Promise<Session> {
    const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion })
    return { ...toUserPublic(row), token }
  }

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
    await mail.send({ to: user.email, ...passwordResetMail({ name: user.name, link }) })
  }

  /** 400 unless another admin would remain; locks the admin rows so two such changes take turns. */
  async function assertNotLastAdmin(tx: UserQueries, message: string) {
    const admins = await tx.lockAdmins()
    if (admins <= 1) throw badRequest(message)
  }

  return {
    /** 401 for an unknown e-mail or a wrong password, after the same amount of hashing work. */
    async signIn({ email, password }: SignInBody): Promise<Session> {
      const user = await repo.findByEmail(email)
      const isValid = await verifyPassword(
        user?.passwordHash ?? (await timingDummyHash()),
        password,
      )
      if (!user || !isValid) throw unauthorized(INVALID_CREDENTIALS)
      return session(user)
    },

    /** Creates a plain user (never an admin). 409 when the e-mail is taken. */
    async signUp({ name, email, password }: SignUpBody): Promise<Session> {
      const passwordHash = await hashPassword(password)
      const row = await withUniqueEmail(() =>
        repo.insert({ name, email, passwordHash, isAdmin: false }),
      )
      return session(row)
    },

    /**
     * Updates the signed-in user's own name, e-mail and (optionally) password and returns a fresh
     * session. A new password invalidates every earlier token. 409 when the e-mail is taken.
     */
    async updateProfile(userId: string, { name, email, password }: ProfileBody): Promise<Session> {
      const passwordHash = password ? await hashPassword(password) : undefined
      const row = await withUniqueEmail(() =>
        repo.transaction(async (tx) => {
          const updated = await tx.update(userId, { name, email, passwordHash }, now())
          if (updated && passwordHash) await tx.invalidateResetTokens(userId, now())
          return updated
        }),
      )
      if (!row) throw notFound(USER_NOT_FOUND)
      return session(row)
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
     */
    async updateUser(
      id: string,
      { _id, name, email, isAdmin }: UserUpdateBody,
    ): Promise<UserPublic> {
      if (_id !== undefined && _id !== id)
        throw badRequest('_id does not match the user in the URL')
      const row = await withUniqueEmail(() =>
        repo.transaction(async (tx) => {
          const current = await tx.findById(id)
          if (!current) throw notFound(USER_NOT_FOUND)
          if (current.isAdmin && !isAdmin) await assertNotLastAdmin(tx, LAST_ADMIN_DEMOTE)
          return tx.update(id, { name, email, isAdmin }, now())
        }),
      )
      if (!row) throw notFound(USER_NOT_FOUND)
      return toUserPublic(row)
    },

    /** 404 for an unknown id; 400 when it is the last admin. */
    async deleteUser(id: string): Promise<{ message: string }> {
      await repo.transaction(async (tx) => {
        const current = await tx.findById(id)
        if (!current) throw notFound(USER_NOT_FOUND)
        if (current.isAdmin) await assertNotLastAdmin(tx, LAST_ADMIN_DELETE)
        if (!(await tx.deleteById(id))) throw notFound(USER_NOT_FOUND)
      })
      return { message: USER_DELETED }
    },

    /**
     * Always answers the same message, and does the token and mail work after answering: neither
     * the body nor the response time may tell whether an account exists for this e-mail.
     * A mail failure is logged; the user can simply ask again.
     */
    /** Resolves when the work started after answering (reset mails) has finished. */
    async drainBackground(): Promise<void> {
      await Promise.allSettled([...background])
    },

    async forgetPassword(email: string): Promise<{ message: string }> {
      const user = await repo.findByEmail(email)
      if (user) {
        const work = sendResetMail(user)
          .catch((err: unknown) => {
            log.error({ err, userId: user.id }, 'password reset mail could not be sent')
          })
          .finally(() => background.delete(work))
        background.add(work)
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
      const passwordHash = await hashPassword(password)
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
    ensureAdmin: (input: EnsureAdminInput) => ensureAdminAccount(repo, input, now),
  }
}

export type UsersService = ReturnType<typeof createUsersService>
