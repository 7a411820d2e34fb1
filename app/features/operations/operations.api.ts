import type { OperationsStatus } from '#common/schemas/operations.ts'
import { apiFile, apiRequest } from '#app/lib/api-client.ts'

export const getOperationsStatus = () => apiRequest<OperationsStatus>('/api/operations/status')

/** Asks the server for a fresh backup and hands it to the browser as a download. */
export async function downloadFreshBackup(): Promise<void> {
  const { blob, fileName } = await apiFile('/api/operations/backups', { method: 'POST' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName ?? 'backup.jsonl.gz'
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the file over; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
