/**
 * Signed bearer tokens: HS256 only (so `alg: none` and other algorithms are refused),
 * carrying the user id, the session record's id (`sid`, ended one by one) and the user's token version, which a password or e-mail change and
 * "sign out everywhere" bump. A token is refused once older than SESSION_TTL_SECONDS, whatever
 * expiry it carries. `replaceSecret` (npm run rotate-secret, a restore) refuses every token signed
 * before it at once.
 */
import { SignJWT, jwtVerify } from 'jose'
import { SESSION_TTL_SECONDS } from '#common/constants.ts'
import { IdSchema } from '#common/schemas/common.ts'

const VERIFIED_CACHE_SIZE = 1_000

export interface TokenClaims {
  userId: string
  tokenVersion: number
  sessionId: string
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>
  verify(token: string): Promise<TokenClaims | null>
  /** Signs and verifies with `secret` from now on: every token signed before is refused. */
  replaceSecret(secret: string): void
}

const importKey = (secret: string) =>
  crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )

export function createTokenService(
  secret: string,
  now: () => Date = () => new Date(),
): TokenService {
  // Imported once per secret: jose would import raw key bytes again on every call, doubling its
  // cost. Tokens already verified, until they expire: the signature of a given string cannot
  // change, and revocation is the token version, which every request still checks against the
  // database. Both go together, so a new secret starts with nothing verified.
  let current = {
    key: importKey(secret),
    verified: new Map<string, { claims: TokenClaims; expiresAtMs: number }>(),
  }
  return {
    async sign({ userId, tokenVersion, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000)
      return new SignJWT({ ver: tokenVersion, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
        .sign(await current.key)
    },
    async verify(token) {
      const { key, verified } = current
      const known = verified.get(token)
      if (known) {
        if (now().getTime() < known.expiresAtMs) return known.claims
        verified.delete(token)
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: now(),
        })
        // Only a user id can be a subject: anything else must not reach the users query.
        if (!IdSchema.safeParse(payload.sub).success || typeof payload.ver !== 'number') return null
        // Every token names its session record; one signed before sessions were recorded has none.
        if (!IdSchema.safeParse(payload.sid).success) return null
        if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null
        // The age cap holds even for a token whose `exp` lies further out. Checked here rather than
        // with jose's maxTokenAge, which also refuses an `iat` a moment ahead: a token issued by an
        // instance whose clock runs slightly fast would then fail on the others.
        const expiresAtS = Math.min(payload.exp, payload.iat + SESSION_TTL_SECONDS)
        if (now().getTime() >= expiresAtS * 1000) return null
        // The secret was replaced while this token was being checked with the old one.
        if (current.key !== key) return null
        const claims = {
          userId: payload.sub as string,
          tokenVersion: payload.ver,
          sessionId: payload.sid as string,
        }
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!)
        verified.set(token, { claims, expiresAtMs: expiresAtS * 1000 })
        return claims
      } catch {
        return null
      }
    },
    replaceSecret(next) {
      current = { key: importKey(next), verified: new Map() }
    },
  }
}
