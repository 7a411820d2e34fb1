/**
 * The command-line tools' way into a running server on the embedded database, which no second
 * process may open: a small Fastify instance of its own on a Unix socket in DATA_DIR, readable and
 * writable by the owner only, answering just what the tools do (seed, create-admin, backup,
 * rotate-secret) with the server's own services and database. It never listens on a network port.
 */
import { chmod, rm } from 'node:fs/promises'
import Fastify from 'fastify'
import { z } from 'zod'
import { writeBackup } from '#server/db/backup.ts'
import type { Database } from '#server/db/client.ts'
import { seedSite, type SeedResult, type SeedServices } from '#server/first-run/first-run.ts'
import type { SessionSecretService } from '#server/modules/operations/session-secret.service.ts'
import type { UploadsService } from '#server/modules/uploads/uploads.service.ts'
import type { UsersService } from '#server/modules/users/users.service.ts'
import type { WebsitesService } from '#server/modules/websites/websites.service.ts'
import type { AdminAnswer, BackupAnswer, RotateSecretAnswer } from './local-admin.client.ts'

const SOCKET_MODE = 0o600

const AdminBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  name: z.string().optional(),
})
const BackupBodySchema = z.object({ file: z.string().startsWith('/') })

export interface LocalChannelDeps {
  socketPath: string
  database: Database
  services: SeedServices & {
    users: UsersService
    websites: WebsitesService
    uploads: UploadsService
    sessionSecret: SessionSecretService
  }
}

export interface LocalChannel {
  close(): Promise<void>
}

/** Starts answering on `socketPath`, replacing a socket file a crashed server left behind. */
export async function startLocalChannel({
  socketPath,
  database,
  services,
}: LocalChannelDeps): Promise<LocalChannel> {
  const channel = Fastify({ logger: false })
  // The caller is the site's owner at the terminal: the whole message is the useful answer.
  channel.setErrorHandler((error, _request, reply) => {
    const isBadRequest = error instanceof z.ZodError
    const message = isBadRequest
      ? z.prettifyError(error)
      : error instanceof Error
        ? error.message
        : String(error)
    void reply.code(isBadRequest ? 400 : 500).send({ message })
  })

  channel.get('/status', async () => ({ pid: process.pid }))
  channel.post('/seed', async (): Promise<SeedResult> => {
    // Through the services, which empty the public response cache as an admin's edit does.
    return seedSite(services)
  })
  channel.post('/admins', async (request): Promise<AdminAnswer> => {
    const { user, created, promoted } = await services.users.ensureAdmin(
      AdminBodySchema.parse(request.body),
    )
    return { user: { name: user.name, email: user.email }, created, promoted }
  })
  channel.post('/backups', async (request): Promise<BackupAnswer> => {
    const { file } = BackupBodySchema.parse(request.body)
    return { counts: await writeBackup(database, file) }
  })
  channel.post('/session-secret', async (): Promise<RotateSecretAnswer> =>
    services.sessionSecret.rotate(),
  )

  // Only this process holds the database lock, so a socket file here is a crashed server's leftover.
  await rm(socketPath, { force: true })
  await channel.listen({ path: socketPath })
  await chmod(socketPath, SOCKET_MODE)
  return {
    close: async () => {
      await channel.close()
      await rm(socketPath, { force: true })
    },
  }
}
