/** SQL for users and their password-reset tokens; no rules here (they live in users.service.ts). */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { passwordResetTokens, users, type UserRow } from '#server/db/schema.ts'
import { openToken, spentTokens } from '#server/lib/single-use-tokens.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

const OLDEST_FIRST = [asc(users.createdAt), asc(users.id)]

interface NewUser {
  name: string
  email: string
  passwordHash: string
  isAdmin: boolean
}

interface UserChanges {
  name?: string
  email?: string
  isAdmin?: boolean
  /** A new hash also bumps token_version, so tokens issued before stop working. */
  passwordHash?: string
  /** Bumps token_version without a new password: every token issued before stops working. */
  endSessions?: boolean
}

export { isUniqueViolation } from '#server/db/errors.ts'

export function createUsersRepository(db: Db) {
  return {
    ...userQueries(db),
    /** Runs `fn` with the queries bound to one transaction; a throw rolls everything back. */
    transaction<T>(fn: (tx: UserQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(userQueries(tx)))
    },
  }
}

function userQueries(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
      return row
    },

    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning()
      return row!
    },

    /** Reads the user and locks the row until the transaction ends. */
    async findByIdForUpdate(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update')
      return row
    },

    async update(
      id: string,
      { endSessions, ...changes }: UserChanges,
      at: Date,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          ...changes,
          ...(changes.passwordHash || endSessions
            ? { tokenVersion: sql`${users.tokenVersion} + 1` }
            : {}),
          updatedAt: at,
        })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    async deleteById(id: string): Promise<boolean> {
      return deleteRow(db, users, id)
    },

    /**
     * Locks every admin row until the transaction ends and returns how many there are. Locking in
     * id order means two such transactions cannot deadlock each other.
     */
    async lockAdmins(): Promise<number> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(asc(users.id))
        .for('update')
      return rows.length
    },

    /** One page, oldest first. */
    page: (limit: number, offset: number): Promise<UserRow[]> =>
      db
        .select()
        .from(users)
        .orderBy(...OLDEST_FIRST)
        .limit(limit)
        .offset(offset),

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users)
      return row?.n ?? 0
    },

    async firstAdminEmail(): Promise<string | undefined> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(1)
      return row?.email
    },

    async insertResetToken(token: { userId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(passwordResetTokens).values(token)
    },

    /** Drops a user's used or expired reset tokens. */
    async pruneResetTokens(userId: string, at: Date) {
      await db
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), spentTokens(passwordResetTokens, at)))
    },

    async isResetTokenUsable(tokenHash: string, at: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(openToken(passwordResetTokens, tokenHash, at))
        .limit(1)
      return row !== undefined
    },

    /**
     * Marks the token used if it is still usable and returns its user id. One statement, so of
     * two concurrent resets with the same token only one gets a row back.
     */
    async claimResetToken(tokenHash: string, at: Date): Promise<string | undefined> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(openToken(passwordResetTokens, tokenHash, at))
        .returning({ userId: passwordResetTokens.userId })
      return row?.userId
    },

    async invalidateResetTokens(userId: string, at: Date) {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
    },
  }
}

export type UserQueries = ReturnType<typeof userQueries>
export type UsersRepository = ReturnType<typeof createUsersRepository>
