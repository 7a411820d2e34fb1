import { describe, expect, it } from 'vitest'
import { createPacer } from './pacer.ts'

/** A clock that only the pacer's pauses (and the test's own work) move. */
function fakeTime() {
  let now = 1_000_000
  const pauses: number[] = []
  return {
    pauses,
    clockMs: () => now,
    work: (ms: number) => (now += ms),
    pause: async (ms: number) => {
      pauses.push(ms)
      now += ms
    },
  }
}

describe('createPacer', () => {
  it('lets the first item go at once and spaces the next ones by the gap', async () => {
    const time = fakeTime()
    const pacer = createPacer({ gapMs: 500, clockMs: time.clockMs, pause: time.pause })
    for (let i = 0; i < 5; i++) await pacer.next()
    expect(time.pauses).toEqual([500, 500, 500, 500])
  })

  it('counts the time the work itself took, and never waits once the gap has passed', async () => {
    const time = fakeTime()
    const pacer = createPacer({ gapMs: 500, clockMs: time.clockMs, pause: time.pause })
    await pacer.next()
    time.work(200)
    await pacer.next()
    time.work(800)
    await pacer.next()
    expect(time.pauses).toEqual([300])
  })

  it('ends a wait early on stop', async () => {
    const pacer = createPacer({ gapMs: 60 * 60_000 })
    await pacer.next()
    const waiting = pacer.next()
    pacer.stop()
    await expect(waiting).resolves.toBeUndefined()
  })
})
