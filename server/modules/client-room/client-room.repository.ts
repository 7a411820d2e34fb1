/** SQL for the clients' sign-in links and room sessions; the rules live in client-room.service.ts. */
import { and, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { clientSessions, clientSignInTokens } from '#server/db/schema.ts'
import { deleteRows } from '#server/lib/delete-row.ts'
import { openToken, spentTokens } from '#server/lib/single-use-tokens.ts'

export function createClientRoomRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction: a sign-in link and the mail that carries it. */
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(fn),

    /** Stores a new link for the client within `tx`, dropping its used and expired ones. */
    async insertSignInToken(
      values: { clientId: string; tokenHash: string; expiresAt: Date },
      at: Date,
      tx: Db,
    ): Promise<void> {
      await tx
        .delete(clientSignInTokens)
        .where(
          and(
            eq(clientSignInTokens.clientId, values.clientId),
            spentTokens(clientSignInTokens, at),
          ),
        )
      await tx.insert(clientSignInTokens).values(values)
    },

    /**
     * Spends a link and opens a session with it, in one transaction: one UPDATE claims the token,
     * so a link opened twice at once signs in once. The client's id, or undefined for a link that
     * is unknown, used or expired.
     */
    async claimSignInToken(
      tokenHash: string,
      session: { tokenHash: string },
      at: Date,
    ): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(clientSignInTokens)
          .set({ usedAt: at })
          .where(openToken(clientSignInTokens, tokenHash, at))
          .returning({ clientId: clientSignInTokens.clientId })
        if (!claimed) return undefined
        await tx.insert(clientSessions).values({
          clientId: claimed.clientId,
          tokenHash: session.tokenHash,
          createdAt: at,
          lastSeenAt: at,
        })
        return claimed.clientId
      })
    },

    /** The session of `tokenHash` if it was used since `idleSince`. */
    async findSession(
      tokenHash: string,
      idleSince: Date,
    ): Promise<{ id: string; clientId: string; lastSeenAt: Date } | undefined> {
      const [row] = await db
        .select({
          id: clientSessions.id,
          clientId: clientSessions.clientId,
          lastSeenAt: clientSessions.lastSeenAt,
        })
        .from(clientSessions)
        .where(
          and(eq(clientSessions.tokenHash, tokenHash), gt(clientSessions.lastSeenAt, idleSince)),
        )
        .limit(1)
      return row
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(clientSessions).set({ lastSeenAt: at }).where(eq(clientSessions.id, id))
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(clientSessions).where(eq(clientSessions.tokenHash, tokenHash))
    },

    /** Ends every session of the client; how many there were. */
    deleteSessionsOf: (clientId: string): Promise<number> =>
      deleteRows(db, clientSessions, eq(clientSessions.clientId, clientId)),

    /** Drops sessions unused since `idleSince` and links spent or expired by `at`. */
    async purge(idleSince: Date, at: Date): Promise<void> {
      await db.delete(clientSessions).where(lte(clientSessions.lastSeenAt, idleSince))
      await db.delete(clientSignInTokens).where(spentTokens(clientSignInTokens, at))
    },
  }
}

export type ClientRoomRepository = ReturnType<typeof createClientRoomRepository>
