import { describe, expect, it } from 'vitest'
import { createBackgroundWork, isBackgroundWorkInFlight } from './background-work.ts'

describe('isBackgroundWorkInFlight', () => {
  it('is true while any service has tracked work that has not settled, failed work included', async () => {
    // In the isolated project (vitest.config.ts): no other file's work is in flight here.
    const mail = createBackgroundWork()
    const jobs = createBackgroundWork()
    expect(isBackgroundWorkInFlight()).toBe(false)
    let finish!: () => void
    void mail.track(new Promise<void>((resolve) => (finish = resolve)))
    let fail!: (error: Error) => void
    void jobs.track(new Promise<void>((_, reject) => (fail = reject))).catch(() => {})
    expect(isBackgroundWorkInFlight()).toBe(true)
    finish()
    await mail.settled()
    expect(isBackgroundWorkInFlight()).toBe(true)
    fail(new Error('refused'))
    await jobs.settled()
    expect(isBackgroundWorkInFlight()).toBe(false)
  })
})
