import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Notice } from '#common/schemas/operations.ts'
import { OperationsStatusSchema } from '#common/schemas/operations.ts'

import { currentSession, currentUser } from '#server/plugins/auth.ts'
import type { AccountSecurityService } from '#server/modules/account-security/account-security.service.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import type { BackupsService } from './backups.service.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'

export const operationsRoutes: FastifyPluginAsyncZod<{
  notices: Notice[]
  backups: BackupsService
  security: AccountSecurityService
  mail: MailService
}> = async (app, { notices, backups, security, mail }) => {
  app.get(
    '/status',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: OperationsStatusSchema, ...ADMIN_ERRORS } },
    },
    async () => ({
      notices,
      backups: {
        intervalHours: backups.intervalHours,
        keep: backups.keep,
        last: await backups.lastBackup(),
      },
      mail: await mail.counts(),
    }),
  )

  // A fresh backup streamed as a download and kept nowhere (BACKUP_DIR holds the scheduled ones
  // only). Each takes a whole snapshot, so a few per hour per admin: counted after the admin check,
  // so nobody else can use an admin's allowance up. The file holds every account and message, so
  // the admin's password or code must have been entered recently (403 otherwise). No response
  // schema: the body is the file (errors are `{ message }` through the error handler as ever).
  const downloadLimit = app.rateLimitFor('backupDownload')
  app.post(
    '/backups',
    {
      onRequest: app.requireAdmin,
      config: {
        rateLimit: downloadLimit && {
          ...downloadLimit,
          hook: 'preHandler',
          keyGenerator: (request) => currentUser(request).id,
        },
      },
    },
    async (request, reply) => {
      security.requireRecentVerification(currentSession(request))
      const { fileName, sizeBytes, stream } = await backups.openDownload()
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', sizeBytes)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream)
    },
  )
}
