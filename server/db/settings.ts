import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { settings } from './schema.ts'

const SESSION_SECRET_KEY = 'session_secret'

/**
 * The token signing key when SESSION_SECRET is unset: generated once and stored, so every
 * instance and every restart signs and checks tokens with the same key.
 */
export async function loadOrCreateSessionSecret(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: SESSION_SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(settings).where(eq(settings.key, SESSION_SECRET_KEY))
  if (!row) throw new Error('session secret could not be stored')
  return row.value
}
