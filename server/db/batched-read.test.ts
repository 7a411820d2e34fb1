import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { batchedRead } from './batched-read.ts'

/**
 * A readMany that records each call and answers, once released, with `table` as it was when the
 * call began (a statement's snapshot).
 */
function recordingRead(table: Map<string, number>) {
  const calls: string[][] = []
  const pending: Array<() => void> = []
  const readMany = async (keys: string[]) => {
    calls.push(keys)
    const snapshot = keys.flatMap((key) =>
      table.has(key) ? [{ key, value: table.get(key)! }] : [],
    )
    await new Promise<void>((resolve) => pending.push(resolve))
    return snapshot
  }
  const releaseAll = () => pending.splice(0).forEach((resolve) => resolve())
  const read = batchedRead(readMany, (row) => row.key)
  return { calls, read: async (key: string) => (await read(key))?.value, releaseAll }
}

describe('batchedRead', () => {
  it('serves the reads of one turn with one call, each key asked once', async () => {
    const { calls, read, releaseAll } = recordingRead(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    )
    const answers = Promise.all([read('a'), read('b'), read('a'), read('missing')])
    await nextTurn()
    releaseAll()
    expect(await answers).toEqual([1, 2, 1, undefined])
    expect(calls).toEqual([['a', 'b', 'missing']])
  })

  it('gathers reads from separate callbacks of the same turn, not only from one', async () => {
    const { calls, read, releaseAll } = recordingRead(new Map([['a', 1]]))
    // Two callbacks of one event-loop phase (as two sockets' data would be), with the tick and
    // microtask queues drained between them: a batch per callback would make two calls. Both are
    // immediates queued together, so they run in the same check phase (two zero timers can fall
    // into different turns when a millisecond boundary passes between them).
    const answers = [0, 1].map(
      () => new Promise((resolve) => setImmediate(() => resolve(read('a')))),
    )
    await nextTurn()
    await nextTurn()
    releaseAll()
    expect(await Promise.all(answers)).toEqual([1, 1])
    expect(calls).toEqual([['a']])
  })

  it('never lets a read join a call already in flight: it sees writes made after that call began', async () => {
    const table = new Map([['a', 1]])
    const { calls, read, releaseAll } = recordingRead(table)
    const early = read('a')
    await nextTurn() // the first call is now in flight
    table.set('a', 2) // a write commits while it runs
    const late = read('a')
    await nextTurn()
    expect(calls).toHaveLength(2)
    releaseAll()
    expect(await early).toBe(1) // asked before the write: either answer was right, it got the old
    expect(await late).toBe(2)
  })

  it('fails every read of a batch when its call fails, and recovers on the next', async () => {
    let fail = true
    const read = batchedRead(
      async (keys: string[]) => {
        if (fail) throw new Error('database unavailable')
        return keys.map((key) => ({ key, length: key.length }))
      },
      (row) => row.key,
    )
    const results = await Promise.allSettled([read('a'), read('bb')])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('database unavailable'))
    fail = false
    expect(await read('bb')).toEqual({ key: 'bb', length: 2 })
  })
})
