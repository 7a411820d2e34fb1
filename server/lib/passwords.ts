import { createRequire } from 'node:module'
import path from 'node:path'
import { hash, verify } from '@node-rs/argon2'
import type * as LanguageCommon from '@zxcvbn-ts/language-common'
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
 *
 * It is needed only while a password is being set, a few times a month on a small site (and at
 * every start that names the admin's password), so it is not kept: its module is loaded through
 * CommonJS and forgotten at once, and the list itself is dropped once unused for LIST_KEPT_MS.
 * An ES module, once imported, stays for the life of the process; this list and its module held
 * 1.4 MB of heap from every start (docs/decisions/039).
 */
const LIST_PACKAGE = '@zxcvbn-ts/language-common'
const LIST_KEPT_MS = 60_000

let kept: { list: ReadonlySet<string>; timer: NodeJS.Timeout } | undefined

function breachedPasswords({ keep }: { keep: boolean }): ReadonlySet<string> {
  if (kept) {
    kept.timer.refresh()
    return kept.list
  }
  // A require function of its own, dropped with this call: the modules it loads are recorded as
  // its children.
  const require = createRequire(import.meta.url)
  const packageDir = path.dirname(require.resolve(`${LIST_PACKAGE}/package.json`))
  const { dictionary } = require(LIST_PACKAGE) as typeof LanguageCommon
  for (const file of Object.keys(require.cache)) {
    if (file.startsWith(packageDir + path.sep)) delete require.cache[file]
  }
  const list = new Set(dictionary['passwords-common'])
  if (keep) kept = { list, timer: setTimeout(() => (kept = undefined), LIST_KEPT_MS).unref() }
  return list
}

/** Whether the breached list is in memory now (for the test that it is let go). */
export const isBreachedListKept = () => kept !== undefined

/** Shorter cores ("love" in "Love1234!") still count; below this they are too short to judge. */
const BREACHED_CORE_MIN_LENGTH = 4

/**
 * True when the password is on the list, ignoring case, or is a listed word with digits and symbols
 * only added around it ("Password1!", "!Qwerty123"): the first variants a guesser tries, and the
 * usual way a listed password is made to pass the character rules. `keepList: false` for a check
 * that is not followed by others (the admin's password at start-up).
 */
export async function isBreachedPassword(
  password: string,
  { keepList = true }: { keepList?: boolean } = {},
): Promise<boolean> {
  const list = breachedPasswords({ keep: keepList })
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
