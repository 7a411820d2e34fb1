/** The contact form's spam check seen from outside: a message posted with a form token. */
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { messages } from '#server/db/schema.ts'
import type { TestApp } from './test-app.ts'

/**
 * Posts a contact message carrying `formToken` (the `n`th, for a sender of its own) and answers
 * whether it was stored as spam: a token forged, too recent, expired or used before makes it spam.
 */
export async function isSpamWithToken(app: TestApp, formToken: string, n: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages/contact',
    payload: {
      fullName: `Visitor ${n}`,
      email: `visitor${n}@form-token.test`,
      subject: 'A new site',
      message: 'Could you build us a site with a booking calendar?',
      formToken,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  const { _id } = MessageSchema.parse(res.json())
  const [stored] = await app.database.db.select().from(messages).where(eq(messages.id, _id))
  return stored!.spam
}
