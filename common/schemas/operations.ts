import { z } from 'zod'
import { OutboxCountsSchema } from './outbox.ts'

/** Something about how the site runs that its owner should fix (see server/modules/operations). */
const NoticeSchema = z.object({
  code: z.enum(['public-url', 'smtp', 'trust-proxy', 'temporary-data-dir']),
  message: z.string(),
})
export type Notice = z.infer<typeof NoticeSchema>

const BackupInfoSchema = z.object({
  fileName: z.string(),
  createdAt: z.iso.datetime(),
  sizeBytes: z.number().int().min(0),
})
export type BackupInfo = z.infer<typeof BackupInfoSchema>

export const OperationsStatusSchema = z.object({
  notices: z.array(NoticeSchema),
  backups: z.object({
    /** Hours between scheduled backups; null when they are off. */
    intervalHours: z.number().positive().nullable(),
    keep: z.number().int().min(1),
    /** The newest backup file in BACKUP_DIR; null when there is none. */
    last: BackupInfoSchema.nullable(),
  }),
  /** The outbox: mails waiting to be sent (retried) and mails the server refused for good. */
  mail: OutboxCountsSchema,
})
export type OperationsStatus = z.infer<typeof OperationsStatusSchema>
