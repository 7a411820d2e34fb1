import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Notice } from '#common/schemas/operations.ts'
import { OperationsStatusSchema } from '#common/schemas/operations.ts'
import { ErrorResponseSchema } from '#common/schemas/common.ts'
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

  // A fresh backup, kept in BACKUP_DIR like a scheduled one, streamed as a download. No response
  // schema: the body is the file (errors are `{ message }` through the error handler as ever).
  app.post('/backups', { onRequest: app.requireAdmin }, async (_request, reply) => {
    const { info, stream } = await backups.openFreshBackup()
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', info.sizeBytes)
      .header('content-disposition', `attachment; filename="${info.fileName}"`)
      .send(stream)
  })
}
