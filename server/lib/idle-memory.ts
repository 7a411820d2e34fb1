/**
 * Gives memory back to the system when the server goes quiet after a burst of requests
 * (docs/decisions/041).
 *
 * Under load V8 keeps what its heap grew to: the pages a collection empties stay in a pool until a
 * memory-reducing collection, and V8 starts that one only once it sees the allocation rate drop,
 * which it measures at collections, none of which happen while the process is idle. So after a
 * crawl or a flood the process would stay 50-80 MB larger for as long as nobody visits. Here the
 * server asks for that collection itself: once no request has been open for `quietMs`, and only
 * when the process has grown by `growthBytes` since the last time, so a slow trickle of visits
 * costs nothing and a busy site is never paused.
 */
import type { Server } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export interface IdleMemoryOptions {
  /** How long no request may be open before the collection runs. */
  quietMs?: number
  /** How much the process must have grown since the last collection (or the start) to run one. */
  growthBytes?: number
  /**
   * Whether the process still works after the requests are over (the outbox's sender going
   * through the mail a burst queued): the collection waits for it, at most `busyMaxMs` past the
   * last request, so a paced newsletter does not hold it back for an hour.
   */
  isBusy?: () => boolean
  busyMaxMs?: number
  /** Resident memory in bytes; `process.memoryUsage.rss` unless a test gives its own. */
  rss?: () => number
  /** The collection; a memory-reducing one of V8's unless a test gives its own. */
  collect?: () => void
  now?: () => number
}

const IDLE_MEMORY_DEFAULTS = { quietMs: 2_000, growthBytes: 16 * 1024 * 1024, busyMaxMs: 60_000 }

/**
 * V8's memory-reducing full collection (the one it runs under memory pressure): it compacts the
 * heap, returns the pooled pages and flushes bytecode not in use, so the first request after it
 * compiles again (about 50 ms more, once). Reached through V8's `gc` extension, which is turned on
 * only long enough to take the function from a new context, as Jest's leak detector does, so no
 * other code sees a global `gc`.
 */
export function memoryReducingCollection(): () => void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (options: object) => void
  setFlagsFromString('--no-expose-gc')
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}

export interface StartupCollectionOptions {
  /** How much the process must have grown since the last step (or the start) to collect. */
  growthBytes?: number
  rss?: () => number
  collect?: () => void
}

/**
 * For the steps of a start (opening the database, migrating, building the app): each step leaves
 * garbage behind (the database's files read once, the migrations' SQL, every route's schemas
 * compiled), and V8 grows its heap over it rather than collect, so a start only ever grows and its
 * peak is its end. Called after a step, the result collects (memory-reducing, as when the server
 * goes quiet) if the process grew by `growthBytes` since the last call, so the next step builds on
 * what is live alone (docs/decisions/053).
 */
export function collectBetweenStartSteps(options: StartupCollectionOptions = {}) {
  const growthBytes = options.growthBytes ?? IDLE_MEMORY_DEFAULTS.growthBytes
  const rss = options.rss ?? (() => process.memoryUsage.rss())
  const collect = options.collect ?? memoryReducingCollection()
  let baseline = rss()
  return () => {
    if (rss() - baseline >= growthBytes) collect()
    baseline = rss()
  }
}

/** Watches `server`'s requests and collects when it goes quiet; the result stops watching. */
export function releaseMemoryWhenIdle(server: Server, options: IdleMemoryOptions = {}) {
  const quietMs = options.quietMs ?? IDLE_MEMORY_DEFAULTS.quietMs
  const growthBytes = options.growthBytes ?? IDLE_MEMORY_DEFAULTS.growthBytes
  const isBusy = options.isBusy ?? (() => false)
  const busyMaxMs = options.busyMaxMs ?? IDLE_MEMORY_DEFAULTS.busyMaxMs
  const rss = options.rss ?? (() => process.memoryUsage.rss())
  const collect = options.collect ?? memoryReducingCollection()
  const now = options.now ?? Date.now

  let baseline = rss()
  let open = 0
  let lastActivity = now()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  const check = () => {
    timer = undefined
    if (open > 0) return
    const quietFor = now() - lastActivity
    if (quietFor < quietMs) return arm(quietMs - quietFor)
    if (isBusy() && quietFor < busyMaxMs) return arm(Math.min(quietMs, busyMaxMs - quietFor))
    if (rss() - baseline < growthBytes) return
    collect()
    baseline = rss()
  }
  const arm = (delay: number) => {
    timer = setTimeout(check, delay)
    timer.unref()
  }
  const onRequest = (_request: unknown, response: NodeJS.EventEmitter) => {
    open++
    response.once('close', () => {
      open--
      lastActivity = now()
      if (open === 0 && !timer && !stopped) arm(quietMs)
    })
  }

  server.on('request', onRequest)
  return () => {
    stopped = true
    server.off('request', onRequest)
    clearTimeout(timer)
  }
}
