import { EventEmitter } from 'node:events'
import { createServer } from 'node:http'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  collectBetweenStartSteps,
  memoryReducingCollection,
  releaseMemoryWhenIdle,
} from './idle-memory.ts'

const MB = 1024 * 1024

/** A server that is never listened on: each request is an emitted event with a response to close. */
function watched(growthMb: { value: number }, busy = { value: false }) {
  const server = createServer()
  const collections: number[] = []
  const stop = releaseMemoryWhenIdle(server, {
    quietMs: 2_000,
    growthBytes: 16 * MB,
    isBusy: () => busy.value,
    busyMaxMs: 60_000,
    rss: () => 200 * MB + growthMb.value * MB,
    collect: () => {
      collections.push(Date.now())
      growthMb.value = 2
    },
  })
  const request = () => {
    const response = new EventEmitter()
    server.emit('request', {}, response)
    return { close: () => response.emit('close') }
  }
  return { collections, stop, request }
}

describe('releaseMemoryWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('collects once the last request has been closed for the quiet time, if the process grew', () => {
    const growth = { value: 0 }
    const site = watched(growth)
    const requests = [site.request(), site.request()]
    growth.value = 40
    requests[0]!.close()
    vi.advanceTimersByTime(5_000)
    expect(site.collections).toEqual([])
    requests[1]!.close()
    vi.advanceTimersByTime(1_999)
    expect(site.collections).toEqual([])
    vi.advanceTimersByTime(1)
    expect(site.collections).toHaveLength(1)
    vi.advanceTimersByTime(60_000)
    expect(site.collections).toHaveLength(1)
  })

  it('waits again when a request comes during the quiet time', () => {
    const growth = { value: 0 }
    const site = watched(growth)
    growth.value = 40
    site.request().close()
    vi.advanceTimersByTime(1_500)
    site.request().close()
    vi.advanceTimersByTime(1_500)
    expect(site.collections).toEqual([])
    vi.advanceTimersByTime(500)
    expect(site.collections).toHaveLength(1)
  })

  it('leaves a process that grew less than the threshold alone, and counts from the last collection', () => {
    const growth = { value: 0 }
    const site = watched(growth)
    growth.value = 15
    site.request().close()
    vi.advanceTimersByTime(10_000)
    expect(site.collections).toEqual([])

    growth.value = 30
    site.request().close()
    vi.advanceTimersByTime(10_000)
    expect(site.collections).toHaveLength(1)
    // After the collection the process is at 202 MB: 210 is less than 16 MB above that.
    growth.value = 10
    site.request().close()
    vi.advanceTimersByTime(10_000)
    expect(site.collections).toHaveLength(1)
    growth.value = 19
    site.request().close()
    vi.advanceTimersByTime(10_000)
    expect(site.collections).toHaveLength(2)
  })

  it('waits for the work the requests left (their mail) before collecting, at most a minute', () => {
    const growth = { value: 0 }
    const busy = { value: true }
    const site = watched(growth, busy)
    growth.value = 40
    site.request().close()
    vi.advanceTimersByTime(10_000)
    expect(site.collections).toEqual([])
    busy.value = false
    vi.advanceTimersByTime(2_000)
    expect(site.collections).toHaveLength(1)

    // Work that never ends (a newsletter paced over an hour) holds the collection back a minute.
    busy.value = true
    growth.value = 40
    site.request().close()
    vi.advanceTimersByTime(59_000)
    expect(site.collections).toHaveLength(1)
    vi.advanceTimersByTime(2_000)
    expect(site.collections).toHaveLength(2)
  })

  it('stops watching when told to', () => {
    const growth = { value: 0 }
    const site = watched(growth)
    const open = site.request()
    growth.value = 40
    site.stop()
    open.close()
    site.request().close()
    vi.advanceTimersByTime(10_000)
    expect(site.collections).toEqual([])
  })
})

describe('collectBetweenStartSteps', () => {
  it('collects after a step that grew the process by the threshold, measuring each step from the last', () => {
    let rssMb = 100
    const collections: number[] = []
    const afterStep = collectBetweenStartSteps({
      growthBytes: 16 * MB,
      rss: () => rssMb * MB,
      collect: () => {
        collections.push(rssMb)
        rssMb -= 10
      },
    })
    rssMb = 150 // the database opened
    afterStep()
    expect(collections).toEqual([150])
    rssMb = 150 // 140 after the collection, so this step grew it by 10 MB
    afterStep()
    expect(collections).toEqual([150])
    rssMb = 166 // 16 MB more than after the last step
    afterStep()
    expect(collections).toEqual([150, 166])
  })
})

describe('memoryReducingCollection', () => {
  it("collects what nothing holds, without leaving V8's gc function on the global object", async () => {
    const hadGlobalGc = typeof (globalThis as { gc?: unknown }).gc
    const ref = new WeakRef({ payload: new Array(100_000).fill('x') })
    // A WeakRef keeps its target until the task that made it is over.
    await new Promise((resolve) => setTimeout(resolve, 0))
    memoryReducingCollection()()
    expect(ref.deref()).toBeUndefined()
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe(hadGlobalGc)
  })
})
