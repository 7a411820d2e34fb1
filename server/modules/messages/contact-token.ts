/**
 * The contact form's signed timestamp: the time the form was served, with an HMAC so a bot cannot
 * forge an older one. A post whose token is forged, or comes sooner than a person could fill the
 * form in, is spam. Works without JavaScript: the page renders the token into a hidden field.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export function createContactTokens(deps: {
  secret: string
  now: () => Date
  /** The least time a person takes between seeing the form and sending it. */
  minFillMs: number
}) {
  // A key of its own, derived from the app's secret, so a form token can never pass for anything else.
  const key = createHmac('sha256', deps.secret).update('contact-form-token').digest()
  const sign = (issuedAt: string) => createHmac('sha256', key).update(issuedAt).digest('base64url')

  return {
    issue(): string {
      const issuedAt = String(deps.now().getTime())
      return `${issuedAt}.${sign(issuedAt)}`
    },

    /** True when the token is forged, malformed, from the future or too recent. */
    isSuspicious(token: string): boolean {
      const [issuedAt = '', signature = ''] = token.split('.')
      if (!/^\d{1,15}$/.test(issuedAt)) return true
      const expected = Buffer.from(sign(issuedAt))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return true
      return deps.now().getTime() - Number(issuedAt) < deps.minFillMs
    },
  }
}

export type ContactTokens = ReturnType<typeof createContactTokens>
