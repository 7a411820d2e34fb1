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
/** setTimeout's longest delay; a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1

export interface BackupsDeps {
  database: Database
  dir: string
  keep: number
  /** Time between scheduled backups; 0 turns them off. */
  intervalMs: number
  now: () => Date
  log: FastifyBaseLogger
}

/** The period `at` falls in, and the time until the next one begins. */
function schedulePeriod(at: Date, intervalMs: number) {
  const ms = at.getTime()
  const period = Math.floor(ms / intervalMs)
  return { period, msUntilNext: (period + 1) * intervalMs - ms }
}

export function createBackupsService({ database, dir, keep, intervalMs, now, log }: BackupsDeps) {
  // One backup at a time in this process: a download and a scheduled run never interleave.
  let queue: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }
  let timer: NodeJS.Timeout | undefined
  let scheduledRun: Promise<unknown> | undefined
  let isStopped = false

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

  function scheduleNext() {
    if (isStopped) return
    const { msUntilNext } = schedulePeriod(now(), intervalMs)
    timer = setTimeout(tick, Math.min(msUntilNext, MAX_TIMER_MS))
    timer.unref()
  }

  function tick() {
    scheduledRun = runScheduled()
      .catch((err: unknown) => log.error({ err, backupDir: dir }, 'scheduled backup failed'))
      .finally(() => {
        scheduledRun = undefined
        scheduleNext()
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

    /** Runs the schedule: the current period's backup now if it has none, then each period's. */
    startSchedule() {
      if (intervalMs <= 0 || timer || scheduledRun) return
      isStopped = false
      tick()
    },

    /** Stops the schedule and waits for a scheduled backup in progress. */
    async stopSchedule() {
      isStopped = true
      clearTimeout(timer)
      timer = undefined
      await scheduledRun
    },
  }
}

export type BackupsService = ReturnType<typeof createBackupsService>
