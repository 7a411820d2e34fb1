import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Notice } from '#common/schemas/operations.ts'
import { OperationsStatusSchema } from '#common/schemas/operations.ts'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
import { currentUser } from '#server/plugins/auth.ts'
import type { BackupsService } from './backups.service.ts'

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema }

export const operationsRoutes: FastifyPluginAsyncZod<{
  notices: Notice[]
  backups: BackupsService
}> = async (app, { notices, backups }) => {
  app.get(
    '/status',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: OperationsStatusSchema, ...adminErrors } },
    },
    async () => ({
      notices,
      backups: {
        intervalHours: backups.intervalHours,
        keep: backups.keep,
        last: await backups.lastBackup(),
      },
    }),
  )

  // A fresh backup streamed as a download and kept nowhere (BACKUP_DIR holds the scheduled ones
  // only). Each takes a whole snapshot, so a few per hour per admin: counted after the admin check,
  // so nobody else can use an admin's allowance up. No response schema: the body is the file
  // (errors are `{ message }` through the error handler as ever).
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
    async (_request, reply) => {
      const { fileName, sizeBytes, stream } = await backups.openDownload()
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', sizeBytes)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream)
    },
  )
}
