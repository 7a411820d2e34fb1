/**
 * Encryption at rest for values the server must read back (a TOTP secret), with AES-256-GCM under
 * a key derived (HKDF-SHA-256) from the token-signing secret, which backups leave out: a database
 * copy or a backup alone does not reveal them. `npm run rotate-secret` re-encrypts them under the
 * new secret in the same transaction (server/db/settings.ts).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const KEY_INFO = 'devfolio at-rest encryption v1'

const deriveKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), KEY_INFO, 32))

export function encryptWith(secret: string, plain: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The plain text, or undefined when `sealed` was not encrypted under this secret (or is damaged). */
export function decryptWith(secret: string, sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || data === undefined) return undefined
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      deriveKey(secret),
      Buffer.from(iv, 'base64url'),
    )
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return undefined
  }
}

export interface SecretBox {
  encrypt(plain: string): string
  decrypt(sealed: string): string | undefined
  /** Uses `secret` from now on (a rotation, or another instance's, taken up). */
  replaceSecret(secret: string): void
}

export function createSecretBox(secret: string): SecretBox {
  let current = secret
  return {
    encrypt: (plain) => encryptWith(current, plain),
    decrypt: (sealed) => decryptWith(current, sealed),
    replaceSecret(next) {
      current = next
    },
  }
}
