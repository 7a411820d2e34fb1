/**
 * `npm run rotate-secret`: replaces the stored token-signing secret with a new random one and ends
 * every session at once (everyone signs in again); for when a backup or the database may have
 * been read by someone else. Through the running server when one owns the embedded database; on
 * PostgreSQL directly, and every instance on the database takes up the new secret. Refused when
 * SESSION_SECRET is set: the site signs with that, so that is what to change.
 */
import { loadConfigOrExit } from '#server/config.ts'
import { rotateSessionSecret } from '#server/db/settings.ts'
import type { RotateSecretAnswer } from '#server/modules/local-admin/local-admin.client.ts'
import { SESSION_SECRET_IN_ENVIRONMENT } from '#server/modules/operations/session-secret.service.ts'
import { CliError, fail, findRunningSite, withMigratedDatabase } from './cli-support.ts'

// Whatever this writes under DATA_DIR (database files) is for its owner's eyes only.
process.umask(0o077)

const config = loadConfigOrExit()

const rotateDirectly = (): Promise<RotateSecretAnswer> =>
  withMigratedDatabase(config, async (database) => {
    const { signedOut } = await rotateSessionSecret(database.db)
    return { signedOut }
  })

try {
  if (config.sessionSecret) throw new CliError(SESSION_SECRET_IN_ENVIRONMENT)
  const site = await findRunningSite(config)
  const { signedOut } = site
    ? await site.call<RotateSecretAnswer>('POST', '/session-secret')
    : await rotateDirectly()
  const through = site ? ` (through the running site, pid ${site.pid})` : ''
  console.log(
    `Replaced the token-signing secret: every session has ended, ${signedOut} ` +
      `user${signedOut === 1 ? '' : 's'} must sign in again${through}.`,
  )
  if (config.database.kind === 'postgres') {
    console.log('Every app instance on this database has been told to use the new secret.')
  }
} catch (error) {
  fail(error)
}
