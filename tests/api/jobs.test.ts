/**
 * The job runner: every scheduled task of the site is a job, and with several instances on one
 * database each run of a shared job happens once (here two runners on the test's database, the
 * machine's PostgreSQL in CI, asking at the same instant); a run never overlaps its previous one;
 * a run whose instance died is taken again once its lease ends; a failure is recorded and the job
 * runs again when due.
 */
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobsRepository } from '#server/modules/jobs/jobs.repository.ts'
import { createJobRunner, defineJob, type JobRunner } from '#server/modules/jobs/jobs.runner.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const HOUR = 60 * 60_000
const silent = Fastify({ logger: false }).log

let app: TestApp
let clock = Date.parse('2026-05-04T09:00:00Z')
const runners: JobRunner[] = []

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()))
  await app?.cleanup()
})

/** An instance's runner on the test's database, on the test's clock (not started: it looks when told). */
function instance(): JobRunner {
  const runner = createJobRunner({
    repo: createJobsRepository(app.database.db),
    now: () => new Date(clock),
    log: silent,
  })
  runners.push(runner)
  return runner
}

/** A job `name` counting its runs. */
function counted(name: string, options: { every?: number; scope?: 'instance' } = {}) {
  const runs: number[] = []
  const job = defineJob({
    name,
    every: options.every ?? HOUR,
    scope: options.scope,
    run: async () => {
      runs.push(clock)
    },
  })
  return { job, runs }
}

describe('the job runner', () => {
  it('runs a shared job once per due time across two instances asking at once', async () => {
    const [a, b] = [instance(), instance()]
    const { job, runs } = counted('two-instances')
    a.add(job)
    b.add(job)
    await Promise.all([a.lookNow(), b.lookNow()])
    expect(runs).toHaveLength(1)
    // Not due again within the hour, however often they ask.
    clock += HOUR / 2
    for (let i = 0; i < 5; i += 1) await Promise.all([a.lookNow(), b.lookNow()])
    expect(runs).toHaveLength(1)
    clock += HOUR / 2
    await Promise.all([a.lookNow(), b.lookNow()])
    expect(runs).toHaveLength(2)
    const [row] = (await a.schedule()).filter((r) => r.name === 'two-instances')
    expect(row!.dueAt.getTime()).toBe(clock + HOUR)
    expect(row!.leaseUntil).toBeNull()
  })

  it('runs an instance job on each instance', async () => {
    const [a, b] = [instance(), instance()]
    const { job, runs } = counted('each-instance', { scope: 'instance' })
    a.add(job)
    b.add(job)
    await Promise.all([a.lookNow(), b.lookNow()])
    expect(runs).toHaveLength(2)
    expect((await a.schedule()).some((r) => r.name === 'each-instance')).toBe(false)
  })

  it('never starts a run while the previous one is running', async () => {
    const a = instance()
    let release!: () => void
    let runs = 0
    a.add(
      defineJob({
        name: 'slow',
        every: 1_000,
        run: async () => {
          runs += 1
          await new Promise<void>((resolve) => (release = resolve))
        },
      }),
    )
    const first = a.lookNow()
    await expect.poll(() => runs).toBe(1)
    clock += 5_000
    // The look sees the job running and leaves it alone.
    const second = a.lookNow()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(runs).toBe(1)
    release()
    await Promise.all([first, second])
    clock += 5_000
    const third = a.lookNow()
    await expect.poll(() => runs).toBe(2)
    release()
    await third
  })

  it('takes a job again once the lease of an instance that died mid-run has ended', async () => {
    const dying = instance()
    let runs = 0
    const hang = defineJob({
      name: 'died-mid-run',
      every: 60_000,
      lease: 10 * 60_000,
      run: async () => {
        runs += 1
        // The instance dies here: the run never ends, the lease is never given back.
        await new Promise(() => {})
      },
    })
    dying.add(hang)
    void dying.lookNow()
    await expect.poll(() => runs).toBe(1)
    const survivor = instance()
    survivor.add({ ...hang, run: async () => void (runs += 1) })
    clock += 2 * 60_000
    await survivor.lookNow()
    expect(runs).toBe(1)
    clock += 10 * 60_000
    await survivor.lookNow()
    expect(runs).toBe(2)
    runners.splice(runners.indexOf(dying), 1)
  })

  it('records a failure and runs the job again when due', async () => {
    const a = instance()
    let runs = 0
    a.add(
      defineJob({
        name: 'failing',
        every: HOUR,
        run: async () => {
          runs += 1
          if (runs === 1) throw new Error('the SMTP server went away')
        },
      }),
    )
    await a.lookNow()
    const failed = (await a.schedule()).find((r) => r.name === 'failing')!
    expect(failed.lastError).toBe('the SMTP server went away')
    expect(failed.leaseUntil).toBeNull()
    clock += HOUR
    await a.lookNow()
    expect(runs).toBe(2)
    expect((await a.schedule()).find((r) => r.name === 'failing')!.lastError).toBeNull()
  })

  it('waits for a first delay, and takes a job whose interval was shortened at once', async () => {
    const a = instance()
    const later = counted('first-after')
    a.add({ ...later.job, firstAfter: 5 * 60_000 })
    await a.lookNow()
    expect(later.runs).toHaveLength(0)
    clock += 5 * 60_000
    await a.lookNow()
    expect(later.runs).toHaveLength(1)
    // A restart with a shorter interval (a day's due time, an hour's job) does not wait a day.
    const b = instance()
    b.add({ ...later.job, every: 60_000 })
    clock += 60_000
    await b.lookNow()
    expect(later.runs).toHaveLength(2)
  })

  it('refuses two jobs of one name', () => {
    const a = instance()
    a.add(counted('twice').job)
    expect(() => a.add(counted('twice').job)).toThrow('a job named twice exists already')
  })
})

describe("the site's jobs", () => {
  it('run from the app’s runner: each task in the schedule, none twice', async () => {
    const names = app.jobs.names()
    expect(new Set(names).size).toBe(names.length)
    for (const name of ['mail', 'newsletter', 'statistics-upkeep', 'spam-purge'])
      expect(names).toContain(name)
    // A test's app leaves the tasks it drives itself, and the running site's, off.
    for (const name of ['link-checks', 'booking', 'backups', 'database-upkeep'])
      expect(names).not.toContain(name)
    await expect.poll(async () => (await app.jobs.schedule()).map((r) => r.name)).toContain('mail')
  })
})
