/**
 * The token signing key when SESSION_SECRET is unset: generated once and stored, so every instance
 * and every restart signs and checks tokens with the same key. It never leaves the database: backups
 * leave it out (a backup that held it would let its reader forge any user's token), and a restore
 * or `npm run rotate-secret` stores a new one.
 */
import { randomBytes } from 'node:crypto'
import { eq, isNotNull, or, sql } from 'drizzle-orm'
import { decryptWith, encryptWith } from '#server/lib/secret-box.ts'
import type { Db } from './client.ts'
import { settings, users, userSessions } from './schema.ts'

/**
 * The settings row that says the FAQ was written once: an owner may delete every entry, so an
 * empty list alone cannot tell a new site from one whose owner emptied it. The migration
 * drizzle/0015_first_run_faq.sql sets it on databases whose FAQ their owner had changed, and a
 * restore sets it whenever its file holds the FAQ.
 */
export const FAQ_FIRST_RUN_KEY = 'first_run:faq'

export const SESSION_SECRET_KEY = 'session_secret'
/**
 * The LISTEN/NOTIFY channel that tells every app instance on a PostgreSQL database that the stored
 * secret was replaced. Notifications stay within their database, so one name serves every site.
 */
export const SESSION_SECRET_CHANNEL = 'devfolio_session_secret'

const newSecret = () => randomBytes(48).toString('base64url')

export async function loadOrCreateSessionSecret(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: SESSION_SECRET_KEY, value: newSecret() })
    .onConflictDoNothing()
  const stored = await readSessionSecret(db)
  if (!stored) throw new Error('session secret could not be stored')
  return stored
}

export async function readSessionSecret(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SESSION_SECRET_KEY))
  return row?.value
}

/**
 * Stores a new random secret in place of the old one and notifies the instances on the database
 * (PostgreSQL delivers the notification when the caller's transaction commits). Returns it.
 */
export async function replaceSessionSecret(db: Db): Promise<string> {
  const secret = newSecret()
  await db
    .insert(settings)
    .values({ key: SESSION_SECRET_KEY, value: secret })
    .onConflictDoUpdate({ target: settings.key, set: { value: secret } })
  await db.execute(sql`select pg_notify(${SESSION_SECRET_CHANNEL}, '')`)
  return secret
}

/**
 * Re-encrypts the values sealed under the old secret (TOTP secrets, server/lib/secret-box.ts) under
 * the new one, so two-factor keeps working across a rotation. A value the old secret cannot open
 * (sealed before a restore) is left as it is.
 */
async function resealUnder(tx: Db, oldSecret: string | undefined, newSecret: string) {
  if (!oldSecret) return
  const reseal = (value: string | null) => {
    if (value === null) return null
    const plain = decryptWith(oldSecret, value)
    return plain === undefined ? value : encryptWith(newSecret, plain)
  }
  const rows = await tx
    .select({ id: users.id, totpSecret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret)))
    .for('update')
  for (const row of rows) {
    await tx
      .update(users)
      .set({ totpSecret: reseal(row.totpSecret), totpPendingSecret: reseal(row.pending) })
      .where(eq(users.id, row.id))
  }
}

/**
 * Replaces the secret and, in the same transaction, bumps every user's token version: every
 * session ends at the commit, on every instance, even one that has not heard of the new secret yet
 * (each request re-reads its user). Values sealed under the old secret are sealed again under the
 * new one. Returns the new secret and how many users were signed out.
 */
export async function rotateSessionSecret(db: Db): Promise<{ secret: string; signedOut: number }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    const previous = await readSessionSecret(tx)
    const secret = await replaceSessionSecret(tx)
    await resealUnder(tx, previous, secret)
    // The session records go too, so no profile lists a device that can no longer be used.
    await tx.delete(userSessions)
    const bumped = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .returning({ id: users.id })
    return { secret, signedOut: bumped.length }
  })
}
