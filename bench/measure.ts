/** Measuring tools for the benchmark: load runs (autocannon), sequential latency, process memory. */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import autocannon from 'autocannon'

export interface Target {
  name: string
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Connections for this target when not the run's (the contact form is loaded by fewer). */
  connections?: number
  /** Shown next to the figures, e.g. the rule the target is held to. */
  kind: 'api-read' | 'page' | 'admin-read' | 'uncached-read' | 'write'
}

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
  non2xx: number
}

export interface LoadOptions {
  connections: number
  durationSeconds: number
  warmupSeconds: number
}

async function cannon(
  url: string,
  target: Pick<Target, 'method' | 'headers' | 'body'>,
  connections: number,
  duration: number,
) {
  return autocannon({
    url,
    connections,
    duration,
    method: target.method ?? 'GET',
    headers: { 'accept-encoding': 'br, gzip', ...target.headers },
    body: target.body,
  })
}

/** A short unrecorded warm-up (JIT, caches, pool), then the measured run. */
export async function loadTest(
  baseUrl: string,
  target: Target,
  options: LoadOptions,
): Promise<LoadResult> {
  const url = `${baseUrl}${target.path}`
  if (options.warmupSeconds > 0)
    await cannon(url, target, options.connections, options.warmupSeconds)
  const result = await cannon(url, target, options.connections, options.durationSeconds)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/**
 * Median wall time of `count` sequential requests after a few warm-up ones: on the loopback
 * interface with no concurrency this is the server's own time plus a fraction of a millisecond.
 */
export async function sequentialMedian(
  baseUrl: string,
  target: Target,
  count = 20,
): Promise<number> {
  const once = async () => {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${target.path}`, {
      method: target.method ?? 'GET',
      headers: { 'accept-encoding': 'br, gzip', ...target.headers },
      body: target.body,
    })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${target.name}: HTTP ${response.status}`)
    return performance.now() - started
  }
  for (let i = 0; i < 5; i++) await once()
  const times: number[] = []
  for (let i = 0; i < count; i++) times.push(await once())
  times.sort((a, b) => a - b)
  const mid = Math.floor(times.length / 2)
  return times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2
}

/** The ids of `pid` and of all its descendants (Linux: /proc/PID/task/TID/children). */
async function processTree(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[])
  const children = await Promise.all(
    tasks.map((tid) =>
      readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').then(
        (text) => text.split(/\s+/).filter(Boolean).map(Number),
        () => [] as number[],
      ),
    ),
  )
  const below = await Promise.all(children.flat().map(processTree))
  return [pid, ...below.flat()]
}

/**
 * Resident memory in MB of a process with its child processes: now (VmRSS) and the sum of their
 * peaks so far (VmHWM, which the kernel keeps per process, so no short spike is missed).
 */
export async function processMemory(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  let rssKb = 0
  let peakKb = 0
  for (const id of await processTree(pid)) {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '')
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
    rssKb += kb('VmRSS')
    peakKb += kb('VmHWM')
  }
  return { rssMb: rssKb / 1024, peakMb: peakKb / 1024 }
}

/** A WebAssembly memory's reservation: V8 maps 8 GiB of guard pages above a 32-bit memory. */
const WASM_GUARD_BYTES = 4 * 1024 ** 3

/**
 * Two parts of a process tree's resident memory, in MB, read from /proc/PID/smaps:
 * - `wasmMb`, the WebAssembly memories (the embedded database's heap): the readable part of each
 *   reservation, the mapping just below a guard of WASM_GUARD_BYTES or more. A WebAssembly memory
 *   never shrinks, so this is what the database has held at its fullest.
 * - `mallocHeapMb`, C's heap (`[heap]`: what ICU, zlib and the native modules allocate in small
 *   pieces), which gives back only what is free at its top.
 */
export async function memoryParts(pid: number): Promise<{ wasmMb: number; mallocHeapMb: number }> {
  let wasmKb = 0
  let heapKb = 0
  for (const id of await processTree(pid)) {
    const smaps = await readFile(`/proc/${id}/smaps`, 'utf8').catch(() => '')
    let previous: { end: number; rssKb: number; readable: boolean; name: string } | undefined
    let current: typeof previous
    const close = () => {
      if (current?.name === '[heap]') heapKb += current.rssKb
    }
    for (const line of smaps.split('\n')) {
      const range = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \S+\s*(.*)$/.exec(line)
      if (range) {
        close()
        previous = current
        const start = Number.parseInt(range[1]!, 16)
        const end = Number.parseInt(range[2]!, 16)
        if (range[3] === '---p' && end - start >= WASM_GUARD_BYTES && previous?.end === start)
          wasmKb += previous.readable ? previous.rssKb : 0
        current = { end, rssKb: 0, readable: range[3]!.startsWith('r'), name: range[4]! }
        continue
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line)
      if (rss && current) current.rssKb = Number(rss[1])
    }
    close()
  }
  return { wasmMb: wasmKb / 1024, mallocHeapMb: heapKb / 1024 }
}

/**
 * Resets the peak (VmHWM) of a process and its children to their current RSS (Linux: `5` in
 * /proc/PID/clear_refs), so the next reading is the peak of what ran in between. Returns false
 * where that is not allowed.
 */
async function resetPeakMemory(pid: number): Promise<boolean> {
  const results = await Promise.all(
    (await processTree(pid)).map((id) =>
      writeFile(`/proc/${id}/clear_refs`, '5').then(
        () => true,
        () => false,
      ),
    ),
  )
  return results.every(Boolean)
}

/**
 * Polls a process tree's memory every `intervalMs` until `stop()`: the highest summed RSS seen and
 * the summed peaks at the end, whichever is higher (a child that exits takes its VmHWM with it; the
 * polling catches most of it).
 */
export function watchPeakMemory(pid: number, intervalMs = 20) {
  let polledMb = 0
  const timer = setInterval(() => {
    void processMemory(pid).then(({ rssMb }) => (polledMb = Math.max(polledMb, rssMb)))
  }, intervalMs)
  return {
    async stop(): Promise<number> {
      clearInterval(timer)
      const { peakMb } = await processMemory(pid)
      return Math.max(polledMb, peakMb)
    },
  }
}

/** Runs `fn` and returns its result with the process tree's peak RSS (MB) while it ran. */
export async function withPeakMemory<T>(pid: number, fn: () => Promise<T>) {
  const isolated = await resetPeakMemory(pid)
  const watch = watchPeakMemory(pid)
  const value = await fn()
  const peakMb = await watch.stop()
  return { value, peakMb: isolated ? peakMb : NaN }
}
