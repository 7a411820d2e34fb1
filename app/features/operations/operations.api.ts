import type { OperationsStatus } from '#common/schemas/operations.ts'
import type { OutboxPage } from '#common/schemas/outbox.ts'
import { apiRequest, downloadApiFile } from '#app/lib/api-client.ts'

export const getOperationsStatus = () => apiRequest<OperationsStatus>('/api/operations/status')

/** The mails the server refused for good, newest first (never their content). */
export const getFailedMail = () => apiRequest<OutboxPage>('/api/outbox?status=failed')

/** Queues a failed mail again. */
export const retryMail = (id: string) =>
  apiRequest<unknown>(`/api/outbox/${id}/retry`, { method: 'POST' })

/** Asks the server for a fresh backup and hands it to the browser as a download. */
export const downloadFreshBackup = () =>
  downloadApiFile('/api/operations/backups', 'backup.jsonl.gz', { method: 'POST' })
