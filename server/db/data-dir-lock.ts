/**
 * One process at a time owns an embedded database folder: two PGlite instances on one folder each
 * keep their own copy of the database in memory, and the last to write its files wins. The owner
 * holds `<folder>.lock`, a file naming its process id; a lock whose process is gone (a crash,
 * `kill -9`) is stale and is taken over. This file does not wait for a lock: a caller that finds one
 * held decides what to do (refuse, or go through the running server).
 */
import { readFileSync, rmSync } from 'node:fs'
import { link, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Who holds the lock: the server serves the local channel; a tool works on the folder directly. */
export type LockHolderRole = 'server' | 'tool'

export interface LockHolder {
  pid: number
  role: LockHolderRole
  /**
   * The process's start time in clock ticks since boot (Linux `/proc/<pid>/stat`), so a process id
   * reused after a crash, by another program or in a restarted container, is not taken for the
   * owner. Absent where `/proc` is not available.
   */
  startTicks?: number
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      holder.role === 'server'
        ? `The site is running on ${dir} (pid ${holder.pid}): stop it first, or use another DATA_DIR.`
        : `The embedded database in ${dir} is in use by a command-line tool (pid ${holder.pid}): ` +
            'wait for it to finish, then try again.',
    )
  }
}

export interface DataDirLock {
  readonly file: string
  /** Removes the lock file if it is still ours. */
  release(): Promise<void>
}

/** Taking over a stale lock can meet another process doing the same: a few rounds settle it. */
const MAX_ATTEMPTS = 3

export const lockFileOf = (dir: string) => `${path.resolve(dir)}.lock`

/** Lock files this process holds: its own process id in a lock file is otherwise a leftover. */
const heldHere = new Set<string>()

function startTicksOf(pid: number | 'self'): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which is in parentheses and may hold spaces; starttime is the
    // 22nd field, the 20th after the name.
    const value = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
    return Number.isFinite(value) ? value : undefined
  } catch {
    return undefined
  }
}

function isAlive(holder: LockHolder, file: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(file)
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (holder.startTicks === undefined) return true
  const ticks = startTicksOf(holder.pid)
  return ticks === undefined || ticks === holder.startTicks
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (!Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0) return undefined
    return {
      pid: value.pid!,
      role: value.role === 'server' ? 'server' : 'tool',
      ...(typeof value.startTicks === 'number' ? { startTicks: value.startTicks } : {}),
    }
  } catch {
    return undefined
  }
}

/** The live process holding the folder's lock, or undefined when the folder is free (or the lock stale). */
export async function readLockHolder(dir: string): Promise<LockHolder | undefined> {
  const file = lockFileOf(dir)
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  const holder = text === undefined ? undefined : parseHolder(text)
  return holder && isAlive(holder, file) ? holder : undefined
}

/**
 * Takes the folder's lock for this process, replacing a stale one. Throws DataDirLockedError when a
 * live process holds it. The lock is released by `release()`, or when the process exits.
 */
export async function acquireDataDirLock(dir: string, role: LockHolderRole): Promise<DataDirLock> {
  const file = lockFileOf(dir)
  const holder: LockHolder = { pid: process.pid, role }
  const ticks = startTicksOf('self')
  if (ticks !== undefined) holder.startTicks = ticks
  // Written in full under a private name, then linked into place: linking fails if the lock exists,
  // and nobody ever reads a half-written lock file.
  const draft = `${file}.${process.pid}.tmp`
  await writeFile(draft, JSON.stringify(holder), { mode: 0o600 })
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await link(draft, file)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const current = await readLockHolder(dir)
      if (current) throw new DataDirLockedError(dir, current)
      if (attempt === MAX_ATTEMPTS) throw new Error(`Could not take the lock ${file}`)
      await rm(file, { force: true })
    }
  } finally {
    await rm(draft, { force: true })
  }
  heldHere.add(file)
  const releaseNow = () => {
    if (!heldHere.delete(file)) return
    try {
      if (parseHolder(readFileSync(file, 'utf8'))?.pid === process.pid)
        rmSync(file, { force: true })
    } catch {
      // Already gone.
    }
  }
  process.once('exit', releaseNow)
  return {
    file,
    release: async () => {
      process.off('exit', releaseNow)
      releaseNow()
    },
  }
}
