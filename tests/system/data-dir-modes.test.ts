/**
 * Everything the product keeps under DATA_DIR (the embedded database with its write-ahead log, the
 * mail outbox with live reset links) and every backup is readable by its owner only, whatever the
 * umask the server was started with, and also when an older version left them readable by all.
 */
import { execFile } from 'node:child_process'
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers } from '#tests/helpers/server-process.ts'

const ADMIN = { email: 'owner@modes.test', password: 'Modes!Owner1' }
/** The usual default umask: without care, new files come out readable by everyone. */
const PERMISSIVE_UMASK = 0o022

const dirs: string[] = []
let previousUmask: number

beforeAll(() => {
  // Children inherit it: the server and the backup command start with this umask.
  previousUmask = process.umask(PERMISSIVE_UMASK)
})

afterAll(async () => {
  process.umask(previousUmask)
  await stopAllServers()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

/** Every entry under `root` (itself included) that its group or others may read, write or enter. */
async function entriesOpenToOthers(root: string): Promise<string[]> {
  const open: string[] = []
  const walk = async (target: string) => {
    const stats = await lstat(target)
    if (stats.isSymbolicLink()) return
    if ((stats.mode & 0o077) !== 0)
      open.push(`${path.relative(root, target) || '.'} ${(stats.mode & 0o777).toString(8)}`)
    if (stats.isDirectory())
      for (const name of await readdir(target)) await walk(path.join(target, name))
  }
  await walk(root)
  return open
}

/** Makes every folder 0755 and every file 0644, as an older version or a plain copy leaves them. */
async function openToEveryone(target: string): Promise<void> {
  const stats = await lstat(target)
  await chmod(target, stats.isDirectory() ? 0o755 : 0o644)
  if (stats.isDirectory())
    for (const name of await readdir(target)) await openToEveryone(path.join(target, name))
}

/** Runs the site: the admin asks for a reset link (a mail in the outbox), then a graceful stop. */
async function runSiteOnce(dataDir: string) {
  const server = await startServer({
    env: {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  })
  const res = await call(server.url, 'POST', '/api/users/forget-password', {
    body: { email: ADMIN.email },
  })
  expect(res.status).toBe(200)
  // A graceful stop finishes the mail written after answering.
  expect((await server.stop()).code).toBe(0)
}

describe('DATA_DIR file modes', () => {
  it('creates a new DATA_DIR, its database and its outbox owner-only', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'site-modes-'))
    dirs.push(parent)
    const dataDir = path.join(parent, 'data')

    await runSiteOnce(dataDir)

    expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(1)
    expect(await entriesOpenToOthers(dataDir)).toEqual([])
  }, 300_000)

  it('makes an existing DATA_DIR left readable by everyone owner-only at start', async () => {
    const dataDir = await freshDataDir('site-modes-')
    dirs.push(dataDir)
    await mkdir(path.join(dataDir, 'outbox'))
    await writeFile(path.join(dataDir, 'outbox', 'old-reset-link.eml'), 'a reset link')
    await openToEveryone(dataDir)
    expect((await entriesOpenToOthers(dataDir)).length).toBeGreaterThan(10)

    await runSiteOnce(dataDir)

    expect(await readdir(path.join(dataDir, 'outbox'))).toHaveLength(2)
    expect(await entriesOpenToOthers(dataDir)).toEqual([])

    // A backup (opening the embedded database itself) leaves the folder and its own file private.
    const backup = path.join(dataDir, 'site.jsonl.gz')
    await promisify(execFile)(process.execPath, ['build/server/cli/backup.mjs', '--out', backup], {
      cwd: ROOT_DIR,
      env: { DATA_DIR: dataDir },
      timeout: 60_000,
    })
    expect((await lstat(backup)).mode & 0o777).toBe(0o600)
    expect(await entriesOpenToOthers(dataDir)).toEqual([])
  }, 300_000)
})
