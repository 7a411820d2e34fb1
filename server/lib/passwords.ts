import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommended minimum).
const ARGON2ID = 2

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID })

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A real hash of a random password, verified against when the e-mail is unknown so both cases cost the same. */
let dummyHash: Promise<string> | undefined
export const timingDummyHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}-Aa1!`))
