/**
 * A lock shared by every test process of this checkout (a directory under the system's temp
 * folder), so concurrent test files take turns at work that must happen once: the build, a template.
 */
import { createHash } from 'node:crypto'
import { mkdir, rmdir, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ROOT_DIR } from '#server/lib/paths.ts'

const LOCK_PREFIX = path.join(
  os.tmpdir(),
  `site-tests-${createHash('sha256').update(ROOT_DIR).digest('hex').slice(0, 12)}`,
)
/** A lock older than this was left by a killed process and is taken over. */
const LOCK_STALE_MS = 10 * 60_000
const RETRY_MS = 250

/** The file's modification time, or 0 when it does not exist. */
export async function mtimeMs(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs
  } catch {
    return 0
  }
}

/** Runs `work` while holding the checkout's lock called `name`. */
export async function withCheckoutLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = `${LOCK_PREFIX}-${name}.lock`
  // Taking a lock, not polling for a result: the holder may be a build that takes minutes.
  for (;;) {
    try {
      await mkdir(lock)
      break
    } catch {
      const age = Date.now() - (await mtimeMs(lock))
      if (age > LOCK_STALE_MS) await rmdir(lock).catch(() => {})
      await new Promise((r) => setTimeout(r, RETRY_MS))
    }
  }
  try {
    return await work()
  } finally {
    await rmdir(lock).catch(() => {})
  }
}
