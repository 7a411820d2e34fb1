import { expect } from 'vitest'
import type { UserRow } from '#server/db/schema.ts'
import { makeAdmin, makeUser } from './factories.ts'
import type { TestApp } from './test-app.ts'

/** The Authorization header of a signed-in user (a real token from the app's own signer). */
export async function authHeader(app: TestApp, user: Pick<UserRow, 'id' | 'tokenVersion'>) {
  const token = await app.services.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion })
  return { authorization: `Bearer ${token}` }
}

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
