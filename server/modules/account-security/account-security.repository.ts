/**
 * SQL for the account's security: session records, two-factor secrets and recovery codes, the
 * sign-in challenges between password and code, passkeys and the security log. No rules here
 * (they live in account-security.service.ts).
 */
import { and, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { StoredRecoveryCode } from '#server/lib/recovery-codes.ts'
import {
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  secondFactorGuesses,
  securityEvents,
  signInChallenges,
  users,
  userSessions,
  type PasskeyRow,
  type SecurityEventRow,
  type UserRow,
  type UserSessionRow,
} from '#server/db/schema.ts'
import { deleteRow } from '#server/lib/delete-row.ts'
import { openToken, spentTokens } from '#server/lib/single-use-tokens.ts'

export interface NewSession {
  userId: string
  device: string
  place: string | null
  at: Date
}

export interface NewPasskey {
  userId: string
  credentialId: string
  publicKey: Buffer
  counter: number
  transports: string[]
  name: string
}

export function createAccountSecurityRepository(db: Db) {
  return {
    async insertSession({ userId, device, place, at }: NewSession): Promise<UserSessionRow> {
      const [row] = await db
        .insert(userSessions)
        .values({ userId, device, place, createdAt: at, lastSeenAt: at, verifiedAt: at })
        .returning()
      return row!
    },

    /** The session and its user, in one query (authentication runs it on every request). */
    async findSessionWithUser(
      sessionId: string,
    ): Promise<{ session: UserSessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: userSessions, user: users })
        .from(userSessions)
        .innerJoin(users, eq(users.id, userSessions.userId))
        .where(eq(userSessions.id, sessionId))
        .limit(1)
      return row
    },

    async findUser(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },

    async hasSignedInBefore(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, 'sign-in')))
        .limit(1)
      return row !== undefined
    },

    async hasSignedInFrom(userId: string, device: string): Promise<boolean> {
      const [row] = await db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.userId, userId),
            eq(securityEvents.type, 'sign-in'),
            eq(securityEvents.device, device),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    async touchSession(id: string, at: Date) {
      await db.update(userSessions).set({ lastSeenAt: at }).where(eq(userSessions.id, id))
    },

    async markSessionVerified(id: string, at: Date) {
      await db
        .update(userSessions)
        .set({ verifiedAt: at, lastSeenAt: at })
        .where(eq(userSessions.id, id))
    },

    listSessions: (userId: string): Promise<UserSessionRow[]> =>
      db
        .select()
        .from(userSessions)
        .where(eq(userSessions.userId, userId))
        .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.id)),

    /** Deletes the user's session `id`; false when the user has no such session. */
    deleteSession: (userId: string, id: string): Promise<boolean> =>
      deleteRow(db, userSessions, id, eq(userSessions.userId, userId)),

    /** Deletes every session of the user but `keepId` (all of them when undefined). */
    async deleteSessions(userId: string, keepId?: string) {
      await db
        .delete(userSessions)
        .where(
          and(eq(userSessions.userId, userId), keepId ? ne(userSessions.id, keepId) : undefined),
        )
    },

    async setPendingTotp(userId: string, sealed: string) {
      await db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId))
    },

    /**
     * Turns two-factor on with the pending secret and replaces the recovery codes, in one
     * transaction; false when no secret is pending any more (enabled meanwhile).
     */
    async enableTotp(
      userId: string,
      pendingSealed: string,
      step: number,
      codes: StoredRecoveryCode[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(users)
          .set({ totpSecret: pendingSealed, totpPendingSecret: null, totpLastStep: step })
          .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pendingSealed)))
          .returning({ id: users.id })
        if (updated.length === 0) return false
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
        await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, ...code })))
        return true
      })
    },

    async disableTotp(userId: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
          .where(eq(users.id, userId))
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
      })
    },

    /**
     * Records `step` as the last TOTP step used, if it is later than the one recorded: one
     * statement, so of two requests with the same code only one gets true.
     */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
        )
        .returning({ id: users.id })
      return rows.length > 0
    },

    async replaceRecoveryCodes(userId: string, codes: StoredRecoveryCode[]) {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
        await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, ...code })))
      })
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      return row?.n ?? 0
    },

    /** The user's unused codes that may be `lookup`'s: those with it, and those stored without one. */
    unusedRecoveryCodes: (userId: string, lookup: string) =>
      db
        .select({
          id: recoveryCodes.id,
          lookup: recoveryCodes.lookup,
          codeHash: recoveryCodes.codeHash,
        })
        .from(recoveryCodes)
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            isNull(recoveryCodes.usedAt),
            or(eq(recoveryCodes.lookup, lookup), isNull(recoveryCodes.lookup)),
          ),
        ),

    /** Marks the code used if it is still unused; one statement, so it works once. */
    async claimRecoveryCode(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id })
      return rows.length > 0
    },

    /**
     * Counts a second-factor guess against the account's budget, in one statement (so concurrent
     * guesses cannot all slip under it): a window older than `windowMs` starts again. Answers the
     * window and the guesses counted in it, with `taken` false (nothing counted) when `max` are.
     */
    async takeSecondFactorGuess(
      userId: string,
      at: Date,
      windowMs: number,
      max: number,
    ): Promise<{ taken: boolean; windowStartedAt: Date; wrongCodes: number }> {
      const t = secondFactorGuesses
      const isOver = sql`${t.windowStartedAt} <= ${new Date(at.getTime() - windowMs).toISOString()}::timestamptz`
      const [taken] = await db
        .insert(t)
        .values({ userId, windowStartedAt: at, wrongCodes: 1 })
        .onConflictDoUpdate({
          target: t.userId,
          set: {
            windowStartedAt: sql`CASE WHEN ${isOver} THEN ${at.toISOString()}::timestamptz ELSE ${t.windowStartedAt} END`,
            wrongCodes: sql`CASE WHEN ${isOver} THEN 1 ELSE ${t.wrongCodes} + 1 END`,
          },
          setWhere: sql`${isOver} OR ${t.wrongCodes} < ${max}`,
        })
        .returning({ windowStartedAt: t.windowStartedAt, wrongCodes: t.wrongCodes })
      if (taken) return { taken: true, ...taken }
      const [spent] = await db
        .select({ windowStartedAt: t.windowStartedAt, wrongCodes: t.wrongCodes })
        .from(t)
        .where(eq(t.userId, userId))
      return { taken: false, windowStartedAt: spent?.windowStartedAt ?? at, wrongCodes: max }
    },

    /** Gives a guess back (it was right), within the window it was taken in. */
    async returnSecondFactorGuess(userId: string, windowStartedAt: Date) {
      await db
        .update(secondFactorGuesses)
        .set({ wrongCodes: sql`${secondFactorGuesses.wrongCodes} - 1` })
        .where(
          and(
            eq(secondFactorGuesses.userId, userId),
            eq(secondFactorGuesses.windowStartedAt, windowStartedAt),
            gt(secondFactorGuesses.wrongCodes, 0),
          ),
        )
    },

    /** Records that the window's notice goes out; true for the one caller that gets to send it. */
    async claimSecondFactorNotice(userId: string, windowStartedAt: Date, at: Date) {
      const rows = await db
        .update(secondFactorGuesses)
        .set({ noticeSentAt: at })
        .where(
          and(
            eq(secondFactorGuesses.userId, userId),
            eq(secondFactorGuesses.windowStartedAt, windowStartedAt),
            or(
              isNull(secondFactorGuesses.noticeSentAt),
              lt(secondFactorGuesses.noticeSentAt, windowStartedAt),
            ),
          ),
        )
        .returning({ userId: secondFactorGuesses.userId })
      return rows.length > 0
    },

    async insertChallenge(challenge: { userId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(signInChallenges).values(challenge)
    },

    async pruneChallenges(at: Date) {
      await db.delete(signInChallenges).where(spentTokens(signInChallenges, at))
      await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, at))
    },

    /** The user of a challenge still open, or undefined. */
    async findOpenChallenge(tokenHash: string, at: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: signInChallenges.userId })
        .from(signInChallenges)
        .where(openToken(signInChallenges, tokenHash, at))
        .limit(1)
      return row?.userId
    },

    /** Closes the challenge if still open; one statement, so only one request completes it. */
    async closeChallenge(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(signInChallenges)
        .set({ usedAt: at })
        .where(openToken(signInChallenges, tokenHash, at))
        .returning({ id: signInChallenges.id })
      return rows.length > 0
    },

    async insertEvent(event: {
      userId: string | null
      email: string
      type: string
      device: string
      at: Date
    }) {
      const { at, ...values } = event
      await db.insert(securityEvents).values({ ...values, createdAt: at })
    },

    /** Deletes events from before `before`, and those of `type` past its newest `keep`. */
    async pruneEvents(before: Date, type: string, keep: number) {
      await db.delete(securityEvents).where(lt(securityEvents.createdAt, before))
      const surplus = db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(eq(securityEvents.type, type))
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .offset(keep)
      await db.delete(securityEvents).where(inArray(securityEvents.id, surplus))
    },

    /** The newest `perType` events of each type, newest first. */
    async listEvents(perType: number): Promise<SecurityEventRow[]> {
      const ranked = db
        .select({
          id: securityEvents.id,
          userId: securityEvents.userId,
          email: securityEvents.email,
          type: securityEvents.type,
          device: securityEvents.device,
          createdAt: securityEvents.createdAt,
          rank: sql<number>`row_number() over (partition by ${securityEvents.type} order by ${securityEvents.createdAt} desc, ${securityEvents.id} desc)`.as(
            'rank',
          ),
        })
        .from(securityEvents)
        .as('ranked')
      const rows = await db
        .select()
        .from(ranked)
        .where(lte(ranked.rank, perType))
        .orderBy(desc(ranked.createdAt), desc(ranked.id))
      return rows.map(({ rank: _rank, ...row }) => row)
    },

    listPasskeys: (userId: string): Promise<PasskeyRow[]> =>
      db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(desc(passkeys.createdAt)),

    async findPasskey(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.credentialId, credentialId))
        .limit(1)
      return row
    },

    async insertPasskey(passkey: NewPasskey): Promise<PasskeyRow> {
      const [row] = await db.insert(passkeys).values(passkey).returning()
      return row!
    },

    async usePasskey(id: string, counter: number, at: Date) {
      await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id))
    },

    deletePasskey: (userId: string, id: string): Promise<boolean> =>
      deleteRow(db, passkeys, id, eq(passkeys.userId, userId)),

    async insertPasskeyChallenge(challenge: {
      challenge: string
      userId: string | null
      expiresAt: Date
    }) {
      await db.insert(passkeyChallenges).values(challenge)
    },

    /** Deletes the challenge if it is open and for this user (null: a sign-in); true if it was. */
    async claimPasskeyChallenge(
      challenge: string,
      userId: string | null,
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.challenge, challenge),
            userId === null
              ? isNull(passkeyChallenges.userId)
              : eq(passkeyChallenges.userId, userId),
            gt(passkeyChallenges.expiresAt, at),
          ),
        )
        .returning({ challenge: passkeyChallenges.challenge })
      return rows.length > 0
    },
  }
}

export type AccountSecurityRepository = ReturnType<typeof createAccountSecurityRepository>
