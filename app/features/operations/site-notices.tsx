/**
 * The dashboard's notices: what is wrong with how the site is configured (the server's start-up
 * warnings), the last backup and whether backups are scheduled, a fresh backup to download, and
 * the outbox: mail waiting to be sent, and mail refused for good with a way to send it again.
 * The dashboard's loader reads them; a backup or a mail sent again revalidates it.
 */
import { useState, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import type { BackupInfo, OperationsStatus } from '#common/schemas/operations.ts'
import type { OutboxPage } from '#common/schemas/outbox.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { formatSize } from '#app/lib/format-size.ts'
import type { Settled } from '#app/lib/settle.ts'
import { downloadFreshBackup, retryMail } from './operations.api.ts'

const FAILED_SHOWN = 5

export function SiteNotices({
  status,
  failedMail,
}: {
  status: Settled<OperationsStatus>
  failedMail: Settled<OutboxPage>
}) {
  const { revalidate } = useRevalidator()
  return (
    <section
      aria-labelledby="notices-heading"
      className="mb-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="notices-heading" className="text-lg font-semibold text-slate-900">
        Notices and backups
      </h2>
      {!status.ok ? (
        <Alert kind="error" className="mt-3">
          {status.message}
        </Alert>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-3">
          <Warnings notices={status.value.notices} />
          <Backups backups={status.value.backups} onTaken={revalidate} />
          <Mail counts={status.value.mail} failedMail={failedMail} onChanged={revalidate} />
        </div>
      )}
    </section>
  )
}

/** One of the three columns: its heading, what it says, and the error of what it just tried. */
function Notice({
  title,
  error,
  children,
}: {
  title: string
  error?: string
  children: ReactNode
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
      {error ? (
        <Alert kind="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </div>
  )
}

function Warnings({ notices }: { notices: OperationsStatus['notices'] }) {
  if (notices.length === 0)
    return (
      <Notice title="Configuration">
        <p className="mt-2 text-sm text-slate-700">
          Nothing to fix: the site is set up for production.
        </p>
      </Notice>
    )
  return (
    <Notice
      title={
        notices.length === 1
          ? '1 configuration warning'
          : `${notices.length} configuration warnings`
      }
    >
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
    </Notice>
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
    <Notice title="Backups" error={error}>
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
    </Notice>
  )
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

function Mail({
  counts,
  failedMail,
  onChanged,
}: {
  counts: OperationsStatus['mail']
  failedMail: Settled<OutboxPage>
  onChanged: () => Promise<void>
}) {
  const failed = failedMail.ok ? failedMail.value.mails.slice(0, FAILED_SHOWN) : []
  const [sendError, setSendError] = useState<string>()
  const error = sendError ?? (failedMail.ok || counts.failed === 0 ? undefined : failedMail.message)

  async function sendAgain(id: string) {
    setSendError(undefined)
    try {
      await retryMail(id)
      await onChanged()
    } catch (failure) {
      setSendError(messageOf(failure))
    }
  }

  return (
    <Notice title="Mail" error={error}>
      <p className="mt-2 text-sm text-slate-700">
        {counts.queued === 0 && counts.failed === 0
          ? 'Every mail went out.'
          : [
              counts.queued > 0
                ? `${plural(counts.queued, 'mail waits', 'mails wait')} to be sent: the site tries again until the mail server answers.`
                : '',
              counts.failed > 0
                ? `${plural(counts.failed, 'mail was', 'mails were')} refused by the mail server.`
                : '',
            ]
              .filter(Boolean)
              .join(' ')}
      </p>
      {counts.failed > 0 && failed.length > 0 ? (
        <ul className="mt-2 space-y-2">
          {failed.map((mail) => (
            <li
              key={mail._id}
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm break-words text-amber-950"
            >
              <p>
                <span className="font-medium">{mail.subject}</span> to {mail.to}
              </p>
              {mail.lastError ? <p className="mt-1 text-xs">{mail.lastError}</p> : null}
              <Button
                className="mt-2"
                size="sm"
                variant="secondary"
                onClick={() => void sendAgain(mail._id)}
              >
                Send again
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Notice>
  )
}
