/**
 * `npm run create-admin [-- --email E --password P --name N]`: creates an admin account, or gives
 * an existing account admin rights (setting its password to the given one and ending its
 * sessions). Asks for whatever the flags leave out. Works through the running server when one owns
 * the embedded database.
 */
import { Writable } from 'node:stream'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { PASSWORD_RULE_HINT } from '#common/constants.ts'
import Fastify from 'fastify'
import { loadConfigOrExit, type Config } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import type { AdminAnswer } from '#server/modules/local-admin/local-admin.client.ts'
import { parseAdminInput, type EnsureAdminInput } from '#server/modules/users/users.service.ts'
import { createServices } from '#server/services.ts'
import { findRunningSite } from './cli-support.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const USAGE = `Usage: npm run create-admin -- [--email EMAIL] [--password PASSWORD] [--name NAME]
Creates an admin account, or makes an existing account (same e-mail) an admin: its password
becomes the one given here and its sessions end. Missing values are asked for interactively.
${PASSWORD_RULE_HINT}, and not a common breached password.`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function parseFlags() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`)
  }
}

/** Prompts on the terminal; the password answer is not echoed. */
async function ask(missing: { email: boolean; password: boolean; name: boolean }) {
  if (!process.stdin.isTTY) {
    fail(`Missing --email or --password and no terminal to ask on.\n\n${USAGE}`)
  }
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk)
      callback()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  try {
    const answers: { email?: string; password?: string; name?: string } = {}
    if (missing.email) answers.email = (await rl.question('Admin e-mail: ')).trim()
    if (missing.name) answers.name = (await rl.question('Name [Admin]: ')).trim() || undefined
    if (missing.password) {
      process.stdout.write(`Password (${PASSWORD_RULE_HINT.toLowerCase()}): `)
      muted = true
      const password = rl.question('')
      answers.password = await password
      muted = false
      process.stdout.write('\n')
    }
    return answers
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ABORT_ERR') fail('\nCancelled.')
    throw error
  } finally {
    rl.close()
  }
}

const flags = parseFlags()
if (flags.help) {
  console.log(USAGE)
  process.exit(0)
}

const config = loadConfigOrExit()

const asked =
  flags.email && flags.password
    ? {}
    : await ask({ email: !flags.email, password: !flags.password, name: !flags.name })
let admin
try {
  admin = await parseAdminInput({
    email: flags.email ?? asked.email ?? '',
    password: flags.password ?? asked.password ?? '',
    name: flags.name ?? asked.name,
  })
} catch (error) {
  fail((error as Error).message)
}

async function createDirectly(config: Config, input: EnsureAdminInput): Promise<AdminAnswer> {
  const database = await openDatabase(config.database)
  try {
    await migrateDatabase(database)
    // The same services the server builds; the log is the server's format, warnings only.
    const { log } = Fastify({ logger: { level: 'warn' } })
    const { users } = await createServices({ config, database, log })
    return await users.ensureAdmin(input)
  } finally {
    await database.close()
  }
}

try {
  const site = await findRunningSite(config)
  const { user, created, promoted } = site
    ? await site.call<AdminAnswer>('POST', '/admins', admin)
    : await createDirectly(config, admin)
  const through = site ? ` (through the running site, pid ${site.pid})` : ''
  console.log(
    (created
      ? `Created admin ${user.name} <${user.email}>.`
      : promoted
        ? `${user.name} <${user.email}> already had an account; it is now an admin, with the password given here (its earlier sessions have ended).`
        : `${user.name} <${user.email}> is already an admin (password unchanged).`) + through,
  )
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
