/**
 * A throwaway PostgreSQL cluster in a temp folder on a free port, for tests that stop and start the
 * database server (the machine's shared service is never touched). PostgreSQL refuses to run as
 * root, so when the tests run as root the server runs as the `postgres` OS user.
 */
import { execFile } from 'node:child_process'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port.ts'

const run = promisify(execFile)

const PG_BIN_DIRS = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
]

async function findPgBin(): Promise<string> {
  for (const dir of PG_BIN_DIRS) {
    try {
      await run(path.join(dir, 'pg_ctl'), ['--version'])
      return dir
    } catch {
      // try the next version
    }
  }
  throw new Error(`no PostgreSQL server binaries in ${PG_BIN_DIRS.join(', ')}`)
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ])
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) }
}

export interface TempPostgres {
  port: number
  /** Connection URL of the cluster's `postgres` database. */
  url: string
  start(): Promise<void>
  /** 'immediate' is a crash-like stop: connections are cut at once. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  destroy(): Promise<void>
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = await findPgBin()
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-pg-'))
  const dataDir = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? await postgresIds() : undefined
  if (owner) await chown(dir, owner.uid, owner.gid)

  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir })
      : run(path.join(bin, tool), args, { cwd: dir })

  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const port = await freePort()
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    // No fsync: only the server process is stopped, never the machine, so the OS keeps every
    // write. synchronous_commit stays on: without it, a crash-like stop loses committed rows.
    '-c fsync=off',
    '-c full_page_writes=off',
  ].join(' ')

  const cluster: TempPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        serverOptions,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-t',
        '30',
        'start',
      ])
    },
    async stop(mode = 'fast') {
      await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'])
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
  await cluster.start()
  return cluster
}
