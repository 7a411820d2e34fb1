import type { OperationsStatus } from '#common/schemas/operations.ts'
import { apiRequest, downloadApiFile } from '#app/lib/api-client.ts'

export const getOperationsStatus = () => apiRequest<OperationsStatus>('/api/operations/status')

/** Asks the server for a fresh backup and hands it to the browser as a download. */
export const downloadFreshBackup = () =>
  downloadApiFile('/api/operations/backups', 'backup.jsonl.gz', { method: 'POST' })
