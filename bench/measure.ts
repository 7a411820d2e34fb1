/** Measuring tools for the benchmark: load runs (autocannon), sequential latency, process memory. */
import { readFile, writeFile } from 'node:fs/promises'
import autocannon from 'autocannon'

export interface Target {
  name: string
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
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

/** Resident memory of a process in MB: now (VmRSS) and its peak so far (VmHWM). */
export async function processMemory(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

/**
 * Resets a process's peak (VmHWM) to its current RSS (Linux: `5` in /proc/PID/clear_refs), so the
 * next reading is the peak of what ran in between. Returns false where that is not allowed.
 */
async function resetPeakMemory(pid: number): Promise<boolean> {
  return writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  )
}

/** Runs `fn` and returns its result with the process's peak RSS (MB) while it ran. */
export async function withPeakMemory<T>(pid: number, fn: () => Promise<T>) {
  const isolated = await resetPeakMemory(pid)
  const value = await fn()
  const { peakMb } = await processMemory(pid)
  return { value, peakMb: isolated ? peakMb : NaN }
}
