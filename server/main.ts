/** Process entry: read config, open and migrate the database, ensure the admin, listen, close gracefully. */
import { buildApp } from './app.ts'
import { loadConfigOrExit } from './config.ts'
import { openDatabase } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'

const config = loadConfigOrExit()
const database = await openDatabase(config.database)
await migrateDatabase(database)
const app = await buildApp({ config, database })

if (config.admin) {
  await app.services.users.ensureAdmin(config.admin)
  app.log.info({ email: config.admin.email }, 'admin account ensured')
} else if (!(await app.services.users.firstAdminEmail())) {
  app.log.warn(
    'no admin account yet: run "npm run create-admin", or start with ADMIN_EMAIL and ADMIN_PASSWORD',
  )
}

await app.listen({ port: config.port, host: config.host })

let closing = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'closing: finishing in-flight requests')
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while closing')
        process.exit(1)
      })
  })
}
