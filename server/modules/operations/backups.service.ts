/**
 * Backups the running site takes itself: on the schedule BACKUP_INTERVAL_HOURS sets, each a file in
 * BACKUP_DIR in the format of `npm run backup`, of which only the BACKUP_KEEP newest are kept; and on
 * the admin's demand (the dashboard's download), streamed to the admin and not kept, so that no
 * number of downloads can push a scheduled backup out.
 *
 * Time is cut into periods of the interval counted from the Unix epoch (every 24 hours: each UTC
 * day). One scheduled backup is taken per period, by whichever instance gets there first: the
 * period of the last one is stored in the database and checked under the database's exclusive
 * lock, so instances sharing a PostgreSQL database take turns and the others skip it.
 */
import { randomUUID } from 'node:crypto'
import { open, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BackupInfo } from '#common/schemas/operations.ts'
import { writeBackup } from '#server/db/backup.ts'
import type { Database } from '#server/db/client.ts'
import { settings } from '#server/db/schema.ts'
import {
  backupFileName,
  describeBackup,
  ensureBackupDir,
  newBackupPath,
  newestBackup,
  pruneBackups,
} from './backup-files.ts'

const SCHEDULED_PERIOD_KEY = 'backups.scheduled_period'
/** The longest wait between the job runner's looks at the backup schedule. */
const SCHEDULE_CHECK_MS = 15 * 60_000

export interface BackupsDeps {
  database: Database
  dir: string
  keep: number
  /** Time between scheduled backups; 0 turns them off. */
  intervalMs: number
  now: () => Date
  log: FastifyBaseLogger
}

/** The period `at` falls in. */
const schedulePeriod = (at: Date, intervalMs: number) => ({
  period: Math.floor(at.getTime() / intervalMs),
})

export function createBackupsService({ database, dir, keep, intervalMs, now, log }: BackupsDeps) {
  // One backup at a time in this process: a download and a scheduled run never interleave.
  let queue: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }

  /** Writes a fresh backup into BACKUP_DIR and prunes the oldest beyond BACKUP_KEEP. */
  const takeBackup = (): Promise<BackupInfo> =>
    oneAtATime(async () => {
      await ensureBackupDir(dir)
      const file = await newBackupPath(dir, now())
      const counts = await writeBackup(database, file)
      const pruned = await pruneBackups(dir, keep)
      const info = await describeBackup(dir, path.basename(file))
      log.info({ backup: file, sizeBytes: info.sizeBytes, counts, pruned }, 'backup taken')
      return info
    })

  /**
   * Takes the current period's scheduled backup unless some instance already has; resolves with
   * it, or undefined when there was nothing to do (or scheduling is off).
   */
  async function runScheduled(): Promise<BackupInfo | undefined> {
    if (intervalMs <= 0) return undefined
    const { period } = schedulePeriod(now(), intervalMs)
    return database.withExclusiveLock(async (db) => {
      const [row] = await db.select().from(settings).where(eq(settings.key, SCHEDULED_PERIOD_KEY))
      if (row && Number(row.value) >= period) return undefined
      const info = await takeBackup()
      await db
        .insert(settings)
        .values({ key: SCHEDULED_PERIOD_KEY, value: String(period) })
        .onConflictDoUpdate({ target: settings.key, set: { value: String(period) } })
      return info
    })
  }

  return {
    takeBackup,
    runScheduled,
    lastBackup: () => newestBackup(dir),
    /** Hours between scheduled backups, or null when they are off. */
    intervalHours: intervalMs > 0 ? intervalMs / 3_600_000 : null,
    keep,

    /**
     * A fresh backup to stream to the admin, kept nowhere. It is written to a file first (named
     * unlike a backup, so never listed or pruned) and deleted once open: streaming straight from
     * the database would hold its snapshot, and on the embedded database every request, for as
     * long as the download takes.
     */
    openDownload(): Promise<{ fileName: string; sizeBytes: number; stream: Readable }> {
      return oneAtATime(async () => {
        await ensureBackupDir(dir)
        const fileName = backupFileName(now())
        const file = path.join(dir, `download-${randomUUID()}.jsonl.gz`)
        try {
          const counts = await writeBackup(database, file)
          const handle = await open(file)
          const { size } = await handle.stat()
          log.info({ fileName, sizeBytes: size, counts }, 'backup taken for download')
          return { fileName, sizeBytes: size, stream: handle.createReadStream() }
        } finally {
          await rm(file, { force: true })
        }
      })
    },

    /**
     * How often the job runner asks for the period's backup (server/modules/jobs): a quarter of an
     * hour at most, so a period's backup is taken soon after it begins; 0 when backups are off.
     */
    scheduleEvery: intervalMs > 0 ? Math.min(intervalMs, SCHEDULE_CHECK_MS) : 0,
  }
}

export type BackupsService = ReturnType<typeof createBackupsService>
