/**
 * The contact form's one-time token: the time the form was served and a random id, with an HMAC so
 * a bot can forge neither. Works without JavaScript: the page renders it into a hidden field.
 * A genuine token is good once (the service records its id until it expires), from `minFillMs`
 * after it was issued (sooner than a person could fill the form in) until `maxAgeMs`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** How long a served form can be sent. */
export const CONTACT_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000

const TOKEN_SHAPE = /^(\d{1,15})\.([\w-]{22})\.([\w-]{43})$/

export interface ContactTokenUse {
  /** Unique per token: recorded once used. */
  id: string
  /** When the token stops being good, and its record may go. */
  expiresAt: Date
}

export function createContactTokens(deps: {
  secret: string
  now: () => Date
  /** The least time a person takes between seeing the form and sending it. */
  minFillMs: number
}) {
  // A key of its own, derived from the app's secret, so a form token can never pass for anything else.
  const keyOf = (secret: string) =>
    createHmac('sha256', secret).update('contact-form-token').digest()
  let key = keyOf(deps.secret)
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

  return {
    issue(): string {
      const payload = `${deps.now().getTime()}.${randomBytes(16).toString('base64url')}`
      return `${payload}.${sign(payload)}`
    },

    /**
     * The token's id and expiry when it is genuine and within its time (not too recent, not
     * expired, not from the future); undefined otherwise. Whether it was used before is the
     * caller's to check.
     */
    verify(token: string): ContactTokenUse | undefined {
      const [, issuedAtText = '', id = '', signature = ''] = TOKEN_SHAPE.exec(token) ?? []
      if (!id) return undefined
      const expected = Buffer.from(sign(`${issuedAtText}.${id}`))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      const issuedAt = Number(issuedAtText)
      const age = deps.now().getTime() - issuedAt
      if (age < deps.minFillMs || age > CONTACT_TOKEN_MAX_AGE_MS) return undefined
      return { id, expiresAt: new Date(issuedAt + CONTACT_TOKEN_MAX_AGE_MS) }
    },

    /** Signs and verifies with `secret` from now on: forms served before are refused. */
    replaceSecret(secret: string): void {
      key = keyOf(secret)
    },
  }
}

export type ContactTokens = ReturnType<typeof createContactTokens>
