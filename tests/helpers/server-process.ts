/**
 * Starts the production build (`node build/server/main.mjs`) as a child process with a given
 * environment on a free port, the way an operator runs it, so system tests can kill, stop and
 * restart real servers. The build is made once (under a lock) when it is missing or was made from
 * other sources (the stamp `npm start` checks too).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { cp, mkdir, mkdtemp, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { isBuildCurrent } from '#scripts/lib/build-stamp.ts'
import { BUILD_DIR, MIGRATIONS_DIR, ROOT_DIR } from '#server/lib/paths.ts'

const SERVER_ENTRY = path.join(BUILD_DIR, 'server', 'main.mjs')
/**
 * The Node flags and the environment `npm start` runs the server with (package.json; also the
 * Dockerfile and the systemd unit), so tests and the bench measure what ships. Sized for a 512 MB
 * server (docs/decisions/009-embedded-database-memory.md): the old-generation cap, a small young
 * generation, the embedded database's WebAssembly compiled by the optimising compiler only (no
 * baseline copy of its code), and two malloc arenas instead of one per thread.
 */
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=160',
  '--max-semi-space-size=1',
  '--no-liftoff',
  '--enable-source-maps',
]
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' }
const LOCK_PREFIX = path.join(
  os.tmpdir(),
  `site-tests-${createHash('sha256').update(ROOT_DIR).digest('hex').slice(0, 12)}`,
)
const LOCK_STALE_MS = 10 * 60_000
/** How long stop() waits for a graceful exit before SIGKILL: a safety net, not a deadline. */
const STOP_GRACE_MS = 120_000

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function mtimeMs(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs
  } catch {
    return 0
  }
}

/** Runs `work` while holding a lock shared by every test process of this checkout. */
async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(lock)
      break
    } catch {
      const age = Date.now() - (await mtimeMs(lock))
      if (age > LOCK_STALE_MS) await rmdir(lock).catch(() => {})
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  try {
    return await work()
  } finally {
    await rmdir(lock).catch(() => {})
  }
}

/** Runs `npm run build` when the build is missing or stale; concurrent test files take turns. */
export async function ensureBuild(): Promise<void> {
  if (await isBuildCurrent()) return
  await withLock(`${LOCK_PREFIX}-build.lock`, async () => {
    if (await isBuildCurrent()) return
    await promisify(execFile)('npm', ['run', 'build'], {
      cwd: ROOT_DIR,
      maxBuffer: 64 * 1024 * 1024,
    })
  })
}

const READY_MARKER = '.template-ready'

/**
 * A new DATA_DIR that already holds a created and migrated embedded database, copied from a
 * template made once per set of migrations. Creating an embedded database costs seconds of CPU
 * (far more on a busy machine); copying one costs milliseconds.
 */
export async function freshDataDir(prefix = 'site-system-'): Promise<string> {
  const journal = await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'))
  const pglite = await readFile(
    path.join(ROOT_DIR, 'node_modules/@electric-sql/pglite/package.json'),
  )
  const key = createHash('sha256')
    .update(ROOT_DIR)
    .update(journal)
    .update(pglite)
    .digest('hex')
    .slice(0, 16)
  const template = path.join(os.tmpdir(), `site-pglite-template-${key}`)
  if (!(await mtimeMs(path.join(template, READY_MARKER)))) {
    await withLock(`${LOCK_PREFIX}-template.lock`, async () => {
      if (await mtimeMs(path.join(template, READY_MARKER))) return
      const staging = await mkdtemp(path.join(os.tmpdir(), 'site-pglite-staging-'))
      const database = await openDatabase({ kind: 'pglite', dir: path.join(staging, 'pglite') })
      await migrateDatabase(database)
      await database.close()
      await writeFile(path.join(staging, READY_MARKER), '')
      await rm(template, { recursive: true, force: true })
      await rename(staging, template)
    })
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  await cp(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true })
  return dir
}

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
  const childEnv: Record<string, string> = { ...SERVER_ENV, LOG_LEVEL: 'info', HOST: '127.0.0.1' }
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

export interface CallResult {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown
  ms: number
}

export interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
  timeoutMs?: number
}

/** One HTTP request to a running server; JSON in and out. Network failures reject. */
export async function call(
  baseUrl: string,
  method: string,
  urlPath: string,
  { body, headers = {}, timeoutMs = 15_000 }: CallOptions = {},
): Promise<CallResult> {
  const started = performance.now()
  const isForm = body instanceof FormData
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers:
      body === undefined || isForm ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, headers: res.headers, text, json, ms: performance.now() - started }
}

/** Runs `tasks` with at most `concurrency` of them in flight at once; results keep their order. */
export async function inPool<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await task(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return results
}

/** Every stored message id, read page by page through the admin API. */
export async function allMessageIds(baseUrl: string, adminToken: string): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await call(baseUrl, 'GET', `/api/messages/admin?page=${page}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
    if (res.status !== 200)
      throw new Error(`GET /api/messages/admin?page=${page}: ${res.status} ${res.text}`)
    const body = res.json as { messages: { _id: string }[]; pages: number }
    for (const m of body.messages) ids.add(m._id)
    pages = body.pages
  }
  return ids
}
