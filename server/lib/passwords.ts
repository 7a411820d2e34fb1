import { hash, verify } from '@node-rs/argon2'
import { PASSWORD_BREACHED } from '#common/constants.ts'
import { badRequest } from './http-errors.ts'

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

/**
 * The common breached passwords of zxcvbn-ts (its "passwords-common" dictionary, lower-case, drawn
 * from published breach corpora). Loaded on first use: unpacking it takes a noticeable moment that
 * start-up and sign-in need not pay. It stays on the server: it would outweigh every public page.
 */
let breachedPasswords: Promise<ReadonlySet<string>> | undefined
const loadBreachedPasswords = () =>
  (breachedPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ))

/** Shorter cores ("love" in "Love1234!") still count; below this they are too short to judge. */
const BREACHED_CORE_MIN_LENGTH = 4

/**
 * True when the password is on the list, ignoring case, or is a listed word with digits and symbols
 * only added around it ("Password1!", "!Qwerty123"): the first variants a guesser tries, and the
 * usual way a listed password is made to pass the character rules.
 */
export async function isBreachedPassword(password: string): Promise<boolean> {
  const list = await loadBreachedPasswords()
  const lower = password.toLowerCase()
  const core = lower.replace(/^[^a-z]+|(?<=[a-z])[^a-z]+$/g, '')
  return list.has(lower) || (core.length >= BREACHED_CORE_MIN_LENGTH && list.has(core))
}

/**
 * Hashes a password being set (sign-up, reset, profile, admin), applying the policy's server-side
 * rule: 400 with PASSWORD_BREACHED when it is a common breached password. PasswordSchema has
 * already checked the rest of the policy.
 */
export async function hashNewPassword(password: string): Promise<string> {
  if (await isBreachedPassword(password)) throw badRequest(PASSWORD_BREACHED)
  return hashPassword(password)
}
