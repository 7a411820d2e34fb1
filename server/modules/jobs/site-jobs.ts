/**
 * The site's schedule: every task that runs by itself, in one list. Each is the work of its own
 * service; the job runner (jobs.runner.ts) decides when, and on which instance.
 */
import { runUpkeep } from '#server/db/upkeep.ts'
import type { Database } from '#server/db/client.ts'
import type { Services } from '#server/services.ts'
import { defineJob, type Job } from './jobs.runner.ts'

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS
/** The embedded database's first vacuum, after the start's own work has settled. */
const UPKEEP_FIRST_AFTER_MS = 5 * 60_000

/** Every job of the site, by name. */
export type JobName =
  | 'mail'
  | 'mail-records-purge'
  | 'contact-notifications'
  | 'spam-purge'
  | 'statistics-views'
  | 'statistics-upkeep'
  | 'pending-subscribers-sweep'
  | 'unused-images-sweep'
  | 'newsletter'
  | 'link-checks'
  | 'booking'
  | 'invoices'
  | 'backups'
  | 'database-upkeep'
  | 'client-sessions-purge'

/**
 * The jobs of the site built from `services`: every one but those named in `off` (a test that
 * drives a task itself) and those whose configuration turns them off (no backup interval, no
 * link-check period, a database that vacuums itself).
 */
export function siteJobs(
  services: Services,
  { database, off = [] }: { database: Database; off?: readonly JobName[] },
): Job[] {
  const {
    mail,
    messages,
    stats,
    subscribers,
    uploads,
    newsletter,
    linkChecks,
    booking,
    invoices,
    backups,
    clientRoom,
  } = services
  const jobs: Record<JobName, Job | undefined> = {
    mail: defineJob({ name: 'mail', every: mail.deliverEvery, run: () => mail.deliverDue() }),
    'mail-records-purge': defineJob({
      name: 'mail-records-purge',
      every: mail.purgeEvery,
      run: () => mail.purgeOld(),
    }),
    'contact-notifications': defineJob({
      name: 'contact-notifications',
      every: messages.pendingEvery,
      run: () =>
        Promise.all([
          messages.queuePendingNotifications(),
          messages.handOverPendingAcknowledgements(),
        ]),
    }),
    'spam-purge': defineJob({
      name: 'spam-purge',
      every: HOUR_MS,
      run: () => messages.purgeSpam(),
    }),
    // Each instance's own buffer of counted views.
    'statistics-views': defineJob({
      name: 'statistics-views',
      scope: 'instance',
      every: stats.flushEvery,
      firstAfter: stats.flushEvery,
      run: () => stats.writeBuffered(),
    }),
    'statistics-upkeep': defineJob({
      name: 'statistics-upkeep',
      every: stats.maintenanceEvery,
      run: () => stats.maintain(),
    }),
    'pending-subscribers-sweep': defineJob({
      name: 'pending-subscribers-sweep',
      every: HOUR_MS,
      run: () => subscribers.sweepExpired(),
    }),
    'unused-images-sweep': defineJob({
      name: 'unused-images-sweep',
      every: uploads.sweepEvery,
      firstAfter: uploads.sweepEvery,
      run: () => uploads.sweepUnusedImages(),
    }),
    newsletter: defineJob({
      name: 'newsletter',
      every: newsletter.scheduleEvery,
      run: () => newsletter.runDue(),
    }),
    'link-checks':
      linkChecks.scheduleEvery > 0
        ? defineJob({
            name: 'link-checks',
            every: linkChecks.scheduleEvery,
            run: (signal) => linkChecks.runDue(signal),
          })
        : undefined,
    booking: defineJob({
      name: 'booking',
      every: booking.scheduleEvery,
      run: () => booking.runScheduled(),
    }),
    // Deposit invoices not mailed yet, and reminders of overdue invoices.
    invoices: defineJob({
      name: 'invoices',
      every: invoices.scheduleEvery,
      run: () => invoices.runScheduled(),
    }),
    backups:
      backups.scheduleEvery > 0
        ? defineJob({
            name: 'backups',
            every: backups.scheduleEvery,
            // A backup of a large site takes long: another instance waits for it, not after it.
            lease: HOUR_MS,
            run: () => backups.runScheduled(),
          })
        : undefined,
    // PGlite has no autovacuum (server/db/upkeep.ts); a PostgreSQL server vacuums itself.
    'database-upkeep':
      database.kind === 'pglite'
        ? defineJob({
            name: 'database-upkeep',
            every: DAY_MS,
            firstAfter: UPKEEP_FIRST_AFTER_MS,
            lease: HOUR_MS,
            run: () => runUpkeep(database.db),
          })
        : undefined,
    'client-sessions-purge': defineJob({
      name: 'client-sessions-purge',
      every: clientRoom.purgeEvery,
      run: () => clientRoom.purge(),
    }),
  }
  return Object.values(jobs).filter(
    (job): job is Job => job !== undefined && !off.includes(job.name as JobName),
  )
}
