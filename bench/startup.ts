/**
 * Start-up time as an operator sees it: from spawning `node build/server/main.mjs` to the first 200
 * of /api/health, polled every few milliseconds. Measured once on an empty data folder (PGlite
 * creates its database) and then several times on the database that first start left behind.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BUILD_DIR, ROOT_DIR } from '#server/lib/paths.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#tests/helpers/server-process.ts'
import { watchPeakMemory } from './measure.ts'

const POLL_MS = 5
const TIMEOUT_MS = 300_000
const RUNS = 5

/**
 * Starts the server as `npm start` does (same Node flags) and times it to its first healthy
 * answer; also returns its peak memory (children included) over that start and its RSS then.
 */
export async function timeOneStart(
  env: Record<string, string | undefined>,
): Promise<{ ms: number; peakMb: number }> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(BUILD_DIR, 'server', 'main.mjs')],
    {
      cwd: ROOT_DIR,
      env: { PATH: process.env.PATH, ...SERVER_ENV, ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const watch = watchPeakMemory(child.pid!)
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) break
      if (performance.now() - started > TIMEOUT_MS) throw new Error('server not healthy in time')
      await new Promise((r) => setTimeout(r, POLL_MS))
    }
    const ms = performance.now() - started
    return { ms, peakMb: await watch.stop() }
  } finally {
    await watch.stop()
    child.kill('SIGTERM')
    await exited
  }
}

/**
 * Start-up as the README's command gives it: from spawning `npm start` (which first checks that
 * the build is current) to the first 200 of /api/health.
 */
async function timeNpmStart(env: Record<string, string | undefined>): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) return performance.now() - started
      if (performance.now() - started > TIMEOUT_MS) throw new Error('server not healthy in time')
      await new Promise((r) => setTimeout(r, POLL_MS))
    }
  } finally {
    // npm, its shell and the server are one process group.
    process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
}

/** RSS of a process that only opens PGlite on `dir` and runs one query: what PGlite itself costs. */
async function barePgliteRss(dir: string): Promise<number> {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite')
    const db = await PGlite.create({ dataDir: ${JSON.stringify(dir)} })
    await db.query('select count(*) from websites')
    const status = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8')
    console.log(/^VmHWM:\\s+(\\d+)/m.exec(status)[1])
    await db.close()`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  await new Promise((resolve) => child.once('exit', resolve))
  return Number(output.trim()) / 1024
}

export async function measureStartup({
  env,
}: {
  env: (dataDir: string) => Record<string, string | undefined>
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-startup-'))
  try {
    const first = await timeOneStart(env(dataDir))
    const existing: number[] = []
    let peakMb = 0
    for (let i = 0; i < RUNS; i++) {
      const run = await timeOneStart(env(dataDir))
      existing.push(run.ms)
      peakMb = Math.max(peakMb, run.peakMb)
    }
    const npmStart: number[] = []
    for (let i = 0; i < RUNS; i++) npmStart.push(await timeNpmStart(env(dataDir)))
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const sorted = [...existing].sort((a, b) => a - b)
    return {
      firstMs: first.ms,
      firstPeakMb: first.peakMb,
      existingMs: existing,
      existingMedianMs: sorted[Math.floor(sorted.length / 2)]!,
      existingPeakMb: peakMb,
      npmStartMs: npmStart,
      npmStartMedianMs: median(npmStart),
      bareRssMb: await barePgliteRss(path.join(dataDir, 'pglite')),
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
