/**
 * Starts the production build (`node build/server/main.mjs`) as a child process with a given
 * environment on a free port, the way an operator runs it, so system tests can kill, stop and
 * restart real servers.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { BUILD_DIR, ROOT_DIR } from '#server/lib/paths.ts'
import { ensureBuild } from './build.ts'
import { freePort } from './free-port.ts'

const SERVER_ENTRY = path.join(BUILD_DIR, 'server', 'main.mjs')
/**
 * The Node flags and the environment `npm start` runs the server with (package.json; also the
 * Dockerfile and the systemd unit), so tests and the bench measure what ships. Sized for a 512 MB
 * server (docs/decisions/009, 028 and 037): the old-generation cap, a 4 MB young generation, the
 * embedded database's WebAssembly compiled once by the fast baseline compiler and never again by
 * the optimising one, two malloc arenas instead of one per thread, and allocations of 32 KB and
 * more given back to the system once freed.
 */
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=160',
  '--max-semi-space-size=4',
  '--no-wasm-dynamic-tiering',
  '--no-wasm-tier-up',
]
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '65536',
}
/** How long stop() waits for a graceful exit before SIGKILL: a safety net, not a deadline. */
const STOP_GRACE_MS = 120_000

interface LogLine {
  level?: number
  msg?: string
  [key: string]: unknown
}

export interface ServerProcess {
  url: string
  port: number
  pid: number
  child: ChildProcess
  /** Everything the process printed so far. */
  output(): string
  /** The JSON (pino) lines the process printed so far. */
  logLines(): LogLine[]
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  isRunning(): boolean
  /**
   * Sends `signal` and waits for the exit; SIGKILL only after `timeoutMs`, a safety net far beyond
   * a graceful stop on a busy machine (a test that needs exit code 0 fails if it is reached).
   */
  stop(
    signal?: NodeJS.Signals,
    timeoutMs?: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export interface StartServerOptions {
  env: Record<string, string | undefined>
  port?: number
  /** How long to wait for a 200 from /api/health. */
  readyTimeoutMs?: number
}

const running = new Set<ServerProcess>()

/**
 * Starts the built server and resolves once /api/health answers 200. Without a given port it takes
 * a free one; when another process took that port between the check and the server's listen, the
 * server exits with EADDRINUSE and is started again on another.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options)
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('EADDRINUSE')
      if (options.port !== undefined || !portTaken || attempt === 3) throw error
    }
  }
}

async function startServerOnce({
  env,
  port,
  readyTimeoutMs = 150_000,
}: StartServerOptions): Promise<ServerProcess> {
  await ensureBuild()
  const listenPort = port ?? (await freePort())
  // Only the given variables: nothing of the test runner's own environment leaks into the server.
  // The scheduled link check stays off unless a test turns it on: test sites' portfolio links point
  // nowhere, and a check landing mid-test would change what the test compares.
  const childEnv: Record<string, string> = {
    ...SERVER_ENV,
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    LINK_CHECK_INTERVAL_HOURS: '0',
  }
  for (const [key, value] of Object.entries(env)) if (value !== undefined) childEnv[key] = value
  childEnv.PORT = String(listenPort)

  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT_DIR,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const chunks: string[] = []
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk))
  let alive = true
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      alive = false
      resolve({ code, signal })
    })
  })

  const server: ServerProcess = {
    url: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    pid: child.pid!,
    child,
    output: () => chunks.join(''),
    logLines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as LogLine]
          } catch {
            return []
          }
        }),
    exited,
    isRunning: () => alive,
    async stop(signal = 'SIGTERM', timeoutMs = STOP_GRACE_MS) {
      if (alive) {
        child.kill(signal)
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
        const result = await exited
        clearTimeout(timer)
        running.delete(server)
        return result
      }
      running.delete(server)
      return exited
    },
  }
  running.add(server)

  // A loop rather than vi.waitFor: the benchmark and the scripts start servers outside Vitest, and
  // the wait ends at once when the process exits.
  const deadline = Date.now() + readyTimeoutMs
  for (;;) {
    if (!alive) {
      running.delete(server)
      throw new Error(`server exited before it was ready:\n${server.output().slice(-4000)}`)
    }
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) })
      if (res.status === 200) return server
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop('SIGKILL')
      throw new Error(
        `server not healthy within ${readyTimeoutMs} ms:\n${server.output().slice(-4000)}`,
      )
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Kills every server this test file started and has not stopped (for afterAll). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')))
}
