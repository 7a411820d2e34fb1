/** Starts the production build as a child process on a free port, for scripts that measure it. */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    )
  })
}

export interface RunningServer {
  url: string
  child: ChildProcess
  dataDir: string
  stop(): Promise<void>
}

export async function startProductionServer(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'site-measure-')))
  const url = `http://127.0.0.1:${port}`
  const child = spawn('node', ['build/server/main.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error('server did not become healthy')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    child,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
