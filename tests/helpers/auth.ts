import { expect } from 'vitest'
import { userSessions, type UserRow } from '#server/db/schema.ts'
import { makeAdmin, makeUser } from './factories.ts'
import type { TestApp } from './test-app.ts'

/** The Authorization header that carries `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A session record for the user, as a sign-in makes (the token must name one); its id. */
export async function makeSession(app: TestApp, userId: string): Promise<string> {
  const [row] = await app.database.db
    .insert(userSessions)
    .values({ userId, device: 'Test device' })
    .returning({ id: userSessions.id })
  return row!.id
}

/**
 * The Authorization header of a signed-in user (a real token from the app's own signer, naming a
 * new session record, checked just now).
 */
export async function authHeader(app: TestApp, user: Pick<UserRow, 'id' | 'tokenVersion'>) {
  const sessionId = await makeSession(app, user.id)
  return bearer(
    await app.services.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion, sessionId }),
  )
}

/**
 * POST /api/users/signin through inject; the answer is the test's to check. `remoteAddress` is the
 * client's address (the default is inject's own), for tests of the per-address limits.
 */
export const signIn = (app: TestApp, email: string, password: string, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password },
    remoteAddress,
  })

export async function asAdmin(app: TestApp) {
  const admin = await makeAdmin(app)
  return { user: admin, headers: await authHeader(app, admin) }
}

export async function asUser(app: TestApp) {
  const user = await makeUser(app)
  return { user, headers: await authHeader(app, user) }
}

/** Asserts the `{ message }` error shape, the status and (optionally) the message text. */
export function expectError(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message?: string | RegExp,
) {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { message?: unknown }
  expect(Object.keys(body)).toEqual(['message'])
  expect(typeof body.message).toBe('string')
  if (message instanceof RegExp) expect(body.message).toMatch(message)
  else if (message !== undefined) expect(body.message).toBe(message)
}
