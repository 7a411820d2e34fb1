/**
 * Recovery codes and their stored form. Each code is hashed with argon2id under its own salt, at a
 * cost below a password's (a code carries about 49 random bits, a password far fewer): a database
 * or backup reader must run that work for every guess of every code. The hash needs no key, so
 * codes keep working after a restore, which makes a new signing secret and is exactly when they
 * are needed. The first characters are kept apart as a lookup, so a sign-in verifies one hash.
 */
import { createHash, randomInt } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

const ARGON2ID = 2
// Well below a password's cost (verified once per recovery-code sign-in, hashed ten at a time).
const CODE_COST = { algorithm: ARGON2ID, memoryCost: 4096, timeCost: 2, parallelism: 1 }
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const CODE_LENGTH = 10
const LOOKUP_LENGTH = 2
const SHA256_HEX = /^[0-9a-f]{64}$/

/** A code as stored and compared: no dash, no spaces, lower case (what the schema leaves of it). */
const normalise = (code: string) => code.replaceAll(/[\s-]/g, '').toLowerCase()

/** The part of a code stored in clear to find its row. */
export const lookupOf = (code: string) => normalise(code).slice(0, LOOKUP_LENGTH)

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** `count` new codes as shown (xxxxx-xxxxx), no two with the same lookup. */
export function newRecoveryCodes(count: number): string[] {
  const codes = new Map<string, string>()
  while (codes.size < count) {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
    const code = `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
    if (!codes.has(lookupOf(code))) codes.set(lookupOf(code), code)
  }
  return [...codes.values()]
}

export interface StoredRecoveryCode {
  lookup: string | null
  codeHash: string
}

export const hashRecoveryCode = async (code: string): Promise<StoredRecoveryCode> => ({
  lookup: lookupOf(code),
  codeHash: await hash(normalise(code), CODE_COST),
})

/** True for a code stored before salted hashes: its bare SHA-256, which a backup must not hold. */
export const isBareSha256 = (codeHash: string) => SHA256_HEX.test(codeHash)

/**
 * A bare SHA-256 of a code made before salted hashes, hashed again with argon2id: the code keeps
 * working (it is checked through its SHA-256) and the stored form no longer gives it away.
 */
export const wrapBareSha256 = (sha256Hex: string) => hash(sha256Hex, CODE_COST)

/** True when `code` is the one `stored` holds, in any of the stored forms. */
export async function matchesRecoveryCode(stored: StoredRecoveryCode, code: string) {
  const plain = normalise(code)
  if (isBareSha256(stored.codeHash)) return stored.codeHash === sha256(plain)
  const hashed = stored.lookup === null ? sha256(plain) : plain
  try {
    return await verify(stored.codeHash, hashed)
  } catch {
    return false
  }
}
