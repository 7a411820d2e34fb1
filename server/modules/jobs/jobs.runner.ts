/**
 * Every scheduled task of the site runs from here: link checks, backups, the weekly digest,
 * booking reminders, the newsletter, the outbox's sender, retention sweeps and the embedded
 * database's upkeep. A task is a job (`defineJob`): a name, how often, and what it does. One timer
 * wakes for the job due next; a run of a job never overlaps its previous one.
 *
 * A `shared` job (the default) runs once per due time across every instance on the database: its
 * next due time lives in job_runs and an instance runs it only after moving that time on in one
 * UPDATE (jobs.repository.ts). A run holds the job for its lease; when its instance dies mid-run,
 * the job is taken again once the lease ends. An `instance` job runs on every instance: it works on
 * that process's own memory (buffered page views).
 */
import type { FastifyBaseLogger } from 'fastify'
import { createBackgroundWork } from '#server/lib/background-work.ts'
import type { JobsRepository } from './jobs.repository.ts'

export interface Job {
  /** Unique: the row of a shared job in job_runs, and the name in logs. */
  readonly name: string
  /** Milliseconds from one run's start to the next's. */
  readonly every: number
  /** The first run's delay after the start; 0 (at once) unless given. */
  readonly firstAfter?: number
  /** `shared` (default): once per due time across instances; `instance`: on each instance. */
  readonly scope?: 'shared' | 'instance'
  /** How long a run may hold a shared job before another instance may take it: 10 min unless given. */
  readonly lease?: number
  /** The work. `signal` aborts when the app closes; a run that throws is logged and runs again when due. */
  readonly run: (signal: AbortSignal) => Promise<unknown>
}

/** A job: `defineJob({ name, every, run })`. Throws for an interval that is not a positive number. */
export function defineJob(job: Job): Job {
  if (!(Number.isFinite(job.every) && job.every > 0))
    throw new Error(`job ${job.name}: every must be a positive number of milliseconds`)
  return job
}

/** A shared job not taken (another instance holds it) is asked about again at most this late. */
const RECHECK_MS = 60_000
const DEFAULT_LEASE_MS = 10 * 60_000
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500)

export function createJobRunner({
  repo,
  now,
  log,
}: {
  repo: JobsRepository
  now: () => Date
  log: FastifyBaseLogger
}) {
  const jobs = new Map<string, Job>()
  /** When each job is next looked at, by this instance's clock. */
  const nextLookAt = new Map<string, number>()
  const running = new Map<string, Promise<void>>()
  const inFlight = createBackgroundWork()
  let timer: NodeJS.Timeout | undefined
  let looking: Promise<void> | undefined
  let isStarted = false
  let isStopped = false
  let stopping = new AbortController()

  const { track } = inFlight

  async function runJob(job: Job, isShared: boolean): Promise<void> {
    const started = performance.now()
    let error: string | null = null
    try {
      await job.run(stopping.signal)
    } catch (err) {
      error = errorText(err)
      log.warn({ err, job: job.name }, 'job failed; it runs again when due')
    }
    const ms = Math.round(performance.now() - started)
    if (ms >= 1_000) log.info({ job: job.name, ms }, 'job done')
    if (isShared)
      await repo
        .release(job.name, now(), error)
        .catch((err: unknown) => log.warn({ err, job: job.name }, 'job run not recorded'))
  }

  /** Takes `job` when it is due, and says when to look at it again. */
  async function lookAt(job: Job, at: Date): Promise<number> {
    const next = at.getTime() + job.every
    if (job.scope === 'instance') {
      start(job, false)
      return next
    }
    const claim = await repo.claim(job.name, {
      at,
      firstDue: new Date(at.getTime() + (job.firstAfter ?? 0)),
      next: new Date(next),
      leaseUntil: new Date(at.getTime() + Math.max(job.lease ?? DEFAULT_LEASE_MS, job.every)),
    })
    if (claim.isClaimed) {
      start(job, true)
      return next
    }
    return Math.min(claim.dueAt.getTime(), at.getTime() + Math.min(job.every, RECHECK_MS))
  }

  function start(job: Job, isShared: boolean) {
    const run = track(runJob(job, isShared)).finally(() => {
      running.delete(job.name)
      // A run that took longer than the interval: the next is due at once.
      if (isStarted) wake()
    })
    running.set(job.name, run)
  }

  /** Looks at every job due by now, then sleeps until the next one is. */
  async function lookAtDue(): Promise<void> {
    const at = now()
    for (const job of jobs.values()) {
      if (isStopped) return
      if (running.has(job.name)) continue
      let due = nextLookAt.get(job.name)
      // An instance job's first run is this instance's to time; a shared one's, the schedule's.
      if (due === undefined && job.scope === 'instance') {
        due = at.getTime() + (job.firstAfter ?? 0)
        nextLookAt.set(job.name, due)
      }
      if (due !== undefined && due > at.getTime()) continue
      try {
        nextLookAt.set(job.name, await lookAt(job, at))
      } catch (err) {
        log.warn({ err, job: job.name }, 'job schedule not read; it is tried again')
        nextLookAt.set(job.name, at.getTime() + Math.min(job.every, RECHECK_MS))
      }
    }
  }

  function sleep() {
    clearTimeout(timer)
    if (!isStarted) return
    const at = now().getTime()
    let soonest = at + RECHECK_MS
    for (const job of jobs.values())
      if (!running.has(job.name)) soonest = Math.min(soonest, nextLookAt.get(job.name) ?? at)
    timer = setTimeout(wake, Math.min(Math.max(soonest - at, 0), MAX_TIMER_MS))
    timer.unref()
  }

  function wake() {
    if (!isStarted || looking) return
    looking = lookAtDue()
      .catch((err: unknown) => log.warn({ err }, 'job runner round failed'))
      .finally(() => {
        looking = undefined
        sleep()
      })
  }

  return {
    /** Adds a job; a running runner looks at it at once. */
    add(job: Job): void {
      if (jobs.has(job.name)) throw new Error(`a job named ${job.name} exists already`)
      jobs.set(job.name, job)
      if (isStarted) wake()
    },

    /**
     * Runs every job when due, from now on. `isAlone`: no other instance shares the database (the
     * embedded one), so a job still held was held by this site's previous run, which ended without
     * letting go (a crash): it is free again at once, not when its lease ends.
     */
    async start({ isAlone = false }: { isAlone?: boolean } = {}): Promise<void> {
      if (isStarted) return
      if (isAlone) await repo.releaseAll()
      isStarted = true
      isStopped = false
      stopping = new AbortController()
      wake()
    },

    /** Looks at every job now (a test with its own clock); resolves once the runs it started are over. */
    async lookNow(): Promise<void> {
      await lookAtDue()
      await Promise.allSettled([...running.values()])
    },

    /** Resolves once the runs in flight so far have settled. */
    settled: inFlight.settled,

    /** Stops looking, aborts the runs in flight and waits for them and the tracked work. */
    async stop(): Promise<void> {
      isStarted = false
      isStopped = true
      clearTimeout(timer)
      stopping.abort()
      await looking
      await inFlight.settled()
    },

    /** The shared jobs' schedule as the database holds it. */
    schedule: () => repo.list(),
    names: () => [...jobs.keys()],
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
