/** Process entry: read config, open and migrate the database, ensure the admin, listen, close gracefully. */
import { buildApp } from './app.ts'
import { loadConfigOrExit } from './config.ts'
import { openDatabase, protectDataDir } from './db/client.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { holdsCluster } from './db/pglite-cluster.ts'
import { isBackgroundWorkInFlight } from './lib/background-work.ts'
import { collectBetweenStartSteps, releaseMemoryWhenIdle } from './lib/idle-memory.ts'
import { hashPassword } from './lib/passwords.ts'
import { migrateDatabase } from './db/migrate.ts'
import { describeFirstRun, putFirstRunContent } from './first-run/first-run.ts'
import { logStream } from './lib/log-output.ts'
import { startLocalChannel, type LocalChannel } from './modules/local-admin/local-admin.channel.ts'
import { localChannelPath } from './modules/local-admin/local-admin.client.ts'

// Everything this process writes (database files, outbox mails) is for its owner's eyes only.
process.umask(0o077)
const config = loadConfigOrExit()
// What each step of the start leaves behind is collected before the next one (docs/decisions/053).
const collectStartGarbage = collectBetweenStartSteps()
await protectDataDir(config.dataDir, [config.mail.outboxDir])
// A start that creates the embedded database creates the admin too: its password hash (argon2id
// holds 19 MiB while it works) is begun now, while the process is small, rather than on top of
// everything the start has loaded by then (docs/decisions/039). Any other start hashes nothing.
const adminHash =
  config.admin && config.database.kind === 'pglite' && !holdsCluster(config.database.dir)
    ? hashPassword(config.admin.password)
    : undefined
adminHash?.catch(() => {})
const database = await openDatabase(config.database, { role: 'server' }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error
  console.error(error.message)
  process.exit(1)
})
collectStartGarbage()
await migrateDatabase(database)
collectStartGarbage()
const app = await buildApp({
  config,
  database,
  logger: { level: config.logLevel, stream: await logStream(config.logFormat) },
})
collectStartGarbage()

// First-run content (server/first-run/): stored where it was never written, so only a new site gets it.
const firstRun = describeFirstRun(await putFirstRunContent(app.services))
if (firstRun) app.log.info(firstRun)

if (config.admin) {
  const { created, promoted } = await app.services.users.ensureAdmin(config.admin, {
    passwordHash: adminHash,
  })
  app.log.info({ email: config.admin.email, created, promoted }, 'admin account ensured')
} else if (!(await app.services.users.firstAdminEmail())) {
  app.log.warn(
    'no admin account yet: run "npm run create-admin", or start with ADMIN_EMAIL and ADMIN_PASSWORD',
  )
}

// What is wrong with the configuration: one warning line each (the dashboard lists them too).
for (const notice of app.services.notices) app.log.warn({ notice: notice.code }, notice.message)

// The command-line tools cannot open the embedded database beside us: they ask through this.
let channel: LocalChannel | undefined
if (database.kind === 'pglite') {
  const socketPath = localChannelPath(config.dataDir)
  channel = await startLocalChannel({
    socketPath,
    database,
    services: app.services,
  }).catch((err: unknown) => {
    app.log.warn(
      { err, socketPath },
      'local channel off: npm run seed, create-admin and backup cannot run beside this server',
    )
    return undefined
  })
}

// Listening last: once the site answers, the tools' channel is ready (socket and its mode).
await app.listen({ port: config.port, host: config.host })
// What a burst of requests grew the process by is given back once it is over (server/lib/idle-memory.ts).
// The requests' background work (their mail, above all) counts as activity too.
const stopReleasingMemory = releaseMemoryWhenIdle(app.server, { isBusy: isBackgroundWorkInFlight })

if (app.services.backups.intervalHours) {
  app.log.info(
    { backupDir: config.backups.dir, keep: config.backups.keep },
    `scheduled backups every ${app.services.backups.intervalHours} h`,
  )
}

let closing = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    stopReleasingMemory()
    app.log.info({ signal }, 'closing: finishing in-flight requests')
    Promise.resolve(channel?.close())
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while closing')
        process.exit(1)
      })
  })
}
