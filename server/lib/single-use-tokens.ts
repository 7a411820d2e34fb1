/**
 * The SQL of the schema's single-use tokens (`singleUseToken` in server/db/schema.ts: password
 * resets, sign-in challenges, the clients' sign-in links): a token is open until it is used or it
 * expires, and spent after.
 */
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

interface SingleUseTokens {
  tokenHash: PgColumn
  expiresAt: PgColumn
  usedAt: PgColumn
}

/** The row of `tokenHash` while it is unused and has not expired at `at`. */
export const openToken = (table: SingleUseTokens, tokenHash: string, at: Date) =>
  and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, at))

/** The rows used, or expired by `at`. */
export const spentTokens = (table: SingleUseTokens, at: Date) =>
  or(isNotNull(table.usedAt), lte(table.expiresAt, at))
