import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockFileOf,
  readLockHolder,
} from './data-dir-lock.ts'

let parent: string
let dir: string

beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'site-lock-'))
  dir = path.join(parent, 'pglite')
})

afterEach(async () => {
  await rm(parent, { recursive: true, force: true })
})

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await once(child, 'exit')
  return child.pid!
}

describe('acquireDataDirLock', () => {
  it('writes its pid and role beside the folder, and removes the file on release', async () => {
    const lock = await acquireDataDirLock(dir, 'server')
    expect(lock.file).toBe(`${dir}.lock`)
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({
      pid: process.pid,
      role: 'server',
    })
    expect(await readLockHolder(dir)).toMatchObject({ pid: process.pid, role: 'server' })
    await lock.release()
    expect(await readLockHolder(dir)).toBeUndefined()
    await expect(readFile(lockFileOf(dir))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses while a live process holds the lock, naming it', async () => {
    await writeFile(lockFileOf(dir), JSON.stringify({ pid: process.ppid, role: 'server' }))
    const error = await acquireDataDirLock(dir, 'tool').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DataDirLockedError)
    expect((error as Error).message).toBe(
      `The site is running on ${dir} (pid ${process.ppid}): stop it first, or use another DATA_DIR.`,
    )
    expect(JSON.parse(await readFile(lockFileOf(dir), 'utf8'))).toMatchObject({
      pid: process.ppid,
    })
  })

  it('refuses a second lock within the same process', async () => {
    const lock = await acquireDataDirLock(dir, 'tool')
    await expect(acquireDataDirLock(dir, 'tool')).rejects.toBeInstanceOf(DataDirLockedError)
    await lock.release()
  })

  it.each([
    [
      'a process that has exited',
      async () => JSON.stringify({ pid: await deadPid(), role: 'server' }),
    ],
    ['an earlier process with this pid', async () => JSON.stringify({ pid: process.pid })],
    ['an unreadable file', async () => 'not json'],
  ])('takes over a lock left by %s', async (_label, content) => {
    await writeFile(lockFileOf(dir), await content())
    const lock = await acquireDataDirLock(dir, 'server')
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid })
    await lock.release()
  })

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now belongs to a process started later',
    async () => {
      await writeFile(
        lockFileOf(dir),
        JSON.stringify({ pid: process.ppid, role: 'server', startTicks: 1 }),
      )
      const lock = await acquireDataDirLock(dir, 'server')
      await lock.release()
    },
  )
})
