/**
 * Reads a busy-calendar feed's text into busy times in a worker thread of its own, started for the
 * read and ended after it: a feed that takes long or much memory to read costs that thread, never
 * the server's, which goes on answering; nothing is held between reads. The worker is ended after
 * LIMITS.timeMs, or by V8 once its heap passes LIMITS.heapMb, and is given at most
 * BUSY_CALENDAR_MAX_BYTES, which those limits fit: a 2 MB feed (14,000 to 33,000 events, with and
 * without TZID) takes 1 to 2 s of CPU and a heap of 44 to 56 MB.
 *
 * A process started with --max-old-space-size (npm start, the Dockerfile) gives every worker that
 * heap instead, as V8 lets the flag win over a worker's resourceLimits: there the worker's ceiling
 * is the server's own, and what bounds its need is the size cap and the steps ical.js may take
 * (busy-calendar.ts).
 *
 * The worker's file is busy-calendar.worker.ts beside this one when the server runs from source
 * (tsx, Vitest: Node strips its types), and the bundle's busy-calendar.worker.mjs, an entry point
 * of its own in scripts/build-server.ts, when it runs from the build.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { BUILD_DIR } from '#server/lib/paths.ts'
import type { BusyCalendarRequest, BusyTimes } from './busy-calendar.ts'
import type { BusyCalendarReply } from './busy-calendar.worker.ts'

/** The largest feed read. */
export const BUSY_CALENDAR_MAX_BYTES = 2 * 1024 * 1024

export interface BusyCalendarLimits {
  /** The worker is ended after this long. */
  timeMs: number
  /** Its heap (V8's old generation); past it, the worker is ended. */
  heapMb: number
}

const LIMITS: BusyCalendarLimits = { timeMs: 10_000, heapMb: 96 }
/** The worker's young generation (V8's default would let it reach three times its old one). */
const YOUNG_GENERATION_MB = 16

const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./busy-calendar.worker.ts', import.meta.url)
  : pathToFileURL(path.join(BUILD_DIR, 'server', 'busy-calendar.worker.mjs'))

/** The busy times, or why the feed was not read: a sentence for the owner (and the cause to log). */
export type BusyCalendarRead = BusyTimes | { error: string; cause?: unknown }

/**
 * Reads `request.text` in a worker within `limits`. Never throws; `signal` ends the read (and the
 * worker) at once.
 */
export function readBusyCalendar(
  request: BusyCalendarRequest,
  { signal, limits = LIMITS }: { signal?: AbortSignal; limits?: BusyCalendarLimits } = {},
): Promise<BusyCalendarRead> {
  if (Buffer.byteLength(request.text) > BUSY_CALENDAR_MAX_BYTES)
    return Promise.resolve({
      error: `The calendar feed is larger than ${BUSY_CALENDAR_MAX_BYTES / 1024 / 1024} MB`,
    })
  if (signal?.aborted) return Promise.resolve({ error: 'The read was stopped' })
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, {
      workerData: request,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    })
    let isDone = false
    const finish = (result: BusyCalendarRead) => {
      if (isDone) return
      isDone = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
      void worker.terminate()
      resolve(result)
    }
    const timer = setTimeout(
      () => finish({ error: `Reading the calendar took longer than ${limits.timeMs / 1000} s` }),
      limits.timeMs,
    )
    const stop = () => finish({ error: 'The read was stopped' })
    signal?.addEventListener('abort', stop, { once: true })
    worker.once('message', (reply: BusyCalendarReply) =>
      finish('read' in reply ? reply.read : reply),
    )
    worker.once('error', (cause: Error & { code?: string }) =>
      finish(
        cause.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { error: `Reading the calendar needed more than ${limits.heapMb} MB of memory` }
          : { error: 'The calendar could not be read (a fault on the site)', cause },
      ),
    )
    worker.once('exit', (code) =>
      finish({
        error: 'The calendar could not be read (a fault on the site)',
        cause: new Error(`The busy-calendar worker exited with code ${code} before answering`),
      }),
    )
  })
}
