/**
 * The dashboard's notices: what is wrong with how the site is configured (the server's start-up
 * warnings), the last backup and whether backups are scheduled, and a fresh backup to download.
 * Loads its own data, so the dashboard's figures never wait for it.
 */
import { useCallback, useEffect, useState } from 'react'
import type { BackupInfo, OperationsStatus } from '#common/schemas/operations.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { formatSize } from '#app/lib/format-size.ts'
import { downloadFreshBackup, getOperationsStatus } from './operations.api.ts'

type Load =
  | { state: 'loading' }
  | { state: 'ready'; status: OperationsStatus }
  | { state: 'failed'; message: string }

export function SiteNotices() {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const refresh = useCallback(
    () =>
      getOperationsStatus().then(
        (status) => setLoad({ state: 'ready', status }),
        (error: unknown) => setLoad({ state: 'failed', message: messageOf(error) }),
      ),
    [],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  return (
    <section
      aria-labelledby="notices-heading"
      className="mb-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="notices-heading" className="text-lg font-semibold text-slate-900">
        Notices and backups
      </h2>
      {load.state === 'loading' ? (
        <p className="mt-3 text-sm text-slate-600">Checking the site&apos;s configuration...</p>
      ) : load.state === 'failed' ? (
        <Alert kind="error" className="mt-3">
          {load.message}
        </Alert>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <Warnings notices={load.status.notices} />
          <Backups backups={load.status.backups} onTaken={refresh} />
        </div>
      )}
    </section>
  )
}

function Warnings({ notices }: { notices: OperationsStatus['notices'] }) {
  if (notices.length === 0)
    return (
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Configuration</h3>
        <p className="mt-2 text-sm text-slate-700">
          Nothing to fix: the site is set up for production.
        </p>
      </div>
    )
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">
        {notices.length === 1
          ? '1 configuration warning'
          : `${notices.length} configuration warnings`}
      </h3>
      <ul className="mt-2 space-y-2">
        {notices.map((notice) => (
          <li
            key={notice.code}
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm break-words text-amber-950"
          >
            {notice.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

const describeBackup = ({ createdAt, sizeBytes }: BackupInfo) =>
  `${new Date(createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}, ${formatSize(sizeBytes)}`

function Backups({
  backups,
  onTaken,
}: {
  backups: OperationsStatus['backups']
  onTaken: () => Promise<void>
}) {
  const [isDownloading, setIsDownloading] = useState(false)
  const [error, setError] = useState<string>()

  async function download() {
    setIsDownloading(true)
    setError(undefined)
    try {
      await downloadFreshBackup()
      await onTaken()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setIsDownloading(false)
    }
  }

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Backups</h3>
      <p className="mt-2 text-sm text-slate-900">
        <span className="text-slate-600">Last backup: </span>
        {backups.last ? describeBackup(backups.last) : 'none yet'}
      </p>
      <p className="mt-1 text-sm text-slate-900">
        <span className="text-slate-600">Scheduled: </span>
        {backups.intervalHours
          ? `every ${backups.intervalHours} hours, the ${backups.keep} newest kept`
          : 'off (set BACKUP_INTERVAL_HOURS)'}
      </p>
      <Button className="mt-4" onClick={() => void download()} disabled={isDownloading}>
        {isDownloading ? 'Preparing the backup...' : 'Download a fresh backup'}
      </Button>
      {error ? (
        <Alert kind="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </div>
  )
}
